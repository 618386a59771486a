import { getConfig } from "../config";

/**
 * How fast each member may send (issue: rate limit): a token bucket per sender, a burst and then
 * the steady rate (wrangler.toml vars). In memory on purpose: a fresh instance starts everyone afresh.
 */
export class SendBudget {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  /** Takes a token for a send; false when the sender is over the rate. */
  take(userId: string, now = Date.now()): boolean {
    const { sendBurst, sendPerSecond } = getConfig().chat;
    const bucket = this.buckets.get(userId) ?? { tokens: sendBurst, at: now };
    bucket.tokens = Math.min(sendBurst, bucket.tokens + ((now - bucket.at) / 1000) * sendPerSecond);
    bucket.at = now;
    this.buckets.set(userId, bucket);
    if (bucket.tokens < 1) return false;
    bucket.tokens -= 1;
    return true;
  }

  /** A token taken for a send that stored nothing (a resend) is given back. */
  giveBack(userId: string): void {
    const bucket = this.buckets.get(userId);
    if (bucket) bucket.tokens = Math.min(getConfig().chat.sendBurst, bucket.tokens + 1);
  }
}
