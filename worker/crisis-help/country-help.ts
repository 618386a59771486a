import { getLocale } from "~/paraglide/runtime";
import { type CrisisHelp, countryName, NO_COUNTRY_HELP, type ShownCrisisLine } from "~/shared/crisis-help";
import { CRISIS_LINES } from "./crisis-lines";
import { EMERGENCY_NUMBERS } from "./emergency-numbers";

/** Pure lookups, so the tests and the emails ask the same functions as the pages. */

/** Every country the table has, it has an emergency number for. */
export function isKnownCountry(code: string | null): code is string {
  return code !== null && Object.hasOwn(EMERGENCY_NUMBERS, code);
}

export function tableCountryName(code: string | null): string | null {
  return isKnownCountry(code) ? (EMERGENCY_NUMBERS[code]?.name ?? null) : null;
}

export function crisisHelpFor(code: string | null): CrisisHelp {
  if (!isKnownCountry(code)) return NO_COUNTRY_HELP;
  const entry = EMERGENCY_NUMBERS[code];
  if (!entry) return NO_COUNTRY_HELP;
  const lines: ShownCrisisLine[] = (CRISIS_LINES[code] ?? []).map(
    ({ name, localName, call, callShown, dialNote, text, hours, free }) => ({
      name,
      ...(localName ? { localName } : {}),
      ...(call ? { call } : {}),
      ...(callShown ? { callShown } : {}),
      ...(dialNote ? { dialNote } : {}),
      ...(text ? { text } : {}),
      hours,
      free,
    }),
  );
  return { country: { code, name: entry.name }, emergency: entry.numbers, lines };
}

/** By name in the current language, in that language's order. */
export function countryChoices(): { code: string; name: string }[] {
  const locale = getLocale();
  return Object.entries(EMERGENCY_NUMBERS)
    .map(([code, entry]) => ({ code, name: countryName({ code, name: entry.name }) }))
    .sort((a, b) => a.name.localeCompare(b.name, locale));
}
