import { withEnv } from "cloudflare:workers";
import { setResponseCookie } from "../http/response-cookies";

/**
 * The newest D1 state a browser has seen (a Sessions API bookmark): its next request never reads
 * from a replica older than its own last write.
 */
export const D1_BOOKMARK_COOKIE = "kindred.d1_bookmark";

/**
 * Runs a request with all of its D1 work in one D1 session (read replication, README "Scaling"):
 * without a bookmark any replica may answer, the nearest one; with the browser's bookmark only one
 * at least that new. Within the request the session reads its own writes. The bookmark the session
 * ends with goes back to the browser. Durable Objects and the cron keep the primary.
 */
export async function withD1Session(
  request: Request,
  env: Env,
  handle: (env: Env) => Promise<Response>,
): Promise<Response> {
  const known = bookmarkOf(request);
  const session = openSession(env.DB, known);
  // The session has D1's query methods (prepare, batch): what the app and drizzle use.
  const sessionEnv: Env = { ...env, DB: session as unknown as D1Database };
  const response = await (withEnv(sessionEnv, () => handle(sessionEnv)) as Promise<Response>);
  const bookmark = session.getBookmark();
  if (bookmark && bookmark !== known) {
    const secure = new URL(request.url).protocol === "https:" ? "; Secure" : "";
    setResponseCookie(`${D1_BOOKMARK_COOKIE}=${encodeURIComponent(bookmark)}; Path=/; HttpOnly; SameSite=Lax${secure}`);
  }
  return response;
}

/** A session from the browser's bookmark; one D1 cannot read (tampered, too old) starts afresh. */
function openSession(db: D1Database, bookmark: string | null): D1DatabaseSession {
  if (bookmark) {
    try {
      return db.withSession(bookmark);
    } catch {
      // Falls through: an unusable bookmark is no reason to refuse the request.
    }
  }
  return db.withSession("first-unconstrained");
}

function bookmarkOf(request: Request): string | null {
  for (const part of (request.headers.get("Cookie") ?? "").split(";")) {
    const [name, ...value] = part.trim().split("=");
    if (name === D1_BOOKMARK_COOKIE) return decodeURIComponent(value.join("=")) || null;
  }
  return null;
}
