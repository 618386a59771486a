export type Bucket = { tokens: number; at: number };

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
