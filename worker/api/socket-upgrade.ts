import type { Context } from "hono";
import type { SignedInUser } from "../../app/lib/accounts";
import { getSignedInUser } from "../auth/session";
import { getConfig } from "../config";
import type { ApiEnv } from "./signed-in";

/**
 * The checks every WebSocket route makes before upgrading: a real upgrade, the app's own Origin
 * (cross-site WebSocket hijacking) and a valid, non-idle session. The user, or the refusal to send.
 */
export async function authorizeSocketUpgrade(
  c: Context<ApiEnv>,
): Promise<{ user: SignedInUser; refusal?: never } | { user?: never; refusal: Response }> {
  if (c.req.header("upgrade")?.toLowerCase() !== "websocket") {
    return { refusal: c.json({ code: "upgrade_required", message: "Connect with a WebSocket." }, 426) };
  }
  const origin = c.req.header("origin");
  if (!origin || !getConfig().auth.trustedOrigins.includes(origin)) {
    return {
      refusal: c.json({ code: "forbidden_origin", message: "This connection did not come from the app." }, 403),
    };
  }
  const user = await getSignedInUser(c.req.raw);
  if (!user) return { refusal: c.json({ code: "unauthorized", message: "Please sign in again." }, 401) };
  return { user };
}
