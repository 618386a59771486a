import { escapeWasConsumed } from "./escape-key";
import { startLeaving } from "./page-leaving";

/**
 * Quick exit: someone who must hide that they were here leaves the site at once for a neutral page
 * (configuration `QUICK_EXIT_URL`). The page is replaced, not left, so Back does not bring it back.
 * Drafts stay in this browser (they are the person's own words); nothing else is cleared, and the
 * session ends only when they choose 'Quick exit and sign out'. One implementation for every page:
 * the page's inline script starts it (app/page-scripts/boot.ts), and the header's controls are
 * plain links (app/components/layout/quick-exit.tsx), hydrated or not.
 */

/** Escape this many times within this window leaves the site (the issue: three presses in 1.5 s). */
const QUICK_EXIT_ESCAPE_PRESSES = 3;
export const QUICK_EXIT_ESCAPE_WINDOW_MS = 1500;

/** Every open tab of the site in this browser hears a quick exit and leaves as well. */
const QUICK_EXIT_CHANNEL = "kindred-quick-exit";

/**
 * The header's controls are plain links marked with this attribute (`leave`, or `sign-out` for
 * 'Quick exit and sign out'): without scripts they are ordinary links to the neutral site.
 */
export const QUICK_EXIT_ATTRIBUTE = "data-quick-exit";
export type QuickExitKind = "leave" | "sign-out";

/**
 * Quick exit on this page, from the page's inline script (app/page-scripts/boot.ts), before and
 * without the framework: a click on either header control replaces the page, Escape pressed three
 * times does too, and so does a quick exit in another tab. Answers the function that stops it.
 */
export function startQuickExit(url: string): () => void {
  const isThirdEscape = createEscapeCounter();
  // On window, bubbling: after every menu and dialog had its turn. A press that closed one of them
  // is theirs and does not count toward the three (app/lib/escape-key.ts).
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== "Escape" || escapeWasConsumed(event)) return;
    if (isThirdEscape(event)) quickExit(url);
  };
  // Capturing on window: the first listener of all, so nothing on the page can swallow the click.
  const onClick = (event: MouseEvent) => {
    const link = event.target instanceof Element ? event.target.closest(`a[${QUICK_EXIT_ATTRIBUTE}]`) : null;
    if (!(link instanceof HTMLAnchorElement)) return;
    // A modified click (new tab or window) would leave this page on screen: replace it all the same.
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

/**
 * Leaves for `url` now. With `signOut`, the sign-out request is sent with `keepalive`, so it
 * completes after the page is gone, and never awaited: leaving must not wait for the network.
 */
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

/** Replaces this page, without telling the neutral site where the person came from. */
function leaveFor(url: string): void {
  // Whatever else was leaving (a session end on its way to the sign-in page), this exit wins.
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

/** Leaves for `url` when another tab of the site quick-exits. Answers the unsubscribe. */
function followQuickExits(url: string): () => void {
  if (typeof BroadcastChannel !== "function") return () => {};
  const channel = new BroadcastChannel(QUICK_EXIT_CHANNEL);
  channel.onmessage = () => leaveFor(url);
  return () => channel.close();
}

/**
 * Counts Escape presses: answers true on the press that completes three within 1.5 s. Key repeats
 * (a held key) and presses that end an IME composition do not count, so only deliberate presses do.
 */
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
