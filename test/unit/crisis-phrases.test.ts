import { describe, expect, it } from "vitest";
import { CRISIS_PHRASES, containsCrisisPhrase } from "~/shared/crisis-phrases";

/** Suicidal and self-harm phrasing as people write it in a chat: casing, shorthand, misspellings. */
const MUST_MATCH = [
  "I want to kill myself",
  "i wanna kms",
  "KMS",
  "honestly kms.",
  "I'm suicidal",
  "I've been feeling sucidal lately",
  "thinking about suicde again",
  "I keep thinking about suicide",
  "I want to end my life",
  "i'm going to take my own life",
  "I want to end it all",
  "I don't want to live anymore",
  "I don’t want to live anymore", // a typographic apostrophe
  "i dont want to live",
  "I do not want to be alive",
  "i just want to die",
  "I wanna die",
  "Everyone would be better off without me",
  "I'd be better off dead",
  "There's no reason to live",
  "I have nothing to live for",
  "I keep hurting myself",
  "I cut myself again last night",
  "self-harm",
  "self harm",
  "SELF   HARM",
  "selfharm",
  "I took an overdose",
  "kil myself",
  "kill my self",
  "kill-myself",
  "kill\nmyself",
  "Kill Myself",
  "i wish i was dead",
  "I want to hang myself",
];

/** Everyday figures of speech and look-alike words that must not show the banner. */
const MUST_NOT_MATCH = [
  "I'm killing it at work",
  "this song kills me",
  "I could die laughing",
  "I'm dying to see that film",
  "kill me now, this meeting is endless",
  "my phone is dead",
  "I would die for my kids",
  "I ran 10 kms today",
  "that was 5 KMS from here",
  "my skills are improving",
  "the pesticide killed the weeds",
  "this is the end of it all", // "end of it all", not "end it all"
  "I kill time playing games",
  "a self-help book about harmony",
  "cutting my hair tomorrow",
  "I'm so tired of this traffic",
  "",
  "   ",
];

describe("crisis phrases", () => {
  it.each(MUST_MATCH)("finds crisis phrasing in %j", (text) => {
    expect(containsCrisisPhrase(text)).toBe(true);
  });

  it.each(MUST_NOT_MATCH)("leaves %j alone", (text) => {
    expect(containsCrisisPhrase(text)).toBe(false);
  });

  it("matches whole words only, never inside another word", () => {
    expect(containsCrisisPhrase("suicidegirls")).toBe(false);
    expect(containsCrisisPhrase("overdosage")).toBe(false);
    expect(containsCrisisPhrase("skmsk")).toBe(false);
    expect(containsCrisisPhrase("10kms")).toBe(false);
  });

  it("finds a phrase anywhere in a long text", () => {
    const text = `${"Today was long and the bus was late. ".repeat(100)}I think about suicide. ${"Anyway. ".repeat(100)}`;
    expect(containsCrisisPhrase(text)).toBe(true);
  });

  // Decisions (see the module's comment): these show the banner on purpose, because a quiet banner
  // that can be closed costs less than missing someone.
  it("shows for the words themselves whatever the context: a film title, an accident, a fear", () => {
    expect(containsCrisisPhrase("Suicide Squad is a film")).toBe(true);
    expect(containsCrisisPhrase("I cut myself shaving")).toBe(true);
    expect(containsCrisisPhrase("I don't want to die")).toBe(true);
  });

  it("matches every phrase of its own list, whatever its case", () => {
    for (const phrase of CRISIS_PHRASES) {
      expect(containsCrisisPhrase(phrase), phrase).toBe(true);
      expect(containsCrisisPhrase(`So. ${phrase.toUpperCase()}!`), phrase).toBe(true);
    }
  });
});
