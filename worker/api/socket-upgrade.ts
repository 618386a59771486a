import type { Context } from "hono";
import { lookUpSession, type SignedInSession } from "../auth/session";
import { getConfig } from "../config";
import { endedSessionResponse } from "../sockets/socket-session";
import { vouchForUpgrade } from "../sockets/upgrade-headers";
import type { ApiEnv } from "./signed-in";

/** The app's own Origin, against cross-site WebSocket hijacking, and a valid, non-idle session. */
export async function authorizeSocketUpgrade(
  c: Context<ApiEnv>,
): Promise<
  | { session: SignedInSession; headers: Headers; refusal?: never }
  | { session?: never; headers?: never; refusal: Response }
> {
  if (c.req.header("upgrade")?.toLowerCase() !== "websocket") {
    return { refusal: c.json({ code: "upgrade_required", message: "Connect with a WebSocket." }, 426) };
  }
  const origin = c.req.header("origin");
  if (!origin || !getConfig().auth.trustedOrigins.includes(origin)) {
    return {
      refusal: c.json({ code: "forbidden_origin", message: "This connection did not come from the app." }, 403),
    };
  }
  const { session, ended } = await lookUpSession(c.req.raw);
  // A page whose socket was away when its session ended (reconnecting, or not yet open) hears why
  // on its next attempt, as an open socket would have: a refused upgrade is all one to a browser,
  // and the page would retry it for ever instead of leaving.
  if (!session && ended) return { refusal: endedSessionResponse(ended) };
  if (!session) return { refusal: c.json({ code: "unauthorized", message: "Please sign in again." }, 401) };
  const headers = new Headers({ Upgrade: "websocket" });
  vouchForUpgrade(headers, session);
  return { session, headers };
}
