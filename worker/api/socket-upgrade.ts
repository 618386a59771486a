import type { Context } from "hono";
import { getSignedInSession, type SignedInSession } from "../auth/session";
import { getConfig } from "../config";
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
  const session = await getSignedInSession(c.req.raw);
  if (!session) return { refusal: c.json({ code: "unauthorized", message: "Please sign in again." }, 401) };
  const headers = new Headers({ Upgrade: "websocket" });
  vouchForUpgrade(headers, session);
  return { session, headers };
}
