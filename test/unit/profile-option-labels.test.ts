import { describe, expect, it } from "vitest";
import { m } from "~/paraglide/messages";
import { LANGUAGES } from "~/shared/languages";
import { type OptionField, optionChoices, optionLabel, PROFILE_OPTION_LISTS } from "~/shared/profile-option-labels";
import { COUNTRIES, HEIGHTS, POSTAL_CODE_PATTERNS } from "~/shared/profile-options";

/**
 * The words a person reads for each profile option. That every option has a label is the
 * typecheck's business (a list entry without one does not compile); these check what the labels say.
 */

const FIELDS = Object.keys(PROFILE_OPTION_LISTS) as OptionField[];
const es = { locale: "es" as const };

describe("every option of every list", () => {
  it("has a label in every language, and no two options of a list read the same", () => {
    for (const language of LANGUAGES) {
      for (const field of FIELDS) {
        const labels = PROFILE_OPTION_LISTS[field].map((value: string) => optionLabel(field, value, language));
        for (const label of labels) expect(label.trim(), `${language}: ${field}`).not.toBe("");
        expect(new Set(labels).size, `${language}: ${field}`).toBe(labels.length);
      }
    }
  });

  it("reads in English as it is stored", () => {
    for (const field of FIELDS) {
      for (const value of PROFILE_OPTION_LISTS[field]) expect(optionLabel(field, value, "en")).toBe(value);
    }
  });

  it("reads in Spanish in Spanish words, except the heights and the words both languages share", () => {
    const sameInBoth = new Set([...HEIGHTS, "Pentecostal"]);
    for (const field of FIELDS) {
      if (field === "country") continue; // CLDR's names, some the same in both (Chile, Israel)
      for (const value of PROFILE_OPTION_LISTS[field]) {
        if (!sameInBoth.has(value)) expect(optionLabel(field, value, "es"), `${field}: ${value}`).not.toBe(value);
      }
    }
  });
});

describe("in Spanish", () => {
  it("names the options in neutral Spanish, from the messages", () => {
    expect(optionLabel("gender", "Female", "es")).toBe(m.auth_gender_female({}, es));
    expect(optionLabel("denomination", "Anglican/Episcopal", "es")).toBe("Anglicana/Episcopal");
    expect(optionLabel("eyeColor", "Brown", "es")).toBe("Café");
    expect(optionLabel("hobbies", "Board Games", "es")).toBe("Juegos de mesa");
    expect(optionLabel("annualIncome", "$200,000+", "es")).toBe("US$200,000 o más");
    expect(optionLabel("familyPlans", "Don't want children", "es")).toBe("No quiero tener hijos");
  });

  it("names countries and languages through Intl, capitalised as labels", () => {
    expect(optionLabel("country", "Canada", "es")).toBe("Canadá");
    expect(optionLabel("country", "United Kingdom", "es")).toBe("Reino Unido");
    expect(optionLabel("country", "South Korea", "es")).toBe("Corea del Sur");
    expect(optionLabel("country", "Other", "es")).toBe("Otro");
    expect(optionLabel("languagesSpoken", "Spanish", "es")).toBe("Español");
    expect(optionLabel("languagesSpoken", "Chinese", "es")).toBe("Chino");
    expect(optionLabel("languagesSpoken", "Other", "es")).toBe("Otro");
  });

  it("keeps the heights as they are: feet, inches and centimetres", () => {
    expect(optionLabel("height", `5'6" (168 cm)`, "es")).toBe(`5'6" (168 cm)`);
  });

  it("shows a value no list holds as it is stored", () => {
    expect(optionLabel("denomination", "Quaker", "es")).toBe("Quaker");
  });
});

describe("the order a form offers the choices in", () => {
  it("is the list's own in every language, each choice posting its stored value", () => {
    for (const language of LANGUAGES) {
      for (const field of FIELDS.filter((field) => field !== "country")) {
        expect(optionChoices(field, language).map((choice) => choice.value)).toEqual([...PROFILE_OPTION_LISTS[field]]);
      }
    }
  });

  it("puts the nine named countries first and Other last, and the rest in the reader's alphabetical order", () => {
    const named = Object.keys(POSTAL_CODE_PATTERNS);
    expect(optionChoices("country", "en").map((choice) => choice.value)).toEqual([...COUNTRIES]);
    const spanish = optionChoices("country", "es");
    expect(spanish.map((choice) => choice.value).sort()).toEqual([...COUNTRIES].sort());
    expect(spanish.slice(0, named.length).map((choice) => choice.value)).toEqual(named);
    expect(spanish.at(-1)).toEqual({ value: "Other", label: "Otro" });
    const rest = spanish.slice(named.length, -1).map((choice) => choice.label);
    expect(rest).toEqual([...rest].sort(new Intl.Collator("es").compare));
    // Spain is 'España', Egypt 'Egipto': in Spanish they come in another order than in English.
    const at = (value: string) => spanish.findIndex((choice) => choice.value === value);
    expect(at("Egypt")).toBeLessThan(at("Spain"));
    expect(at("Spain")).toBeLessThan(at("Ethiopia"));
  });
});
