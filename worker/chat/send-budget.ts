import { getConfig } from "../config";
import { type Bucket, takeToken } from "./token-bucket";

/**
 * How fast each member may send (issue: rate limit): a token bucket per sender, a burst and then
 * the steady rate (wrangler.toml vars). In memory on purpose: a fresh instance starts everyone afresh.
 */
export class SendBudget {
  private readonly buckets = new Map<string, Bucket>();

  /** Takes a token for a send; false when the sender is over the rate. */
  take(userId: string, now = Date.now()): boolean {
    const { sendBurst: burst, sendPerSecond: perSecond } = getConfig().chat;
    const { bucket, taken } = takeToken(this.buckets.get(userId), { burst, perSecond }, now);
    this.buckets.set(userId, bucket);
    return taken;
  }

  /** A token taken for a send that stored nothing (a resend) is given back. */
  giveBack(userId: string): void {
    const bucket = this.buckets.get(userId);
    if (bucket) bucket.tokens = Math.min(getConfig().chat.sendBurst, bucket.tokens + 1);
  }
}
