import { countryCodeOf, regionsOfLanguages } from "~/shared/crisis-help";
import { isKnownCountry } from "./country-help";

/** Each clue is as it came: unchecked. */
export type CountryClues = {
  chosenHere: string | null | undefined;
  chosenOnAccount: string | null | undefined;
  /** Only where configuration says it is real. */
  network: string | null | undefined;
  acceptLanguage: string | null | undefined;
};

/** A clue the table does not know (forged, Cloudflare's "XX" or "T1") is skipped; null with none left. */
export function visitorCountry(clues: CountryClues): string | null {
  for (const clue of [clues.chosenHere, clues.chosenOnAccount, clues.network]) {
    const code = countryCodeOf(clue);
    if (isKnownCountry(code)) return code;
  }
  return regionsOfLanguages(clues.acceptLanguage ?? null).find(isKnownCountry) ?? null;
}
