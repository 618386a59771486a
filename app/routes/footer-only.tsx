import { SiteFooter } from "~/components/layout/site-footer";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/footer-only";

export function meta({ matches, location }: Route.MetaArgs) {
  return [
    ...pageMeta({ matches, pathname: location.pathname, title: "Footer", description: "The site footer on its own." }),
    { name: "robots", content: "noindex" },
  ];
}

/** Spec section 2, Routes. */
export default function FooterOnly() {
  return <SiteFooter />;
}
