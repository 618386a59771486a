import { data, redirect } from "react-router";
import { sessionEndPath } from "~/shared/session-end";
import { readPostedForm } from "../http/posted-form";
import { callAuthEndpoint, cookieHeaders } from "./auth-endpoint";

/**
 * The account menu's 'Sign Out' posted as a form (a page without scripts): through better-auth's
 * own endpoint, so its origin check applies and its hook closes this session's sockets (auth.ts),
 * exactly as the scripted sign-out does. Then the same destination: /signup, saying why.
 */
export async function signOutAction(request: Request) {
  // Nothing in it is needed, but a body that is no form is no sign-out form either.
  await readPostedForm(request);
  const result = await callAuthEndpoint(request, "/sign-out", {});
  if (!result.ok) return data({ error: result.message }, { status: result.status });
  throw redirect(sessionEndPath("signed-out"), { headers: cookieHeaders(result.cookies) });
}
