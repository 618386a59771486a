import { Fragment, type ReactNode } from "react";
import { Link } from "react-router";
import { SignInForm, type SignInResult } from "~/components/auth/sign-in-form";
import { SignUpForm, type SignUpResult } from "~/components/auth/sign-up-form";
import { Alert } from "~/components/ui/form-controls";
import { legalLinkLabel } from "~/lib/legal-link-labels";
import { m } from "~/paraglide/messages";
import { withNext } from "~/shared/redirect-target";
import { PATHS } from "~/shared/routes";

type AuthScreenProps = {
  notice: string | null;
  /** Checked by the server. */
  next: string | null;
} & (
  | { mode: "signup"; username: string; personCheckSiteKey: string | null; result: SignUpResult | undefined }
  | { mode: "signin"; result: SignInResult | undefined }
);

/** Switching goes to the other address, which mounts a fresh form: all form state is cleared. */
export function AuthScreen(props: AuthScreenProps) {
  const { notice, next } = props;
  const signup = props.mode === "signup";
  return (
    <section className="bg-gradient-to-b from-brand-50 to-white px-4 py-12 sm:py-16">
      <div className="mx-auto max-w-md rounded-2xl bg-white p-6 shadow-md ring-1 ring-brand-100 sm:p-8">
        <h1 className="text-2xl font-bold text-brand-900">
          {signup ? m.auth_sign_up_title() : m.auth_sign_in_title()}
        </h1>
        <p className="mt-1 text-sm text-slate-600">{signup ? m.auth_sign_up_lead() : m.auth_sign_in_lead()}</p>
        {notice ? (
          <div className="mt-4">
            <Alert tone="info">{notice}</Alert>
          </div>
        ) : null}
        <div className="mt-6">
          {props.mode === "signup" ? (
            <SignUpForm
              username={props.username}
              next={next}
              result={props.result}
              personCheckSiteKey={props.personCheckSiteKey}
            />
          ) : (
            <SignInForm next={next} result={props.result} />
          )}
        </div>
        <p className="mt-6 text-center text-sm text-slate-700">
          {signup ? m.auth_have_account() : m.auth_new_here()}{" "}
          <Link
            to={withNext(signup ? PATHS.login : PATHS.signup, next)}
            className="font-semibold text-brand-700 underline-offset-2 hover:underline"
          >
            {signup ? m.auth_sign_in_link() : m.auth_create_account_link()}
          </Link>
        </p>
        <p className="mt-4 text-center text-xs text-slate-600">
          {withLinks(m.auth_agreement({ terms: LINK_MARK.terms, privacy: LINK_MARK.privacy }), {
            [LINK_MARK.terms]: (
              <Link to={PATHS.termsOfService} className="underline">
                {legalLinkLabel(PATHS.termsOfService)}
              </Link>
            ),
            [LINK_MARK.privacy]: (
              <Link to={PATHS.privacyPolicy} className="underline">
                {legalLinkLabel(PATHS.privacyPolicy)}
              </Link>
            ),
          })}
        </p>
      </div>
    </section>
  );
}

/** Words no translation contains. */
const LINK_MARK = { terms: "[[terms]]", privacy: "[[privacy]]" } as const;

/** So a language may put the links in its own order. */
function withLinks(sentence: string, links: Record<string, ReactNode>): ReactNode[] {
  return sentence
    .split(/(\[\[\w+\]\])/)
    .filter((part) => part !== "")
    .map((part) => <Fragment key={part}>{links[part] ?? part}</Fragment>);
}
