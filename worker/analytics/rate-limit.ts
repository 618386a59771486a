import { env } from "cloudflare:workers";

/**
 * A fixed-window counter per key in D1's rate_limits table (the cron clears old rows). The key is
 * a hash, so the table never holds a client's address in the clear.
 */
export async function withinRateLimit(
  key: string,
  limit: number,
  windowMs: number,
  now = Date.now(),
): Promise<boolean> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(key));
  const hashed = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
  const windowStart = now - windowMs;
  const row = await env.DB.prepare(
    `INSERT INTO rate_limits (id, key, count, last_request) VALUES (?1, ?2, 1, ?3)
     ON CONFLICT (key) DO UPDATE SET
       count = CASE WHEN last_request < ?4 THEN 1 ELSE count + 1 END,
       last_request = CASE WHEN last_request < ?4 THEN ?3 ELSE last_request END
     RETURNING count`,
  )
    .bind(crypto.randomUUID(), `hashed:${hashed}`, now, windowStart)
    .first<{ count: number }>();
  return (row?.count ?? 0) <= limit;
}
