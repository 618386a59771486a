import { ENGLISH_CRISIS_PHRASES } from "./crisis-phrases/en";
import { SPANISH_CRISIS_PHRASES } from "./crisis-phrases/es";

/**
 * Crisis phrasing in a conversation: the phrases, one list per language (./crisis-phrases/), that
 * make the conversation offer the crisis resources (app/components/chat/crisis-banner.tsx) and put a
 * waiting support conversation first in the desk's queue with a flag only listeners see
 * (worker/chat/desk-link.ts). The match is never stored with the message or sent to the other side.
 * A language is added as one more file, listed in CRISIS_PHRASES_BY_LANGUAGE.
 *
 * How a phrase matches: whole words only, case-insensitively, after both the text and the phrase are
 * normalised the same way (see `normalise`): apostrophes are dropped ("don't" = "dont"), every other
 * run of non-letters (spaces, hyphens, punctuation, line breaks) is one space. So "self-harm",
 * "self  harm" and "SELF HARM!" are the same, and "skills" never contains "kms".
 *
 * What is in: suicidal and self-harm phrasing in English and in Spanish, in the first person, with
 * common misspellings and chat shorthand. What is deliberately out: everyday figures of speech
 * ("killing it at work", "this song kills me", "I could die laughing", "dying to see that film",
 * "kill me now", "me muero de risa", "me mata el calor", "mátame"), because a banner that shows for
 * everything stops being read. Some phrases show it in any context ("suicide", "overdose", "cut
 * myself", "want to die"): a film title ("Suicide Squad"), "I cut myself shaving" or "I don't want
 * to die" show it too. That is the chosen side of the trade: the banner is quiet, never blocks
 * anything and can be closed, while missing someone who wrote "suicide" costs far more.
 */
export const CRISIS_PHRASES_BY_LANGUAGE = {
  en: ENGLISH_CRISIS_PHRASES,
  es: SPANISH_CRISIS_PHRASES,
} as const satisfies Record<string, readonly string[]>;

/**
 * Every language's phrases at once: what a person writes is matched whatever language the page is
 * in (someone may write Spanish on an English page).
 */
export const CRISIS_PHRASES: readonly string[] = Object.values(CRISIS_PHRASES_BY_LANGUAGE).flat();

/** Phrases that mean something else right after a number: "kms" is also kilometres ("10 kms"). */
const NOT_AFTER_A_NUMBER: ReadonlySet<string> = new Set(["kms"]);

/** Lower case, apostrophes dropped, every other run of non-letters/digits one space, padded with spaces. */
function normalise(text: string): string {
  const words = text
    .normalize("NFKC")
    .toLowerCase()
    .replace(/['‘’`ʼ]/g, "")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
  return ` ${words} `;
}

/**
 * One expression for the whole list: each phrase between spaces of the normalised text (its padding
 * makes the start and the end count as spaces). Normalised phrases hold only letters, digits and
 * single spaces, so none needs escaping.
 */
const CRISIS_PATTERN = new RegExp(
  [...new Set(CRISIS_PHRASES.map((phrase) => normalise(phrase).trim()))]
    .map((phrase) => `${NOT_AFTER_A_NUMBER.has(phrase) ? "(?<!\\p{N} )" : ""}(?<= )${phrase}(?= )`)
    .join("|"),
  "u",
);

/** Whether the text contains any crisis phrase (see CRISIS_PHRASES for how one matches). */
export function containsCrisisPhrase(text: string): boolean {
  if (!text.trim()) return false;
  return CRISIS_PATTERN.test(normalise(text));
}
