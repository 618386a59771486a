import { withEnv } from "cloudflare:workers";
import { parse, serialize } from "hono/utils/cookie";
import { setResponseCookie } from "../http/response-cookies";

/** A Sessions API bookmark: a browser's next request never reads from a replica older than its own last write. */
export const D1_BOOKMARK_COOKIE = "kindred.d1_bookmark";

/**
 * Read replication (docs/architecture.md "Scaling"): without a bookmark the nearest replica answers.
 * Durable Objects and the cron keep the primary.
 */
export async function withD1Session(
  request: Request,
  env: Env,
  handle: (env: Env) => Promise<Response>,
): Promise<Response> {
  const known = bookmarkOf(request);
  const session = openSession(env.DB, known);
  const sessionEnv: Env = { ...env, DB: session as unknown as D1Database };
  const response = await (withEnv(sessionEnv, () => handle(sessionEnv)) as Promise<Response>);
  const bookmark = session.getBookmark();
  if (bookmark && bookmark !== known) {
    const secure = new URL(request.url).protocol === "https:";
    setResponseCookie(serialize(D1_BOOKMARK_COOKIE, bookmark, { path: "/", httpOnly: true, sameSite: "Lax", secure }));
  }
  return response;
}

/** One D1 cannot read (tampered, too old) starts afresh. */
function openSession(db: D1Database, bookmark: string | null): D1DatabaseSession {
  if (bookmark) {
    try {
      return db.withSession(bookmark);
    } catch {
      // An unusable bookmark is no reason to refuse the request.
    }
  }
  return db.withSession("first-unconstrained");
}

/** A malformed one counts as none: it must never fail the request. */
function bookmarkOf(request: Request): string | null {
  return parse(request.headers.get("Cookie") ?? "", D1_BOOKMARK_COOKIE)[D1_BOOKMARK_COOKIE] || null;
}
