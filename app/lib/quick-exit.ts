import { escapeWasConsumed } from "./escape-key";
import { startLeaving } from "./page-leaving";

/**
 * The page is replaced, not left, so Back does not bring it back. Drafts stay (they are the person's
 * own words); the session ends only with 'Quick exit and sign out'.
 */

const QUICK_EXIT_ESCAPE_PRESSES = 3;
export const QUICK_EXIT_ESCAPE_WINDOW_MS = 1500;

const QUICK_EXIT_CHANNEL = "kindred-quick-exit";

/** Without scripts they are ordinary links to the neutral site. */
export const QUICK_EXIT_ATTRIBUTE = "data-quick-exit";
export type QuickExitKind = "leave" | "sign-out";

export function startQuickExit(url: string): () => void {
  const isThirdEscape = createEscapeCounter();
  // On window, bubbling: a press that closed a menu or dialog does not count (app/lib/escape-key.ts).
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== "Escape" || escapeWasConsumed(event)) return;
    if (isThirdEscape(event)) quickExit(url);
  };
  // Capturing: nothing on the page can swallow the click.
  const onClick = (event: MouseEvent) => {
    const link = event.target instanceof Element ? event.target.closest(`a[${QUICK_EXIT_ATTRIBUTE}]`) : null;
    if (!(link instanceof HTMLAnchorElement)) return;
    // A modified click would leave this page on screen.
    event.preventDefault();
    quickExit(link.href, { signOut: link.getAttribute(QUICK_EXIT_ATTRIBUTE) === ("sign-out" satisfies QuickExitKind) });
  };
  window.addEventListener("keydown", onKeyDown);
  window.addEventListener("click", onClick, true);
  const stopFollowing = followQuickExits(url);
  return () => {
    window.removeEventListener("keydown", onKeyDown);
    window.removeEventListener("click", onClick, true);
    stopFollowing();
  };
}

/** The sign-out is sent with `keepalive` and never awaited: leaving must not wait for the network. */
function quickExit(url: string, { signOut = false }: { signOut?: boolean } = {}): void {
  if (signOut) {
    fetch("/api/auth/sign-out", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{}",
      credentials: "same-origin",
      keepalive: true,
    }).catch(() => {});
  }
  tellOtherTabs();
  leaveFor(url);
}

function leaveFor(url: string): void {
  startLeaving();
  // The link says rel="noreferrer"; a scripted navigation follows the page's referrer policy instead.
  const meta = document.createElement("meta");
  meta.name = "referrer";
  meta.content = "no-referrer";
  document.head.appendChild(meta);
  window.location.replace(url);
}

function tellOtherTabs(): void {
  if (typeof BroadcastChannel !== "function") return;
  const channel = new BroadcastChannel(QUICK_EXIT_CHANNEL);
  channel.postMessage("exit");
  channel.close();
}

function followQuickExits(url: string): () => void {
  if (typeof BroadcastChannel !== "function") return () => {};
  const channel = new BroadcastChannel(QUICK_EXIT_CHANNEL);
  channel.onmessage = () => leaveFor(url);
  return () => channel.close();
}

/** Key repeats and presses that end an IME composition do not count. */
export function createEscapeCounter(now: () => number = () => performance.now()) {
  let presses: number[] = [];
  return (event: Pick<KeyboardEvent, "key" | "repeat" | "isComposing">): boolean => {
    if (event.key !== "Escape" || event.repeat || event.isComposing) return false;
    const at = now();
    presses = [...presses.filter((time) => at - time <= QUICK_EXIT_ESCAPE_WINDOW_MS), at];
    if (presses.length < QUICK_EXIT_ESCAPE_PRESSES) return false;
    presses = [];
    return true;
  };
}
