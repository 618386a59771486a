import { describe, expect, it } from "vitest";
import {
  allContacts,
  CRISIS_HELP_TEXTS,
  CRISIS_LINE_PLACEHOLDER,
  crisisHelpInText,
  firstContacts,
  HELPLINE_DIRECTORY_URL,
  inDangerSentence,
  NO_COUNTRY_HELP,
  otherContacts,
  regionsOfLanguages,
  withCrisisLine,
} from "~/shared/crisis-help";
import { countryChoices, crisisHelpFor, isKnownCountry } from "../../worker/crisis-help/country-help";
import { visitorCountry } from "../../worker/crisis-help/country-order";
import { CRISIS_LINES } from "../../worker/crisis-help/crisis-lines";
import { EMERGENCY_NUMBERS, EMERGENCY_SOURCES } from "../../worker/crisis-help/emergency-numbers";

/**
 * The crisis-help table and how a visitor's country is chosen from it. A number in the table is
 * offered to someone in crisis as the one that connects where they are: every entry must say where
 * it was read and when, and be a number a phone in that country can dial.
 */

const today = new Date().toISOString().slice(0, 10);
const isDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value));
const isWebPage = (value: string) => /^https?:\/\/[^\s/]+\.[^\s/]+/.test(value) && URL.canParse(value);
const digits = (value: string) => value.replace(/\D/g, "");

describe("the table of emergency numbers", () => {
  const entries = Object.entries(EMERGENCY_NUMBERS);

  it("has about every country in the world, each by its ISO code", () => {
    expect(entries.length).toBeGreaterThanOrEqual(190);
    for (const [code] of entries) expect(code).toMatch(/^[A-Z]{2}$/);
  });

  it("gives every country a name and one to three dialable emergency numbers", () => {
    for (const [code, entry] of entries) {
      expect(entry.name.trim(), code).not.toBe("");
      expect(entry.numbers.length, code).toBeGreaterThanOrEqual(1);
      expect(entry.numbers.length, code).toBeLessThanOrEqual(3);
      for (const emergency of entry.numbers) {
        expect(emergency.number, code).toMatch(/^\d{2,7}$/);
        expect(["all", "ambulance", "police", "fire"], code).toContain(emergency.for);
      }
      expect(new Set(entry.numbers.map((emergency) => emergency.number)).size, code).toBe(entry.numbers.length);
    }
  });

  it("says where each country's numbers were read, and when", () => {
    for (const [code, entry] of entries) {
      const source = EMERGENCY_SOURCES[entry.source];
      expect(source, code).toBeDefined();
      if (!source) continue;
      expect(isWebPage(source.url), code).toBe(true);
      expect(isDate(source.checked) && source.checked <= today, code).toBe(true);
    }
  });

  it("names each country once", () => {
    const names = entries.map(([, entry]) => entry.name.toLowerCase());
    expect(new Set(names).size).toBe(names.length);
  });
});

