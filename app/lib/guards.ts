import { type RouterContextProvider, redirect } from "react-router";
import { requestPathContext, sessionEndedContext, userContext } from "~/context";
import type { SignedInUser } from "~/shared/accounts";
import { signedInDestination, withNext } from "~/shared/redirect-target";
import { PATHS } from "~/shared/routes";
import { sessionEndPath } from "~/shared/session-end";

/**
 * Server-side guards for route loaders (spec section 6): screens for signed-in people send
 * signed-out visitors to /signup (or /login for the thank-you page) with where they were going, so
 * signing in brings them back there; the sign-in screens send a signed-in person on to that place,
 * or to /chat. A request whose session has just ended (the server's own inactivity logout, say,
 * found by a page that slept) goes where the browser's own logout would: /signup?reason=…, which
 * says why and opens on signing in.
 */
export function requireUser(context: Readonly<RouterContextProvider>, signInPath: string = PATHS.signup): SignedInUser {
  const user = context.get(userContext);
  if (user) return user;
  const path = context.get(requestPathContext);
  const ended = context.get(sessionEndedContext);
  throw redirect(ended ? sessionEndPath(ended, path) : withNext(signInPath, path));
}

export function requireGuest(context: Readonly<RouterContextProvider>, target: string | null): void {
  if (context.get(userContext)) throw redirect(signedInDestination(target));
}
