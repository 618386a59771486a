import { data, Link, Outlet, useLocation } from "react-router";
import { RouteErrorContent } from "~/components/layout/error-pages";
import { requireUser } from "~/lib/guards";
import { isAdmin } from "~/shared/accounts";
import { ADMIN_PAGES, ADMIN_TEXTS, adminPageAt } from "~/shared/admin";
import { PATHS } from "~/shared/routes";
import type { Route } from "./+types/admin-layout";

/** Middleware, so the guard runs on the server before any of the pages' loaders and actions. */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ context }, next) => {
    const user = requireUser(context);
    if (!isAdmin(user)) throw data(ADMIN_TEXTS.forbidden, { status: 403 });
    return next();
  },
];

export default function AdminLayout() {
  const { pathname } = useLocation();
  const current = adminPageAt(pathname);
  return (
    <section className="mx-auto max-w-5xl px-4 py-8">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">{current?.title}</h1>
        {/* The one on screen is the heading. */}
        <nav aria-label={ADMIN_TEXTS.navLabel} className="flex flex-wrap gap-4">
          {ADMIN_PAGES.filter((page) => page !== current).map((page) => (
            <Link
              key={page.path}
              to={page.path}
              className="inline-flex min-h-6 items-center text-sm font-semibold text-brand-700 underline underline-offset-2"
            >
              {page.title}
            </Link>
          ))}
        </nav>
      </div>
      <Outlet />
    </section>
  );
}

/** The guard's refusal comes before any loader ran, so it shows with the root's boundary instead. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { pathname } = useLocation();
  return (
    <RouteErrorContent
      error={error}
      title={adminPageAt(pathname)?.title ?? ADMIN_PAGES[0].title}
      fallback={ADMIN_TEXTS.failed}
      link={{ to: PATHS.chat, label: ADMIN_TEXTS.backToMessages }}
    />
  );
}