describe("the table of crisis lines", () => {
  const countries = Object.entries(CRISIS_LINES);
  const lines = countries.flatMap(([code, list]) => (list ?? []).map((line) => ({ code, line })));

  it("has lines for many countries, and no country without its emergency number", () => {
    expect(countries.length).toBeGreaterThanOrEqual(15);
    for (const [code, list] of countries) {
      expect(isKnownCountry(code), `${code} has lines but no emergency number`).toBe(true);
      expect(list?.length, code).toBeGreaterThan(0);
    }
  });

  it("gives every line a name and a way to reach it that a phone in that country dials", () => {
    for (const { code, line } of lines) {
      const where = `${code}: ${line.name}`;
      expect(line.name.trim(), where).not.toBe("");
      expect(line.call !== undefined || line.text !== undefined, where).toBe(true);
      // As dialled inside the country: digits (a leading * or # where the network uses one), never +.
      if (line.call !== undefined) expect(line.call, where).toMatch(/^[*#]?\d{3,15}$/);
      if (line.callShown !== undefined) {
        expect(line.call, where).toBeDefined();
        expect(digits(line.callShown), where).toBe(digits(line.call ?? ""));
      }
      if (line.text !== undefined) {
        expect(line.text.number, where).toMatch(/^\d{3,15}$/);
        if (line.text.keyword !== undefined) expect(line.text.keyword, where).toMatch(/^[A-Za-z0-9]+$/);
      }
      if (line.hours !== null) expect(line.hours.trim(), where).not.toBe("");
      expect([true, false, null], where).toContain(line.free);
      for (const language of line.languages) expect(language, where).toMatch(/^[a-z]{2}$/);
    }
  });

  it("says where each line was read, and when", () => {
    for (const { code, line } of lines) {
      const where = `${code}: ${line.name}`;
      expect(isWebPage(line.source), where).toBe(true);
      expect(isDate(line.checked) && line.checked <= today, where).toBe(true);
    }
  });

  it("lists no line twice in a country", () => {
    for (const [code, list] of countries) {
      const keys = (list ?? []).map((line) => `${line.call ?? ""}/${line.text?.number ?? ""}`);
      expect(new Set(keys).size, code).toBe(keys.length);
    }
  });
});

describe("the visitor's country", () => {
  const none = { chosenHere: null, chosenOnAccount: null, network: null, acceptLanguage: null };

  it("is their own choice first: this browser's, then their account's", () => {
    expect(visitorCountry({ chosenHere: "MX", chosenOnAccount: "DE", network: "US", acceptLanguage: "en-GB" })).toBe(
      "MX",
    );
    expect(visitorCountry({ ...none, chosenOnAccount: "DE", network: "US", acceptLanguage: "en-GB" })).toBe("DE");
  });

  it("is next the network's country, where it is real, then the region of the browser's language", () => {
    expect(visitorCountry({ ...none, network: "IN", acceptLanguage: "en-GB" })).toBe("IN");
    expect(visitorCountry({ ...none, acceptLanguage: "es-MX,es;q=0.9,en;q=0.8" })).toBe("MX");
    expect(visitorCountry({ ...none, acceptLanguage: "is-IS" })).toBe("IS");
  });

  it("skips a clue the table does not know, and is not known when no clue is left", () => {
    // Forged, misspelt, or Cloudflare's own 'unknown' and 'Tor' codes: each says nothing.
    expect(visitorCountry({ ...none, chosenHere: "ZZ", acceptLanguage: "de-DE" })).toBe("DE");
    expect(visitorCountry({ ...none, chosenHere: "<script>", chosenOnAccount: "mx" })).toBe("MX");
    expect(visitorCountry({ ...none, network: "XX", acceptLanguage: "en-AU" })).toBe("AU");
    expect(visitorCountry({ ...none, network: "T1" })).toBeNull();
    expect(visitorCountry({ ...none, acceptLanguage: "de" })).toBeNull();
    expect(visitorCountry(none)).toBeNull();
  });

  it("reads the browser's languages in their order of preference", () => {
    expect(regionsOfLanguages("en;q=0.5, fr-CA;q=0.8, de-AT")).toEqual(["AT", "CA"]);
    expect(regionsOfLanguages("zh-Hant-TW")).toEqual(["TW"]);
    // A numeric region (Latin America) names no country; q=0 means "not this one".
    expect(regionsOfLanguages("es-419, pt-BR;q=0")).toEqual([]);
    expect(regionsOfLanguages("*")).toEqual([]);
    expect(regionsOfLanguages("")).toEqual([]);
  });
});

describe("the help a page shows", () => {
  it("is the country's lines and emergency number, the first line on the banner's line", () => {
    const help = crisisHelpFor("GB");
    expect(help.country).toEqual({ code: "GB", name: EMERGENCY_NUMBERS.GB?.name });
    expect(help.lines[0]?.name).toBe(CRISIS_LINES.GB?.[0]?.name);
    expect(firstContacts(help).map((contact) => contact.href)).toContain(`tel:${CRISIS_LINES.GB?.[0]?.call}`);
    const numbers = allContacts(help).map((contact) => contact.href);
    for (const emergency of help.emergency) expect(numbers).toContain(`tel:${emergency.number}`);
    // The rest are one tap away, none of them twice.
    expect(otherContacts(help).some((contact) => firstContacts(help).includes(contact))).toBe(false);
  });

  it("never offers another country's line: no 988 outside the countries whose own line it is", () => {
    for (const code of Object.keys(EMERGENCY_NUMBERS)) {
      const own = (CRISIS_LINES[code] ?? []).some((line) => line.call === "988");
      const hrefs = allContacts(crisisHelpFor(code)).map((contact) => contact.href);
      if (!own) expect(hrefs, code).not.toContain("tel:988");
    }
  });

  it("for a country with no line in the table: its emergency number, then the directory", () => {
    const code = Object.keys(EMERGENCY_NUMBERS).find((candidate) => !CRISIS_LINES[candidate]);
    expect(code).toBeDefined();
    const help = crisisHelpFor(code ?? null);
    expect(help.lines).toEqual([]);
    expect(help.emergency.length).toBeGreaterThan(0);
    expect(firstContacts(help).map((contact) => contact.href)).toEqual([`tel:${help.emergency[0]?.number}`]);
    expect(allContacts(help).at(-1)?.href).toBe(HELPLINE_DIRECTORY_URL);
    expect(inDangerSentence(help)).toMatch(new RegExp(`^If you are in danger, call ${help.emergency[0]?.number}\\b`));
  });

  it("for no country known, or a code the table lacks: no number at all, the directory", () => {
    for (const code of [null, "ZZ", "XX", ""]) expect(crisisHelpFor(code)).toEqual(NO_COUNTRY_HELP);
    expect(allContacts(NO_COUNTRY_HELP).map((contact) => contact.href)).toEqual([HELPLINE_DIRECTORY_URL]);
    expect(inDangerSentence(NO_COUNTRY_HELP)).toBe("If you are in danger, call your local emergency number.");
    expect(crisisHelpInText(NO_COUNTRY_HELP)).toContain(HELPLINE_DIRECTORY_URL);
  });

  it("says what to do in danger with the country's own numbers", () => {
    const us = crisisHelpFor("US");
    expect(inDangerSentence(us)).toBe("If you are in danger, call 988 (988 Suicide & Crisis Lifeline) or 911.");
    expect(crisisHelpInText(us)).toContain("988 Suicide & Crisis Lifeline: Call 988 or Text 988");
  });

  it("writes a saved reply's placeholder out as the visitor's own line", () => {
    const reply = `Please reach out to ${CRISIS_LINE_PLACEHOLDER} today.`;
    const gb = crisisHelpFor("GB");
    expect(withCrisisLine(reply, gb, "en")).toContain(`${gb.lines[0]?.name} (call ${gb.lines[0]?.callShown}`);
    expect(withCrisisLine(reply, NO_COUNTRY_HELP, "en")).toBe(
      `Please reach out to your local emergency number, or a helpline from ${HELPLINE_DIRECTORY_URL} today.`,
    );
    expect(withCrisisLine(reply, crisisHelpFor("DE"), "en")).toContain("TelefonSeelsorge (call 0800 111 0 111)");
    expect(withCrisisLine("No placeholder here.", gb, "en")).toBe("No placeholder here.");
  });

  it("writes the placeholder in the reply's language, whatever the page's", () => {
    const reply = `Comunícate con ${CRISIS_LINE_PLACEHOLDER} hoy.`;
    expect(withCrisisLine(reply, crisisHelpFor("US"), "es")).toBe(
      "Comunícate con 988 Suicide & Crisis Lifeline (llama al 988 o envía un SMS al 988) hoy.",
    );
    expect(withCrisisLine(reply, crisisHelpFor("MX"), "es")).toBe(
      `Comunícate con el número de emergencias de México (911) o una línea de ayuda de ${HELPLINE_DIRECTORY_URL} hoy.`,
    );
    expect(withCrisisLine(reply, NO_COUNTRY_HELP, "es")).toBe(
      `Comunícate con tu número local de emergencias o una línea de ayuda de ${HELPLINE_DIRECTORY_URL} hoy.`,
    );
    // The same help in English: the words follow the reply, not the page.
    expect(withCrisisLine("Call {crisis line}.", crisisHelpFor("MX"), "en")).toBe(
      `Call the emergency number in Mexico (911), or a helpline from ${HELPLINE_DIRECTORY_URL}.`,
    );
  });

  it("names a country inside a sentence as English does", () => {
    expect(CRISIS_HELP_TEXTS.notIn("United States")).toBe("Not in the United States? Choose your country");
    expect(CRISIS_HELP_TEXTS.notIn("Philippines")).toBe("Not in the Philippines? Choose your country");
    expect(CRISIS_HELP_TEXTS.notIn("Mexico")).toBe("Not in Mexico? Choose your country");
    expect(CRISIS_HELP_TEXTS.notIn("The Gambia")).toBe("Not in The Gambia? Choose your country");
  });

  it("offers every country of the table in the chooser, by name", () => {
    const choices = countryChoices();
    expect(choices.length).toBe(Object.keys(EMERGENCY_NUMBERS).length);
    const names = choices.map((choice) => choice.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en")));
  });
});
