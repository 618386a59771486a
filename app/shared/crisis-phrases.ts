/**
 * Crisis phrasing in a conversation: the one list of phrases that makes the conversation offer the
 * crisis resources (app/components/chat/crisis-banner.tsx), and that puts a waiting support
 * conversation first in the desk's queue with a flag only listeners see (worker/chat/desk-link.ts). The match itself is never stored with the message or sent to the visitor's contact.
 *
 * How a phrase matches: whole words only, case-insensitively, after both the text and the phrase are
 * normalised the same way (see `normalise`): apostrophes are dropped ("don't" = "dont"), every other
 * run of non-letters (spaces, hyphens, punctuation, line breaks) is one space. So "self-harm",
 * "self  harm" and "SELF HARM!" are the same, and "skills" never contains "kms".
 *
 * What is in: suicidal and self-harm phrasing, in the first person, with common misspellings and
 * chat shorthand. What is deliberately out: everyday figures of speech ("killing it at work", "this
 * song kills me", "I could die laughing", "dying to see that film", "kill me now"), because a banner
 * that shows for everything stops being read. Some phrases show it in any context ("suicide",
 * "overdose", "cut myself", "want to die"): a film title ("Suicide Squad"), "I cut myself shaving"
 * or "I don't want to die" show it too. That is the chosen side of the trade: the banner is quiet,
 * never blocks anything and can be closed, while missing someone who wrote "suicide" costs far more.
 */
export const CRISIS_PHRASES: readonly string[] = [
  // Suicide, and its common misspellings.
  "suicide",
  "suicides",
  "suicidal",
  "suicidally",
  "suicde",
  "suicid",
  "sucide",
  "suiside",
  "suicied",
  "suacide",
  "sucidal",
  "suicdal",
  "suisidal",
  "suicidial",
  "suacidal",
  "commit suicide",
  // Killing oneself, with shorthand and misspellings.
  "kill myself",
  "kill my self",
  "killing myself",
  "killing my self",
  "killed myself",
  "kil myself",
  "kil my self",
  "kill myslef",
  "kill mysef",
  "kill meself",
  "killmyself",
  "kms",
  "unalive myself",
  "unaliving myself",
  // Ending one's life.
  "end my life",
  "end my own life",
  "ending my life",
  "end it all",
  "ending it all",
  "take my life",
  "take my own life",
  "taking my life",
  "taking my own life",
  "end myself",
  // Wanting to die, not wanting to live.
  "want to die",
  "wanna die",
  "want 2 die",
  "wanting to die",
  "wish i was dead",
  "wish i were dead",
  "want to be dead",
  "better off dead",
  "better off without me",
  "no reason to live",
  "nothing to live for",
  "don't want to live",
  "dont wanna live",
  "do not want to live",
  "don't want to be alive",
  "do not want to be alive",
  "don't want to be here anymore",
  "can't go on living",
  // Self-harm.
  "self harm",
  "self harming",
  "selfharm",
  "self injury",
  "self injure",
  "hurt myself",
  "hurting myself",
  "harm myself",
  "harming myself",
  "cut myself",
  "cutting myself",
  "slit my wrists",
  "slitting my wrists",
  "hang myself",
  "hanging myself",
  "shoot myself",
  "overdose",
  "overdosed",
  "overdosing",
];

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
