import { data, type RouterContextProvider } from "react-router";
import { requireUser } from "~/lib/guards";
import type { SignedInUser } from "~/shared/accounts";
import { canUseDesk } from "~worker/desk/listeners";

/**
 * The desk's pages are for listeners and the admin (issue 25): a signed-out visitor goes to sign in
 * like on any signed-in page; anyone else signed in gets the not-found page, so the desk is not
 * even shown to exist.
 */
export async function requireDeskUser(context: Readonly<RouterContextProvider>): Promise<SignedInUser> {
  const user = requireUser(context);
  if (!(await canUseDesk(user))) throw data("Not Found", { status: 404 });
  return user;
}
