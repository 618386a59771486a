import { getConfig } from "../config";
import { type Bucket, takeToken } from "./token-bucket";

/** In memory on purpose: a fresh instance starts everyone afresh. */
export class SendBudget {
  private readonly buckets = new Map<string, Bucket>();

  take(userId: string, now = Date.now()): boolean {
    const { sendBurst: burst, sendPerSecond: perSecond } = getConfig().chat;
    const { bucket, taken } = takeToken(this.buckets.get(userId), { burst, perSecond }, now);
    this.buckets.set(userId, bucket);
    return taken;
  }

  giveBack(userId: string): void {
    const bucket = this.buckets.get(userId);
    if (bucket) bucket.tokens = Math.min(getConfig().chat.sendBurst, bucket.tokens + 1);
  }
}
