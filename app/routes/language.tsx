import { LanguageSwitch } from "~/components/layout/language-switch";
import { Alert } from "~/components/ui/form-controls";
import { userContext } from "~/context";
import { pageMeta } from "~/lib/meta";
import { m } from "~/paraglide/messages";
import { LANGUAGE_SWITCH } from "~/shared/languages";
import { sameSitePath } from "~/shared/redirect-target";
import { switchLanguageAction } from "~worker/i18n/language-switch-form";
import type { Route } from "./+types/language";

export function meta({ matches, location }: Route.MetaArgs) {
  return [
    ...pageMeta({
      matches,
      pathname: location.pathname,
      title: m.language_switch_label(),
      description: m.language_switch_label(),
    }),
    { name: "robots", content: "noindex" },
  ];
}

/** Read by address, it offers the same switch. */
export function loader({ request }: Route.LoaderArgs) {
  return { back: sameSitePath(new URL(request.url).searchParams.get(LANGUAGE_SWITCH.backField)) };
}

export async function action({ request, context }: Route.ActionArgs) {
  return switchLanguageAction(request, context.get(userContext)?.id ?? null);
}

export default function Language({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <section className="mx-auto max-w-xl px-4 py-10">
      <h1 className="text-2xl font-bold text-slate-900">{m.language_switch_label()}</h1>
      {actionData?.error ? (
        <div className="mt-4">
          <Alert>{actionData.error}</Alert>
        </div>
      ) : null}
      <div className="mt-6">
        <LanguageSwitch back={actionData?.back ?? loaderData.back ?? "/"} tone="light" />
      </div>
    </section>
  );
}
