import { AUTH_FORMS_URL, BOOT_SCRIPT, PAGE_ANALYTICS_URL, PUBLIC_PAGE_URL } from "virtual:page-scripts";
import { lazy, Suspense, useEffect, useRef } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  redirect,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  useRouteLoaderData,
} from "react-router";
import { lookUpSession } from "~worker/auth/session";
import { getConfig } from "~worker/config";
import { requestCrisisHelp } from "~worker/crisis-help/visitor-help";
import { canUseDesk } from "~worker/desk/listeners";
import { inLanguage } from "~worker/i18n/request-language";
import { requestLanguage } from "~worker/i18n/visitor-language";
import { userInbox } from "~worker/objects/inbox-service";
import { countOpenReports } from "~worker/safety/moderation";
import type { Route } from "./+types/root";
import "./app.css";
import { RefusedPage, UnexpectedErrorPage } from "~/components/layout/error-pages";
import { crisisHelpContext, languageContext, requestPathContext, sessionEndedContext, userContext } from "~/context";
import { useFocusOnNewPage } from "~/hooks/use-focus-on-new-page";
import { trackPageView } from "~/lib/analytics";
import { usePageLanguage } from "~/lib/page-language";
import { type PageScript, pageHydrates, pageScriptsOf, QUICK_EXIT_URL_ATTRIBUTE } from "~/lib/page-scripts";
import { useScriptNonce } from "~/lib/script-nonce";
import { useSignedInUser } from "~/lib/signed-in-user";
import { isAdmin } from "~/shared/accounts";
import { DEFAULT_LANGUAGE, isStaffPage, type Language, LOCALIZED_PATHS, localizedPath } from "~/shared/languages";

// Only signed-in people need the inactivity rules; anonymous visitors never download them.
const InactivityGuard = lazy(() => import("~/components/layout/inactivity-guard"));

/** Who is signed in, once per request, for every loader below (and checked for idleness). */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }, next) => {
    const { session, ended } = await lookUpSession(request);
    context.set(userContext, session?.user ?? null);
    context.set(sessionEndedContext, ended);
    context.set(requestPathContext, pagePath(request.url));
    const userId = session?.user.id ?? null;
    // Every page shows crisis help: only this visitor's country's, never the table.
    context.set(crisisHelpContext, await requestCrisisHelp(request, userId));
    // Everything below, the page's render included, speaks the visitor's language.
    const staffPage = isStaffPage(new URL(request.url).pathname);
    const worksTheDesk = staffPage && session ? await canUseDesk(session.user) : false;
    const language = await requestLanguage(request, userId, { worksTheDesk });
    context.set(languageContext, language);
    // A public page read at another language's address goes to its address in the visitor's.
    const addressed = localizedAddress(request, language);
    if (addressed) throw redirect(addressed, { status: 302, headers: { Vary: "Cookie, Accept-Language" } });
    return inLanguage(language, next);
  },
];

/**
 * Where a GET of a public page at its default-language address goes for a visitor who reads another
 * language (`/privacypolicy` → `/es/privacypolicy`); null when it is already theirs, or no such page.
 */
function localizedAddress(request: Request, language: Language): string | null {
  if (request.method !== "GET" || language === DEFAULT_LANGUAGE) return null;
  const url = new URL(request.url);
  if (!LOCALIZED_PATHS.includes(url.pathname)) return null;
  const target = localizedPath(`${url.pathname}${url.search}`, language);
  return target === `${url.pathname}${url.search}` ? null : target;
}

/**
 * The page a request is for. Client navigations fetch `/path.data?_routes=…` (`/_.data` for the
 * home page); the page itself is `/path`.
 */
function pagePath(requestUrl: string): string {
  const url = new URL(requestUrl);
  const pathname = url.pathname.endsWith("/_.data")
    ? url.pathname.slice(0, -"_.data".length)
    : url.pathname.replace(/\.data$/, "");
  url.searchParams.delete("_routes");
  return `${pathname}${url.search}`;
}

export async function loader({ context }: Route.LoaderArgs) {
  const user = context.get(userContext);
  const crisisHelp = context.get(crisisHelpContext);
  const language = context.get(languageContext);
  const [header, openReports] = await Promise.all([
    user ? userInbox(user.id).headerFacts() : { unreadCount: 0, listener: false },
    // The admin's header menu counts the reports waiting.
    user && isAdmin(user) ? countOpenReports() : 0,
  ]);
  // Listeners and the admin find the support desk in their account menu; the inbox's copy
  // of the role spares each page view a D1 read, and the desk itself checks D1.
  const deskAccess = user !== null && (isAdmin(user) || header.listener);
  return {
    config: getConfig().public,
    user,
    unreadCount: header.unreadCount,
    openReports,
    deskAccess,
    crisisHelp,
    language,
  };
}

