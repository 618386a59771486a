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

// Anonymous visitors never download the inactivity rules.
const InactivityGuard = lazy(() => import("~/components/layout/inactivity-guard"));

export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }, next) => {
    const { session, ended } = await lookUpSession(request);
    context.set(userContext, session?.user ?? null);
    context.set(sessionEndedContext, ended);
    context.set(requestPathContext, pagePath(request.url));
    const userId = session?.user.id ?? null;
    // Only this visitor's country's, never the table.
    context.set(crisisHelpContext, await requestCrisisHelp(request, userId));
    const staffPage = isStaffPage(new URL(request.url).pathname);
    const worksTheDesk = staffPage && session ? await canUseDesk(session.user) : false;
    const language = await requestLanguage(request, userId, { worksTheDesk });
    context.set(languageContext, language);
    const addressed = localizedAddress(request, language);
    if (addressed) throw redirect(addressed, { status: 302, headers: { Vary: "Cookie, Accept-Language" } });
    return inLanguage(language, next);
  },
];

/** `/privacypolicy` → `/es/privacypolicy`; null when already theirs, or no such page. */
function localizedAddress(request: Request, language: Language): string | null {
  if (request.method !== "GET" || language === DEFAULT_LANGUAGE) return null;
  const url = new URL(request.url);
  if (!LOCALIZED_PATHS.includes(url.pathname)) return null;
  const target = localizedPath(`${url.pathname}${url.search}`, language);
  return target === `${url.pathname}${url.search}` ? null : target;
}

/** Client navigations fetch `/path.data?_routes=…` (`/_.data` for the home page). */
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
    user && isAdmin(user) ? countOpenReports() : 0,
  ]);
  // The inbox's copy of the role spares each page view a D1 read; the desk itself checks D1.
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

/** A client-side navigation to a public page keeps the framework it already has. */
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
    // The inline script marks <html> (data-js) before React runs.
    <html lang={language} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#4f31b3" />
        {/* First in <head>, before the stylesheet: it marks the page as scripted at once. */}
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

/** Spec section 2; the first view was counted by the server. */
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

/** Hydration has no other outside sign, and browser tests need one. */
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

/** The root's configuration may be gone here, but the page still shows the crisis numbers. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (!isRouteErrorResponse(error)) console.error(error);
  // A guard's refusal in middleware can only be shown here.
  if (isRouteErrorResponse(error) && error.status < 500 && typeof error.data === "string") {
    return <RefusedPage message={error.data} />;
  }
  return <UnexpectedErrorPage />;
}
