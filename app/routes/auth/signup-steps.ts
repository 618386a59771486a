import { userContext } from "~/context";
import { signUpAction } from "~worker/accounts/sign-up-form-post";
import { actionAsJson } from "~worker/http/action-as-json";
import type { Route } from "./+types/signup-steps";

/**
 * POST /signup/steps: the /signup action (create an account) answering the sign-up page's script
 * in JSON. The page loads no framework, so it cannot read the framework's encoding of the same
 * action's data; the action and its rules are the one in ~worker/accounts/sign-up-form-post.ts.
 * The script posts the account first, saying a picture follows, then the uploaded picture's key
 * (SIGN_UP_POST).
 */
export async function action({ request, context }: Route.ActionArgs) {
  return actionAsJson(() => signUpAction(request, context.get(userContext)));
}
