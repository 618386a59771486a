import { CrisisResourcesBox } from "~/components/layout/crisis-resources-box";
import { Alert, primaryButtonClass, SelectField } from "~/components/ui/form-controls";
import { userContext } from "~/context";
import { useCrisisHelp } from "~/lib/crisis-help";
import { pageMeta } from "~/lib/meta";
import { COUNTRY_CHOOSER, CRISIS_HELP_TEXTS, countryName } from "~/shared/crisis-help";
import { sameSitePath } from "~/shared/redirect-target";
import { chooseCountryAction } from "~worker/crisis-help/country-choice-form";
import { countryChoices } from "~worker/crisis-help/country-help";
import type { Route } from "./+types/crisis-country";

export function meta({ matches, location }: Route.MetaArgs) {
  return [
    ...pageMeta({
      matches,
      pathname: location.pathname,
      title: CRISIS_HELP_TEXTS.chooserTitle,
      description: CRISIS_HELP_TEXTS.chooserIntro,
    }),
    { name: "robots", content: "noindex" },
  ];
}

/** A real form, so it works without scripts; `?back=` is the page it returns to. */
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  return {
    countries: countryChoices().map(({ code, name }) => ({ value: code, label: name })),
    back: sameSitePath(url.searchParams.get(COUNTRY_CHOOSER.backField)),
    chosen: url.searchParams.has("chosen"),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  return chooseCountryAction(request, context.get(userContext)?.id ?? null);
}

export default function CrisisCountry({ loaderData, actionData }: Route.ComponentProps) {
  const help = useCrisisHelp();
  const back = actionData?.back ?? loaderData.back;
  return (
    <section className="mx-auto max-w-xl px-4 py-10">
      <h1 className="text-2xl font-bold text-slate-900">{CRISIS_HELP_TEXTS.chooserTitle}</h1>
      <p className="mt-2 text-slate-700">{CRISIS_HELP_TEXTS.chooserIntro}</p>
      <p className="mt-4 text-slate-700" role="status">
        {help.country
          ? (loaderData.chosen ? CRISIS_HELP_TEXTS.chooserSaved : CRISIS_HELP_TEXTS.chooserCurrent)(
              countryName(help.country),
            )
          : CRISIS_HELP_TEXTS.chooserNoneYet}
      </p>
      {actionData?.error ? (
        <div className="mt-4">
          <Alert>{actionData.error}</Alert>
        </div>
      ) : null}
      {/* A document post, with scripts too: every page after it loads with the new country's help. */}
      <form method="post" action={COUNTRY_CHOOSER.path} className="mt-6 flex flex-col gap-4">
        <input type="hidden" name={COUNTRY_CHOOSER.backField} value={back ?? ""} />
        <SelectField
          label={CRISIS_HELP_TEXTS.chooserLabel}
          name={COUNTRY_CHOOSER.field}
          placeholder={CRISIS_HELP_TEXTS.chooserPlaceholder}
          options={loaderData.countries}
          defaultValue={help.country?.code ?? ""}
          required
          error={actionData?.error}
        />
        <button type="submit" className={primaryButtonClass}>
          {CRISIS_HELP_TEXTS.chooserSubmit}
        </button>
      </form>
      {back ? (
        <p className="mt-4">
          <a href={back} className="font-semibold text-brand-800 underline underline-offset-2 hover:decoration-2">
            {CRISIS_HELP_TEXTS.back}
          </a>
        </p>
      ) : null}
      <div className="mt-10">
        <CrisisResourcesBox tone="light" />
      </div>
    </section>
  );
}
