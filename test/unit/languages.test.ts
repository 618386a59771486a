import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  languageOf,
  languageOfPath,
  languagesOfHeader,
  localizedPath,
  unprefixedPath,
} from "~/shared/languages";

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

describe("a public page's address in each language", () => {
  it("is its path in the default language, prefixed in any other", () => {
    expect(localizedPath("/", "es")).toBe("/es");
    expect(localizedPath("/privacypolicy", "es")).toBe("/es/privacypolicy");
    expect(localizedPath("/es/privacypolicy", "en")).toBe("/privacypolicy");
    expect(localizedPath("/es", "en")).toBe("/");
    expect(localizedPath("/#how-it-works", "es")).toBe("/es#how-it-works");
    expect(localizedPath("/?x=1", "es")).toBe("/es?x=1");
  });

  it("leaves every other path as it is: its language is the visitor's", () => {
    expect(localizedPath("/chat", "es")).toBe("/chat");
    expect(localizedPath("/signup?next=%2Fchat", "es")).toBe("/signup?next=%2Fchat");
  });

  it("reads a language from the address's prefix only", () => {
    expect(languageOfPath("/es")).toBe("es");
    expect(languageOfPath("/es/termsofservice")).toBe("es");
    expect(languageOfPath("/en/termsofservice")).toBeNull();
    expect(languageOfPath("/espresso")).toBeNull();
    expect(unprefixedPath("/es/cookiepolicy")).toBe("/cookiepolicy");
  });
});
