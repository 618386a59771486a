import { useCallback, useEffect, useId, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { Avatar } from "~/components/ui/avatar";
import { useCloseOnEscape } from "~/hooks/use-close-on-escape";
import { useInboxSocket } from "~/hooks/use-inbox-socket";
import { useNotificationPermission } from "~/hooks/use-notification-permission";
import { signOut } from "~/lib/auth-client";
import { returnFocusOnEscape } from "~/lib/escape-key";
import {
  type IncomingMessage,
  isWindowInBackground,
  playChime,
  showSystemNotification,
} from "~/lib/incoming-message-alert";
import { announceSessionEnd, leaveSession } from "~/lib/session-leaving";
import { useDeskAccess, useOpenReportCount } from "~/lib/signed-in-user";
import { unreadBadgeText, useUnreadConversations } from "~/lib/unread-badge";
import { m } from "~/paraglide/messages";
import { headerName, isAdmin, type SignedInUser } from "~/shared/accounts";
import { ADMIN_PAGES } from "~/shared/admin";
import { PATHS } from "~/shared/routes";
import { SIGN_OUT_TEXTS } from "~/shared/session-end";
import { IncomingMessageBanner } from "./incoming-message-banner";

/** Loaded only for signed-in people, so anonymous visitors never download it. */
export default function SignedInAccountActions({
  user,
  live = true,
  accountMenu = "dropdown",
}: {
  user: SignedInUser;
  /** The mobile copy only reads the store. */
  live?: boolean;
  accountMenu?: AccountMenuPlacement;
}) {
  const banner = useIncomingMessageAlerts();
  useInboxSocket(live, banner.alert);
  const unreadCount = useUnreadConversations();
  return (
    <div className="flex flex-wrap items-center gap-2">
      {banner.message ? (
        <IncomingMessageBanner
          key={`${banner.message.pairId}:${banner.message.seq}`}
          message={banner.message}
          onClose={banner.close}
        />
      ) : null}
      <MessagesLink unreadCount={unreadCount} />
      <EnableNotificationsButton />
      <UserMenu user={user} placement={accountMenu} />
    </div>
  );
}

/** Spec section 4; in plain view the live badge is enough. */
function useIncomingMessageAlerts() {
  const navigate = useNavigate();
  const [message, setMessage] = useState<IncomingMessage | null>(null);
  const alert = useCallback(
    (incoming: IncomingMessage) => {
      if (!isWindowInBackground()) return;
      setMessage(incoming);
      playChime();
      showSystemNotification(incoming, (path) => navigate(path));
    },
    [navigate],
  );
  const close = useCallback(() => setMessage(null), []);
  return { message, alert, close };
}

function MessagesLink({ unreadCount }: { unreadCount: number }) {
  const badge = unreadBadgeText(unreadCount);
  return (
    <Link
      to={PATHS.chat}
      className="relative inline-flex items-center rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-brand-50 hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-brand-700"
    >
      {m.header_messages()}
      {badge ? (
        <span className="ml-1.5 inline-flex min-w-5 items-center justify-center rounded-full bg-red-600 px-1.5 text-xs font-bold text-white">
          {badge}
          <span className="sr-only">{m.header_unread()}</span>
        </span>
      ) : null}
    </Link>
  );
}

function EnableNotificationsButton() {
  const { permission, request } = useNotificationPermission();
  if (permission === "unsupported" || permission === "granted") return null;
  return (
    <button
      type="button"
      onClick={request}
      className="rounded-md px-3 py-2 text-sm font-medium text-brand-800 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-700"
    >
      {m.header_enable_notifications()}
    </button>
  );
}

/** A panel hanging from a button that can sit anywhere in a 320 px row would leave the screen. */
export type AccountMenuPlacement = "dropdown" | "inline";

const MENU_PANEL_CLASS: Record<AccountMenuPlacement, string> = {
  dropdown: "absolute right-0 z-50 mt-2 w-56 max-w-[calc(100vw-2rem)] shadow-lg",
  inline: "mt-2 w-full",
};

/** Inside the phone menu it simply shows; from the desktop header it drops down on hover or focus. */
const NO_SCRIPT_PANEL_CLASS: Record<AccountMenuPlacement, string> = {
  dropdown: "no-js:group-hover/account:block no-js:group-focus-within/account:block no-js:mt-0",
  inline: "no-js:block",
};

/** It never stays open over what the person moved on to. */
function UserMenu({ user, placement }: { user: SignedInUser; placement: AccountMenuPlacement }) {
  const [open, setOpen] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  const menuId = useId();
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const name = headerName(user);
  const openReports = useOpenReportCount();
  const deskAccess = useDeskAccess();

  useCloseOnEscape(
    open,
    () => {
      returnFocusOnEscape(containerRef.current, buttonRef.current);
      setOpen(false);
    },
    panelRef,
  );
  useEffect(() => {
    const container = containerRef.current;
    if (!open || !container) return;
    const closeOnPressOutside = (event: PointerEvent) => {
      if (!container.contains(event.target as Node)) setOpen(false);
    };
    // Focus leaving the window (no related target) does not close it.
    const closeWhenFocusLeaves = (event: FocusEvent) => {
      if (event.relatedTarget instanceof Node && !container.contains(event.relatedTarget)) setOpen(false);
    };
    document.addEventListener("pointerdown", closeOnPressOutside);
    container.addEventListener("focusout", closeWhenFocusLeaves);
    return () => {
      document.removeEventListener("pointerdown", closeOnPressOutside);
      container.removeEventListener("focusout", closeWhenFocusLeaves);
    };
  }, [open]);

  async function handleSignOut(event: React.FormEvent) {
    // The form's own post (/signout) is for a page without scripts; this also tells the other tabs.
    event.preventDefault();
    if (signingOut) return;
    setSigningOut(true);
    await signOut();
    announceSessionEnd("signed-out");
    // A full load: nothing of the signed-in page survives in memory.
    leaveSession("signed-out");
  }

  return (
    <div ref={containerRef} className={`group/account ${placement === "inline" ? "w-full" : "relative"}`}>
      <button
        ref={buttonRef}
        type="button"
        aria-label={m.header_account_menu({ name })}
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((o) => !o)}
        className="flex items-center gap-2 rounded-full py-1 pr-3 pl-1 text-sm font-medium text-slate-800 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-700"
      >
        <Avatar src={user.profilePic} name={user.username} size="sm" />
        <span className="max-w-36 truncate">{name}</span>
      </button>
      <div
        ref={panelRef}
        id={menuId}
        // Not the hidden attribute, which wins over every style: the page without scripts must be able to show it.
        className={`${open ? "block" : "hidden"} ${NO_SCRIPT_PANEL_CLASS[placement]} ${MENU_PANEL_CLASS[placement]} rounded-xl bg-white p-2 ring-1 ring-slate-200`}
      >
        <p className="truncate px-3 py-2 text-xs text-slate-600">Signed in as {name}</p>
        {[
          { to: PATHS.profile, label: m.header_my_profile() },
          { to: PATHS.users, label: m.header_find_christians() },
          { to: PATHS.blockedPeople, label: m.header_blocked_people() },
          // Written out: app/shared/desk.ts would bring zod into the header.
          ...(deskAccess ? [{ to: PATHS.desk, label: m.header_support_desk() }] : []),
          ...(isAdmin(user)
            ? ADMIN_PAGES.map((page) => ({
                to: page.path,
                label: page.title,
                ...(page.path === PATHS.adminReports ? { count: openReports } : {}),
              }))
            : []),
        ].map((link) => (
          <Link
            key={link.to}
            to={link.to}
            onClick={() => setOpen(false)}
            className="flex items-center justify-between rounded-lg px-3 py-2 text-sm font-medium text-slate-800 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-700"
          >
            {link.label}
            {"count" in link && link.count ? (
              <span className="ml-2 inline-flex min-w-5 items-center justify-center rounded-full bg-red-600 px-1.5 text-xs font-bold text-white">
                {unreadBadgeText(link.count)}
                <span className="sr-only"> open</span>
              </span>
            ) : null}
          </Link>
        ))}
        <form method="post" action={PATHS.signOut} onSubmit={handleSignOut}>
          <button
            type="submit"
            disabled={signingOut}
            className="w-full rounded-lg px-3 py-2 text-left text-sm font-medium text-slate-800 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-700 disabled:opacity-60"
          >
            {signingOut ? SIGN_OUT_TEXTS.busy : SIGN_OUT_TEXTS.button}
          </button>
        </form>
      </div>
    </div>
  );
}
