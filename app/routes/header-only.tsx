import { SiteHeader } from "~/components/layout/site-header";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/header-only";

export function meta({ matches, location }: Route.MetaArgs) {
  return [
    ...pageMeta({ matches, pathname: location.pathname, title: "Header", description: "The site header on its own." }),
    { name: "robots", content: "noindex" },
  ];
}

/** Spec section 2, Routes. */
export default function HeaderOnly() {
  return <SiteHeader />;
}
