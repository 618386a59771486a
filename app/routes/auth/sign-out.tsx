import { Link, redirect } from "react-router";
import { Alert, primaryButtonClass } from "~/components/ui/form-controls";
import { userContext } from "~/context";
import { pageMeta } from "~/lib/meta";
import { PATHS } from "~/shared/routes";
import { SIGN_OUT_TEXTS } from "~/shared/session-end";
import { signOutAction } from "~worker/auth/sign-out-form";
import type { Route } from "./+types/sign-out";

export function meta({ matches, location }: Route.MetaArgs) {
  return [
    ...pageMeta({
      matches,
      pathname: location.pathname,
      title: SIGN_OUT_TEXTS.pageTitle,
      description: SIGN_OUT_TEXTS.question,
    }),
    { name: "robots", content: "noindex" },
  ];
}

/** A GET never writes: read by address, it asks with the same button. */
export function loader({ context }: Route.LoaderArgs) {
  if (!context.get(userContext)) throw redirect(PATHS.signup);
  return null;
}

export async function action({ request }: Route.ActionArgs) {
  return signOutAction(request);
}

export default function SignOut({ actionData }: Route.ComponentProps) {
  return (
    <section className="mx-auto max-w-md px-4 py-10">
      <h1 className="text-2xl font-bold text-slate-900">{SIGN_OUT_TEXTS.pageTitle}</h1>
      <p className="mt-2 text-slate-700">{SIGN_OUT_TEXTS.question}</p>
      {actionData?.error ? (
        <div className="mt-4">
          <Alert>{actionData.error}</Alert>
        </div>
      ) : null}
      {/* A document post, with scripts too: /signup then loads whole, keeping nothing of this session. */}
      <form method="post" action={PATHS.signOut} className="mt-6 flex flex-col gap-3">
        <button type="submit" className={primaryButtonClass}>
          {SIGN_OUT_TEXTS.button}
        </button>
        <Link
          to={PATHS.chat}
          className="rounded-full px-6 py-3 text-center text-base font-semibold text-brand-800 ring-1 ring-brand-200 ring-inset hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
        >
          {SIGN_OUT_TEXTS.cancel}
        </Link>
      </form>
    </section>
  );
}
