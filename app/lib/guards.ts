import { type RouterContextProvider, redirect } from "react-router";
import { requestPathContext, userContext } from "~/context";
import type { SignedInUser } from "~/lib/accounts";
import { signedInDestination, withNext } from "~/lib/redirect-target";
import { PATHS } from "~/lib/routes";

/**
 * Server-side guards for route loaders (spec section 6): screens for signed-in people send
 * signed-out visitors to /signup (or /login for the thank-you page) with where they were going, so
 * signing in brings them back there; the sign-in screens send a signed-in person on to that place,
 * or to /chat.
 */
export function requireUser(context: Readonly<RouterContextProvider>, signInPath: string = PATHS.signup): SignedInUser {
  const user = context.get(userContext);
  if (!user) throw redirect(withNext(signInPath, context.get(requestPathContext)));
  return user;
}

export function requireGuest(context: Readonly<RouterContextProvider>, target: string | null): void {
  if (context.get(userContext)) throw redirect(signedInDestination(target));
}
