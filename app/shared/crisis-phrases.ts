import { ENGLISH_CRISIS_PHRASES } from "./crisis-phrases/en";
import { SPANISH_CRISIS_PHRASES } from "./crisis-phrases/es";

/**
 * The match is never stored with the message or sent to the other side. Whole words, after
 * `normalise`: "self-harm" and "SELF HARM!" match alike, and "skills" never contains "kms".
 *
 * Everyday figures of speech ("killing it at work", "me muero de risa") are deliberately out: a
 * banner that shows for everything stops being read. Some phrases show it in any context ("suicide"):
 * the banner is quiet and closable, while missing someone who wrote "suicide" costs far more.
 * A language is one more file in ./crisis-phrases/, listed here.
 */
export const CRISIS_PHRASES_BY_LANGUAGE = {
  en: ENGLISH_CRISIS_PHRASES,
  es: SPANISH_CRISIS_PHRASES,
} as const satisfies Record<string, readonly string[]>;

/** Someone may write Spanish on an English page. */
export const CRISIS_PHRASES: readonly string[] = Object.values(CRISIS_PHRASES_BY_LANGUAGE).flat();

/** "kms" is also kilometres ("10 kms"). */
const NOT_AFTER_A_NUMBER: ReadonlySet<string> = new Set(["kms"]);

function normalise(text: string): string {
  const words = text
    .normalize("NFKC")
    .toLowerCase()
    .replace(/['‘’`ʼ]/g, "")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
  return ` ${words} `;
}

/** Normalised phrases hold only letters, digits and single spaces, so none needs escaping. */
const CRISIS_PATTERN = new RegExp(
  [...new Set(CRISIS_PHRASES.map((phrase) => normalise(phrase).trim()))]
    .map((phrase) => `${NOT_AFTER_A_NUMBER.has(phrase) ? "(?<!\\p{N} )" : ""}(?<= )${phrase}(?= )`)
    .join("|"),
  "u",
);

export function containsCrisisPhrase(text: string): boolean {
  if (!text.trim()) return false;
  return CRISIS_PATTERN.test(normalise(text));
}
