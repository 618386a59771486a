import {
  CHAT_MESSAGES,
  HISTORY_BURST,
  HISTORY_PAGES_PER_SECOND,
  type ServerFrame,
} from "~/shared/schemas/chat-protocol";
import { type Bucket, takeToken } from "./token-bucket";

/**
 * Per socket, because a page costs the room the same whoever asks and a member's other devices must
 * still catch up. In memory on purpose: a socket that floods keeps the room awake.
 */
export class HistoryBudget {
  private readonly buckets = new WeakMap<WebSocket, Bucket>();

  take(socket: WebSocket, now = Date.now()): boolean {
    const limit = { burst: HISTORY_BURST, perSecond: HISTORY_PAGES_PER_SECOND };
    const { bucket, taken } = takeToken(this.buckets.get(socket), limit, now);
    this.buckets.set(socket, bucket);
    return taken;
  }
}

export const HISTORY_LIMITED_FRAME: ServerFrame = {
  type: "error",
  code: "history_limited",
  message: CHAT_MESSAGES.historyLimited,
};
