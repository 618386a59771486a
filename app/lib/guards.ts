import { type RouterContextProvider, redirect } from "react-router";
import { userContext } from "~/context";
import type { SignedInUser } from "~/lib/accounts";

/**
 * Server-side guards for route loaders (spec section 6): screens for signed-in people send
 * signed-out visitors to /signup (or /login for the thank-you page), and the sign-in screens send a
 * signed-in person on to /chat.
 */
export function requireUser(context: Readonly<RouterContextProvider>, signInPath = "/signup"): SignedInUser {
  const user = context.get(userContext);
  if (!user) throw redirect(signInPath);
  return user;
}

export function requireGuest(context: Readonly<RouterContextProvider>): void {
  if (context.get(userContext)) throw redirect("/chat");
}
