import { type RouterContextProvider, redirect } from "react-router";
import { requestPathContext, sessionEndedContext, userContext } from "~/context";
import type { SignedInUser } from "~/shared/accounts";
import { signedInDestination, withNext } from "~/shared/redirect-target";
import { PATHS } from "~/shared/routes";
import { sessionEndPath } from "~/shared/session-end";

/** Spec section 6. A request whose session just ended goes where the browser's own logout would: /signup?reason=…. */
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
