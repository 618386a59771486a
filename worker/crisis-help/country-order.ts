import { countryCodeOf, regionsOfLanguages } from "~/shared/crisis-help";
import { isKnownCountry } from "./country-help";

/** What a request says of where its visitor is. Each clue is as it came: unchecked. */
export type CountryClues = {
  /** The visitor's own choice, from this browser's cookie. */
  chosenHere: string | null | undefined;
  /** The visitor's own choice, kept on their account (signed in only). */
  chosenOnAccount: string | null | undefined;
  /** Cloudflare's country for the request's address, only where configuration says it is real. */
  network: string | null | undefined;
  /** The browser's Accept-Language header. */
  acceptLanguage: string | null | undefined;
};

/**
 * The visitor's country, in order: their own choice (this browser's, then their account's), the
 * network's where it is real, the region of their browser's language. A clue the table does not know
 * (forged, misspelt, a country it lacks, Cloudflare's "XX" or "T1") says nothing, and the next one
 * is asked; with none left the country is not known (null).
 */
export function visitorCountry(clues: CountryClues): string | null {
  for (const clue of [clues.chosenHere, clues.chosenOnAccount, clues.network]) {
    const code = countryCodeOf(clue);
    if (isKnownCountry(code)) return code;
  }
  return regionsOfLanguages(clues.acceptLanguage ?? null).find(isKnownCountry) ?? null;
}
