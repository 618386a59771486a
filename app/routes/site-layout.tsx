import { isRouteErrorResponse, Outlet } from "react-router";
import { NotFoundContent, UnexpectedErrorContent } from "~/components/layout/error-pages";
import { SiteShell } from "~/components/layout/site-shell";
import type { Route } from "./+types/site-layout";

export default function SiteLayout() {
  return (
    <SiteShell>
      <Outlet />
    </SiteShell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <SiteShell>
        <NotFoundContent />
      </SiteShell>
    );
  }
  console.error(error);
  return (
    <SiteShell>
      <UnexpectedErrorContent />
    </SiteShell>
  );
}
