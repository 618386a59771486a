import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { DEFAULT_LANGUAGE, LANGUAGES, languageOf, languagesOfHeader } from "~/shared/languages";

/** The languages the site speaks, how a request's is read, and that every message exists in each. */

const settings = JSON.parse(readFileSync("project.inlang/settings.json", "utf8")) as {
  baseLocale: string;
  locales: string[];
};
const messagesOf = (language: string) =>
  JSON.parse(readFileSync(`messages/${language}.json`, "utf8")) as Record<string, string>;
/** A message's parameters, `{name}`, as a sorted list. */
const parametersOf = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

describe("the languages", () => {
  it("are the inlang project's, with English the default, and one messages file each", () => {
    expect([...LANGUAGES]).toEqual(settings.locales);
    expect(DEFAULT_LANGUAGE).toBe("en");
    expect(settings.baseLocale).toBe("en");
    expect(readdirSync("messages").sort()).toEqual(settings.locales.map((language) => `${language}.json`).sort());
  });

  it("have every message, with the same parameters, and none empty", () => {
    const base = messagesOf(DEFAULT_LANGUAGE);
    const keys = Object.keys(base).filter((key) => key !== "$schema");
    expect(keys.length).toBeGreaterThan(0);
    for (const language of LANGUAGES) {
      const messages = messagesOf(language);
      expect(
        Object.keys(messages)
          .filter((key) => key !== "$schema")
          .sort(),
        language,
      ).toEqual([...keys].sort());
      for (const key of keys) {
        const text = messages[key] ?? "";
        expect(text.trim(), `${language}: ${key}`).not.toBe("");
        expect(parametersOf(text), `${language}: ${key}`).toEqual(parametersOf(base[key] ?? ""));
      }
    }
  });
});

describe("a request's language", () => {
  it("takes a code the site speaks, whatever its case, and nothing else", () => {
    expect(languageOf("es")).toBe("es");
    expect(languageOf(" EN ")).toBe("en");
    for (const value of ["xx", "es-MX", "", "<script>", null, 3]) expect(languageOf(value)).toBeNull();
  });

  it("reads the browser's languages in their order of preference, by their primary tag", () => {
    expect(languagesOfHeader("es-MX,es;q=0.9,en;q=0.8")).toEqual(["es", "en"]);
    expect(languagesOfHeader("fr-FR, en;q=0.5, es;q=0.7")).toEqual(["es", "en"]);
    expect(languagesOfHeader("es;q=0, en")).toEqual(["en"]);
    expect(languagesOfHeader("de-DE")).toEqual([]);
    expect(languagesOfHeader(null)).toEqual([]);
  });
});
