import type { BrowserContext, Page } from "@playwright/test";
import { SESSION_CHANNEL } from "../../../app/lib/session-leaving";

/**
 * What a test needs to know about the page's inactivity rules, learnt from outside the app: the
 * page carries no marks for tests. Added to every page before its scripts run (an init script),
 * it watches two things the rules do:
 *
 * - `armed`: the rules listen on the session's BroadcastChannel. They start listening in the same
 *   synchronous step that arms their timers and stop when they are torn down, so a test that sees
 *   the listener knows the timers run.
 * - `answers`: how many activity answers from the inbox socket the page has finished handling. The
 *   socket's message listener hands an answer to the rules synchronously, so once it returns the
 *   answer has been taken into account.
 */
export type SessionProbe = { armed: boolean; answers: number };

function installProbe(channelName: string) {
  const probe: SessionProbe = { armed: false, answers: 0 };
  (window as unknown as { sessionProbe: SessionProbe }).sessionProbe = probe;

  const isActivityAnswer = (data: unknown) => {
    try {
      return typeof data === "string" && JSON.parse(data)?.type === "activity";
    } catch {
      return false;
    }
  };
  // Sockets are recognised by their shape: a test that routes the page's sockets replaces
  // WebSocket with a stand-in of its own, which is no native WebSocket.
  const isSocket = (target: EventTarget) => "readyState" in target && "binaryType" in target && "send" in target;

  // The channels the rules listen on (a page announcing a sign-out opens another just to post).
  const rulesChannels = new WeakSet<BroadcastChannel>();
  const listen = EventTarget.prototype.addEventListener;
  EventTarget.prototype.addEventListener = function (
    this: EventTarget,
    type: string,
    listener: EventListenerOrEventListenerObject | null,
    options?: boolean | AddEventListenerOptions,
  ) {
    if (type === "message" && this instanceof BroadcastChannel && this.name === channelName) {
      rulesChannels.add(this);
      probe.armed = true;
    }
    if (type !== "message" || typeof listener !== "function" || !isSocket(this)) {
      return listen.call(this, type, listener, options);
    }
    const counted = function (this: EventTarget, event: Event) {
      const result = listener.call(this, event);
      if (isActivityAnswer((event as MessageEvent).data)) probe.answers += 1;
      return result;
    };
    return listen.call(this, type, counted, options);
  };
  const closeChannel = BroadcastChannel.prototype.close;
  BroadcastChannel.prototype.close = function (this: BroadcastChannel) {
    if (rulesChannels.has(this)) probe.armed = false;
    return closeChannel.call(this);
  };
}

/** Puts the probe into every page the context opens from now on. */
export async function addSessionProbe(target: BrowserContext | Page): Promise<void> {
  await target.addInitScript(installProbe, SESSION_CHANNEL);
}

/** The probe's current reading on the page. */
export function readSessionProbe(page: Page): Promise<SessionProbe> {
  return page.evaluate(() => ({ ...(window as unknown as { sessionProbe: SessionProbe }).sessionProbe }));
}
