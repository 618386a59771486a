import { data, redirect } from "react-router";
import { COUNTRY_CHOOSER, CRISIS_HELP_TEXTS, countryCodeOf } from "~/shared/crisis-help";
import { sameSitePath } from "~/shared/redirect-target";
import { readFormBody } from "../http/posted-form";
import { isKnownCountry } from "./country-help";
import { rememberCountry } from "./visitor-help";

export type CountryChoiceRefusal = { error: string; back: string | null };

/** Anything but a country the table knows is refused with a 400 and changes nothing. */
export async function chooseCountryAction(request: Request, userId: string | null) {
  const form = await readFormBody(request);
  const back = sameSitePath(form?.get(COUNTRY_CHOOSER.backField));
  const country = countryCodeOf(form?.get(COUNTRY_CHOOSER.field));
  if (!isKnownCountry(country)) {
    return data<CountryChoiceRefusal>({ error: CRISIS_HELP_TEXTS.chooserInvalid, back }, { status: 400 });
  }
  await rememberCountry(request, userId, country);
  throw redirect(back ?? `${COUNTRY_CHOOSER.path}?chosen=1`, 303);
}