/**
 * Whether this page loads React, and otherwise which page scripts (app/lib/page-scripts.ts): decided
 * on the server from the session and the matched routes' `handle`. In the browser React runs only on
 * pages that hydrate, and a client-side navigation to a public page keeps the framework it already has.
 */
function useHydratedPage(hydrates: boolean): { hydrated: boolean; scripts: PageScript[] } {
  const matches = useMatches();
  return import.meta.env.SSR
    ? { hydrated: hydrates, scripts: pageScriptsOf(matches) }
    : { hydrated: true, scripts: [] };
}

const PAGE_SCRIPT_URLS: Record<PageScript, string> = { authForms: AUTH_FORMS_URL };

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<typeof loader>("root");
  const language = usePageLanguage();
  const { hydrated, scripts } = useHydratedPage(pageHydrates(root));
  const nonce = useScriptNonce();
  return (
    // The inline script marks <html> (data-js) before React runs: an attribute React did not render.
    <html lang={language} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#4f31b3" />
        {/* First in <head>, before the stylesheet: it runs at once and marks the page as scripted. */}
        <script
          nonce={nonce}
          {...{ [QUICK_EXIT_URL_ATTRIBUTE]: root?.config.quickExitUrl }}
          suppressHydrationWarning
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the page's own inline script, built from app/page-scripts/boot.ts
          dangerouslySetInnerHTML={{ __html: BOOT_SCRIPT }}
        />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links nonce={nonce} />
      </head>
      <body className="min-h-screen bg-white font-sans text-slate-800 antialiased">
        {children}
        {/*
          The page's modules (web vitals; the carousel and the menu where React does not run them):
          deferred, and fetched after the stylesheet, which the first paint waits for. Loaded only
          after the load event, they left the first paint sooner but ran their start-up after it,
          as blocking time (docs/benchmarks.md).
        */}
        <script type="module" src={PAGE_ANALYTICS_URL} nonce={nonce} fetchPriority="low" suppressHydrationWarning />
        {hydrated ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : (
          <>
            {/* Before the public pages' module, which marks the page's scripts as started. */}
            {scripts.map((script) => (
              <script key={script} type="module" src={PAGE_SCRIPT_URLS[script]} nonce={nonce} />
            ))}
            <script type="module" src={PUBLIC_PAGE_URL} nonce={nonce} fetchPriority="low" />
          </>
        )}
      </body>
    </html>
  );
}

/**
 * Route-change duties (spec section 2): a page view for each client-side route change. The page's
 * first view was counted by the server from its document request (worker/analytics/page-views.ts),
 * so it is not sent again. Scrolling to the top on every new navigation (and back to the old
 * position on back/forward) is ScrollRestoration's job.
 */
function PageViews() {
  const { pathname } = useLocation();
  const counted = useRef(pathname);
  useEffect(() => {
    if (pathname === counted.current) return;
    counted.current = pathname;
    trackPageView(pathname);
  }, [pathname]);
  return null;
}

/**
 * Marks the document once React has hydrated it: from then on its controls answer. Hydration has no
 * other outside sign, and browser tests and anyone inspecting a page need one.
 */
function HydrationMarker() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return null;
}

export default function App() {
  const user = useSignedInUser();
  useFocusOnNewPage();
  return (
    <>
      <HydrationMarker />
      <PageViews />
      {user ? (
        <Suspense fallback={null}>
          <InactivityGuard />
        </Suspense>
      ) : null}
      <Outlet />
    </>
  );
}

/**
 * Failures the site layout cannot catch (a failed data request, the root loader itself). The root's
 * configuration may be gone here, so the page is bare, but it still shows the crisis numbers.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (!isRouteErrorResponse(error)) console.error(error);
  // A guard's refusal in middleware, before any loader ran, can only be shown here: say it in its words.
  if (isRouteErrorResponse(error) && error.status < 500 && typeof error.data === "string") {
    return <RefusedPage message={error.data} />;
  }
  return <UnexpectedErrorPage />;
}
