import { userContext } from "~/context";
import { signUpAction } from "~worker/accounts/sign-up-form-post";
import { actionAsJson } from "~worker/http/action-as-json";
import type { Route } from "./+types/signup-steps";

/** The page loads no framework, so it cannot read the framework's encoding of the same action's data. */
export async function action({ request, context }: Route.ActionArgs) {
  return actionAsJson(() => signUpAction(request, context.get(userContext)));
}
