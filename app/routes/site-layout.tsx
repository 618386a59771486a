import { isRouteErrorResponse, Outlet } from "react-router";
import { NotFoundContent, UnexpectedErrorContent } from "~/components/layout/error-pages";
import { SiteFooter } from "~/components/layout/site-footer";
import { SiteHeader } from "~/components/layout/site-header";
import type { Route } from "./+types/site-layout";

function SiteShell({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <SiteHeader />
      <main id="main" className="flex-1">
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}

export default function SiteLayout() {
  return (
    <SiteShell>
      <Outlet />
    </SiteShell>
  );
}

/** Errors below the layout keep the header, footer and crisis resources around them. */
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
