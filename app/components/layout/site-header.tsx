import { useEffect, useRef } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { MOBILE_MENU_ATTRIBUTE, type MobileMenu, startMobileMenu } from "~/lib/mobile-menu";
import { usePageLanguage } from "~/lib/page-language";
import { usePublicConfig } from "~/lib/public-config";
import { useSignedInUser } from "~/lib/signed-in-user";
import { unreadBadgeText, useUnreadConversations } from "~/lib/unread-badge";
import { m } from "~/paraglide/messages";
import { localizedPath } from "~/shared/languages";
import { PATHS } from "~/shared/routes";
import { HeaderAccountActions } from "./header-account-actions";
import { LanguageSwitch } from "./language-switch";
import { Logo } from "./logo";
import { QuickExit } from "./quick-exit";

const NAV_ITEMS = [
  {
    get label() {
      return m.header_home();
    },
    to: PATHS.home,
  },
  {
    get label() {
      return m.header_how_it_works();
    },
    to: PATHS.howItWorks,
  },
];

const navLinkClass =
  "rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-brand-50 hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-brand-700";

/** Spec section 2, Header. */
export function SiteHeader() {
  const { brandName } = usePublicConfig();
  const language = usePageLanguage();
  const location = useLocation();
  // On a phone Messages sits inside the menu, so its count shows on the toggle as well.
  const signedIn = useSignedInUser() !== null;
  const unreadCount = useUnreadConversations();
  const badge = signedIn ? unreadBadgeText(unreadCount) : null;

  // A native <details>, so it works without scripts; on a hydrated page a navigation closes it too.
  const menuRef = useRef<HTMLDetailsElement>(null);
  const menu = useRef<MobileMenu | null>(null);
  useEffect(() => {
    if (!menuRef.current) return;
    menu.current = startMobileMenu(menuRef.current);
    return () => menu.current?.stop();
  }, []);
  const shownAt = useRef(location.key);
  useEffect(() => {
    if (location.key === shownAt.current) return;
    shownAt.current = location.key;
    menu.current?.close();
  }, [location.key]);

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-brand-800"
      >
        {m.header_skip()}
      </a>
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-2 px-3 py-3 sm:gap-3 sm:px-4">
        <Link
          to={localizedPath(PATHS.home, language)}
          className="flex min-w-0 items-center gap-2 rounded-md focus-visible:outline-2 focus-visible:outline-brand-700"
        >
          <Logo />
          <span className="flex min-w-0 flex-col leading-tight">
            <span className="truncate text-lg font-bold text-brand-900">{brandName}</span>
            <span className="text-xs font-medium uppercase tracking-wide text-slate-600">{m.header_tagline()}</span>
          </span>
        </Link>

        <nav aria-label={m.header_main_nav()} className="hidden items-center gap-1 md:flex">
          {NAV_ITEMS.map((item) => (
            <NavLink key={item.to} to={localizedPath(item.to, language)} end className={navLinkClass}>
              {item.label}
            </NavLink>
          ))}
        </nav>
        <div className="hidden md:block">
          <HeaderAccountActions />
        </div>
        <QuickExit />

        <details ref={menuRef} {...{ [MOBILE_MENU_ATTRIBUTE]: "" }} className="group shrink-0 md:hidden">
          <summary className="relative inline-flex h-11 w-11 cursor-pointer list-none items-center justify-center rounded-md text-slate-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-700 [&::-webkit-details-marker]:hidden">
            {/* The name follows the state with no script. */}
            <span className="sr-only group-open:hidden">{m.header_open_menu()}</span>
            <span className="sr-only hidden group-open:inline">{m.header_close_menu()}</span>
            {badge ? (
              <span className="absolute -right-1 -top-1 inline-flex min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-xs font-bold leading-5 text-white">
                {badge}
                <span className="sr-only">{m.header_unread()}</span>
              </span>
            ) : null}
            <svg
              viewBox="0 0 24 24"
              className="h-6 w-6"
              aria-hidden="true"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              <path className="group-open:hidden" d="M4 7h16M4 12h16M4 17h16" />
              <path className="hidden group-open:inline" d="M6 6l12 12M18 6L6 18" />
            </svg>
          </summary>
          <nav
            aria-label={m.header_mobile_nav()}
            className="absolute inset-x-0 top-full max-h-[calc(100dvh-100%)] overflow-y-auto border-t border-b border-slate-200 bg-white px-4 pb-4 shadow-md"
          >
            <ul className="flex flex-col gap-1 pt-2">
              {NAV_ITEMS.map((item) => (
                <li key={item.to}>
                  <NavLink to={localizedPath(item.to, language)} end className={`block ${navLinkClass}`}>
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
            <div className="pt-3">
              <HeaderAccountActions live={false} accountMenu="inline" />
            </div>
            <div className="pt-3 text-sm">
              <LanguageSwitch tone="light" />
            </div>
          </nav>
        </details>
      </div>
    </header>
  );
}
