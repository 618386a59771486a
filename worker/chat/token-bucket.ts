/** A token bucket's state: the tokens left, and when they were last counted. */
export type Bucket = { tokens: number; at: number };

/**
 * Takes a token from `bucket` (a new one starts full), refilled at `perSecond` up to `burst` since
 * it was last counted: the rule under each of the room's rate limits. Answers the bucket as it now
 * stands, and whether a token was taken.
 */
export function takeToken(
  bucket: Bucket | undefined,
  limit: { burst: number; perSecond: number },
  now: number,
): { bucket: Bucket; taken: boolean } {
  const current = bucket ?? { tokens: limit.burst, at: now };
  const tokens = Math.min(limit.burst, current.tokens + ((now - current.at) / 1000) * limit.perSecond);
  if (tokens < 1) return { bucket: { tokens, at: now }, taken: false };
  return { bucket: { tokens: tokens - 1, at: now }, taken: true };
}
