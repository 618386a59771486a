import { describe, expect, it } from "vitest";
import { EDIT_SECTIONS, PROFILE_LABELS, PROFILE_OPTIONS } from "~/lib/profile-labels";
import {
  DENOMINATIONS,
  ETHNICITIES,
  EYE_COLORS,
  HAIR_COLORS,
  HEIGHTS,
  HOBBIES,
  LANGUAGES,
  MINISTRY_INTERESTS,
  SERVICE_ACTIVITIES,
} from "~/shared/profile-options";
import {
  EMPTY_PROFILE_FORM,
  firstErrorField,
  LONG_TEXT_MAX,
  LONG_TEXT_MIN,
  PROFILE_FIELDS,
  PROFILE_LIST_FIELDS,
  PROFILE_MESSAGES,
  type ProfileField,
  type ProfileForm,
  ProfileFormSchema,
  profileErrors,
} from "~/shared/schemas/profile";

/** A text of exactly `length` characters. */
const text = (length: number) => "a".repeat(length);

/** A complete profile where every field, optional ones included, holds a valid value. */
function validProfile(): ProfileForm {
  return {
    photoUrl: "/images/profiles/u1/a.png",
    firstName: "Grace",
    lastName: "Hopper",
    age: "30",
    gender: "Female",
    ethnicity: "Other",
    height: `5'6" (168 cm)`,
    hairColor: "Black",
    eyeColor: "Brown",
    country: "United States",
    city: "Springfield",
    zipCode: "12345",
    denomination: "Baptist",
    attendanceFrequency: "Once per week",
    spiritualMaturity: "Growing in faith",
    prayerFrequency: "Daily",
    bibleReadingFrequency: "Weekly",
    churchInvolvement: "Small group leader",
    conversionAge: "16",
    favoriteBibleVerse: "John 3:16",
    importantDoctrine: "Grace",
    missionTripExperience: "Two trips to Kenya",
    aboutMe: text(60),
    faithJourney: text(60),
    personalTestimony: text(60),
    ministryInterests: ["Teaching"],
    serviceActivities: ["Elderly Care"],
    educationLevel: "Bachelor's Degree",
    occupation: "Engineer",
    annualIncome: "Prefer not to say",
    lookingFor: text(60),
    relationshipGoals: "Marriage",
    familyPlans: "Want children",
    marriageViews: text(60),
    dealBreakers: text(60),
    hobbies: ["Reading"],
    languagesSpoken: ["English"],
  };
}

const REQUIRED_FIELDS: ProfileField[] = [
  "photoUrl",
  "firstName",
  "lastName",
  "age",
  "gender",
  "height",
  "ethnicity",
  "city",
  "country",
  "zipCode",
  "denomination",
  "aboutMe",
  "personalTestimony",
  "favoriteBibleVerse",
  "lookingFor",
  "educationLevel",
  "occupation",
  "relationshipGoals",
  "spiritualMaturity",
  "attendanceFrequency",
];

const OPTIONAL_FIELDS: ProfileField[] = [
  "hairColor",
  "eyeColor",
  "prayerFrequency",
  "bibleReadingFrequency",
  "churchInvolvement",
  "conversionAge",
  "importantDoctrine",
  "missionTripExperience",
  "faithJourney",
  "serviceActivities",
  "annualIncome",
  "familyPlans",
  "marriageViews",
  "dealBreakers",
  "languagesSpoken",
];

const LONG_TEXT_FIELDS = [
  "aboutMe",
  "personalTestimony",
  "faithJourney",
  "lookingFor",
  "dealBreakers",
  "marriageViews",
] as const;

const OPTIONAL_LONG_TEXT_FIELDS = ["faithJourney", "dealBreakers", "marriageViews"] as const;

const TOO_SHORT = "Must be at least 50 characters";
const TOO_LONG = "Must be less than 4000 characters";
const POSTAL = "Please enter a valid postal/ZIP code for the selected country";
const NOT_AN_OPTION = "Please choose one of the listed options";

describe("a complete profile", () => {
  it("has no errors when every field holds a valid value", () => {
    expect(profileErrors(validProfile())).toEqual({});
  });

  it("uses the spec's wording for its messages", () => {
    expect(PROFILE_MESSAGES.required).toBe("This field is required");
    expect(PROFILE_MESSAGES.tooShort(LONG_TEXT_MIN)).toBe(TOO_SHORT);
    expect(PROFILE_MESSAGES.tooLong(LONG_TEXT_MAX)).toBe(TOO_LONG);
    expect(PROFILE_MESSAGES.postalCode).toBe(POSTAL);
    expect(PROFILE_MESSAGES.notAnOption).toBe(NOT_AN_OPTION);
    expect(LONG_TEXT_MIN).toBe(50);
    expect(LONG_TEXT_MAX).toBe(4000);
  });
});

describe("required fields (spec section 5)", () => {
  const emptyErrors = profileErrors(EMPTY_PROFILE_FORM);

  it.each(REQUIRED_FIELDS)("reports %s as required when the form is empty", (field) => {
    expect(emptyErrors[field]).toBe("This field is required");
  });

  it("reports exactly the twenty required fields as required", () => {
    const required = Object.entries(emptyErrors)
      .filter(([, message]) => message === "This field is required")
      .map(([field]) => field);
    expect(required).toHaveLength(20);
    expect(required.sort()).toEqual([...REQUIRED_FIELDS].sort());
  });

  it("asks for at least one ministry interest and one hobby when the form is empty", () => {
    expect(emptyErrors.ministryInterests).toBe("Please select at least one ministry interest");
    expect(emptyErrors.hobbies).toBe("Please select at least one hobby or interest");
  });

  it("reports nothing else than the required fields and the two checkbox groups on an empty form", () => {
    expect(Object.keys(emptyErrors).sort()).toEqual([...REQUIRED_FIELDS, "ministryInterests", "hobbies"].sort());
  });

  it.each(OPTIONAL_FIELDS)("lets the optional field %s stay empty", (field) => {
    expect(emptyErrors[field]).toBeUndefined();
    const profile = { ...validProfile(), [field]: EMPTY_PROFILE_FORM[field] };
    expect(profileErrors(profile)).toEqual({});
  });

  it.each(REQUIRED_FIELDS)("reports %s as required when only that field is empty", (field) => {
    expect(profileErrors({ ...validProfile(), [field]: "" })).toEqual({ [field]: "This field is required" });
  });

  it.each(REQUIRED_FIELDS)("counts a whitespace-only %s as empty", (field) => {
    expect(profileErrors({ ...validProfile(), [field]: "   \t " })[field]).toBe("This field is required");
  });
});

describe("long texts (spec section 5)", () => {
  it.each(LONG_TEXT_FIELDS)("rejects a %s of 49 characters as too short", (field) => {
    expect(profileErrors({ ...validProfile(), [field]: text(49) })).toEqual({ [field]: TOO_SHORT });
  });

  it.each(LONG_TEXT_FIELDS)("accepts a %s of exactly 50 characters", (field) => {
    expect(profileErrors({ ...validProfile(), [field]: text(50) })).toEqual({});
  });

  it.each(LONG_TEXT_FIELDS)("accepts a %s of 3999 characters", (field) => {
    expect(profileErrors({ ...validProfile(), [field]: text(3999) })).toEqual({});
  });

  it.each(LONG_TEXT_FIELDS)("rejects a %s of 4000 characters as too long", (field) => {
    expect(profileErrors({ ...validProfile(), [field]: text(4000) })).toEqual({ [field]: TOO_LONG });
  });

  it.each(OPTIONAL_LONG_TEXT_FIELDS)("lets the optional long text %s be empty", (field) => {
    expect(profileErrors({ ...validProfile(), [field]: "" })).toEqual({});
    expect(profileErrors({ ...validProfile(), [field]: "    " })).toEqual({});
  });

  it.each(LONG_TEXT_FIELDS)("does not count the blanks around %s", (field) => {
    expect(profileErrors({ ...validProfile(), [field]: `   ${text(49)}      ` })).toEqual({ [field]: TOO_SHORT });
    expect(profileErrors({ ...validProfile(), [field]: `\n${text(50)}\n` })).toEqual({});
    expect(profileErrors({ ...validProfile(), [field]: ` ${text(3999)} ` })).toEqual({});
  });
});

describe("age (spec section 5)", () => {
  it.each(["17", "121", "abc", "18.5", "-20"])("rejects the age %j", (age) => {
    expect(profileErrors({ ...validProfile(), age })).toEqual({ age: "Age must be between 18 and 120" });
  });

  it.each(["18", "120"])("accepts the age %j", (age) => {
    expect(profileErrors({ ...validProfile(), age })).toEqual({});
  });
});

describe("postal codes (spec section 5)", () => {
  const cases: [country: string, valid: string[], invalid: string[]][] = [
    ["United States", ["12345", "12345-6789"], ["1234", "123456", "12345-678"]],
    ["Canada", ["K1A 0B1", "K1A0B1", "K1A-0B1"], ["K1A 0B", "11A 0B1"]],
    ["United Kingdom", ["SW1A 1AA", "M1 1AE", "B33 8TH", "CR2 6XH", "DN55 1PT"], ["SW1A1", "12345"]],
    ["Australia", ["2000"], ["200", "20000"]],
    ["Germany", ["10115"], ["1011", "750080"]],
    ["France", ["75008"], ["1011", "750080"]],
    ["Japan", ["100-0001"], ["1000001", "10-0001"]],
    ["India", ["110001"], ["11000", "1100011"]],
    ["Brazil", ["01310-100"], ["01310100", "0131-100"]],
    ["Kenya", ["00100", "AB 12-3", "abc"], ["ab", "12345678901", "12#45"]],
    ["Other", ["00100", "AB 12-3", "abc"], ["ab", "12345678901", "12#45"]],
  ];

  describe.each(cases)("for %s", (country, valid, invalid) => {
    it.each(valid)("accepts %j", (zipCode) => {
      expect(profileErrors({ ...validProfile(), country, zipCode })).toEqual({});
    });

    it.each(invalid)("rejects %j", (zipCode) => {
      expect(profileErrors({ ...validProfile(), country, zipCode })).toEqual({ zipCode: POSTAL });
    });
  });

  it("does not report the postal code when the country is empty, only the missing country", () => {
    const errors = profileErrors({ ...validProfile(), country: "", zipCode: "not a zip!" });
    expect(errors).toEqual({ country: "This field is required" });
  });
});

describe("checkbox groups", () => {
  it.each([
    ["ministryInterests", ["Teaching", "Knitting"]],
    ["serviceActivities", ["Lion taming"]],
    ["hobbies", ["Reading", "reading"]],
    ["languagesSpoken", ["Klingon"]],
  ] as const)("rejects %s holding an option outside the list", (field, values) => {
    expect(profileErrors({ ...validProfile(), [field]: values })).toEqual({ [field]: NOT_AN_OPTION });
  });

  it.each([
    ["ministryInterests", ["Teaching", "Teaching"]],
    ["serviceActivities", ["Elderly Care", "Elderly Care"]],
    ["hobbies", ["Reading", "Music", "Reading"]],
    ["languagesSpoken", ["English", "English"]],
  ] as const)("rejects %s holding the same option twice", (field, values) => {
    expect(profileErrors({ ...validProfile(), [field]: values })).toEqual({ [field]: NOT_AN_OPTION });
  });

  it("requires at least one ministry interest", () => {
    expect(profileErrors({ ...validProfile(), ministryInterests: [] })).toEqual({
      ministryInterests: "Please select at least one ministry interest",
    });
  });

  it("requires at least one hobby", () => {
    expect(profileErrors({ ...validProfile(), hobbies: [] })).toEqual({
      hobbies: "Please select at least one hobby or interest",
    });
  });

  it("lets service activities and languages be empty", () => {
    expect(profileErrors({ ...validProfile(), serviceActivities: [], languagesSpoken: [] })).toEqual({});
  });

  it("accepts every listed option at once", () => {
    const profile = {
      ...validProfile(),
      ministryInterests: [...MINISTRY_INTERESTS],
      serviceActivities: [...SERVICE_ACTIVITIES],
      hobbies: [...HOBBIES],
      languagesSpoken: [...LANGUAGES],
    };
    expect(profileErrors(profile)).toEqual({});
  });
});

describe("select fields", () => {
  it.each([
    ["gender", "Other"],
    ["denomination", "Jedi"],
    ["height", `8'0"`],
    ["height", `5'10"`],
    ["ethnicity", "Martian"],
    ["hairColor", "Rainbow"],
    ["eyeColor", "Violet"],
    ["country", "Atlantis"],
    ["attendanceFrequency", "Never"],
    ["spiritualMaturity", "Saint"],
    ["prayerFrequency", "Hourly"],
    ["bibleReadingFrequency", "Hourly"],
    ["educationLevel", "Kindergarten"],
    ["annualIncome", "A lot"],
    ["relationshipGoals", "Fling"],
    ["familyPlans", "Maybe"],
  ] as const)("reject %s %j, which is not one of the listed options", (field, value) => {
    expect(profileErrors({ ...validProfile(), [field]: value })).toEqual({ [field]: NOT_AN_OPTION });
  });

  it("accept every listed height, hair colour, eye colour, denomination and ethnicity", () => {
    for (const height of HEIGHTS) expect(profileErrors({ ...validProfile(), height }), height).toEqual({});
    for (const hairColor of HAIR_COLORS) expect(profileErrors({ ...validProfile(), hairColor }), hairColor).toEqual({});
    for (const eyeColor of EYE_COLORS) expect(profileErrors({ ...validProfile(), eyeColor }), eyeColor).toEqual({});
    for (const denomination of DENOMINATIONS)
      expect(profileErrors({ ...validProfile(), denomination }), denomination).toEqual({});
    for (const ethnicity of ETHNICITIES) expect(profileErrors({ ...validProfile(), ethnicity }), ethnicity).toEqual({});
  });
});

describe("option lists (spec section 3)", () => {
  it("offer 29 heights from 4'8\" (142 cm) to 7'0\" (213 cm)", () => {
    expect(HEIGHTS).toHaveLength(29);
    expect(HEIGHTS[0]).toBe(`4'8" (142 cm)`);
    expect(HEIGHTS[HEIGHTS.length - 1]).toBe(`7'0" (213 cm)`);
  });

  it("step the heights by one inch, each with its centimetres rounded", () => {
    HEIGHTS.forEach((height, i) => {
      const match = /^(\d+)'(\d+)" \((\d+) cm\)$/.exec(height);
      expect(match, height).not.toBeNull();
      const [, feet, inches, cm] = match as RegExpExecArray;
      const total = Number(feet) * 12 + Number(inches);
      expect(total, height).toBe(4 * 12 + 8 + i);
      expect(Number(inches), height).toBeLessThan(12);
      expect(Number(cm), height).toBe(Math.round(total * 2.54));
    });
  });

  it("offer 24 hair colours from 'Black' to 'Colored - Other' then 'Other'", () => {
    expect(HAIR_COLORS).toHaveLength(24);
    expect(HAIR_COLORS[0]).toBe("Black");
    expect(HAIR_COLORS.slice(-2)).toEqual(["Colored - Other", "Other"]);
    expect(new Set(HAIR_COLORS).size).toBe(24);
  });

  it("offer 16 distinct eye colours", () => {
    expect(EYE_COLORS).toHaveLength(16);
    expect(new Set(EYE_COLORS).size).toBe(16);
  });

  it.each([
    ["MINISTRY_INTERESTS", MINISTRY_INTERESTS, 14],
    ["SERVICE_ACTIVITIES", SERVICE_ACTIVITIES, 10],
    ["HOBBIES", HOBBIES, 20],
    ["LANGUAGES", LANGUAGES, 11],
    ["DENOMINATIONS", DENOMINATIONS, 17],
    ["ETHNICITIES", ETHNICITIES, 11],
    ["HEIGHTS", HEIGHTS, 29],
  ] as const)("offer %s with the expected number of distinct entries", (_name, list, count) => {
    expect(list).toHaveLength(count);
    expect(new Set(list).size).toBe(count);
  });
});

describe("the first error", () => {
  it("is the first erroneous field in form order", () => {
    const errors = profileErrors({ ...validProfile(), lastName: "", hobbies: [] });
    expect(Object.keys(errors).sort()).toEqual(["hobbies", "lastName"]);
    expect(firstErrorField(errors)).toBe("lastName");
  });

  it("is the postal code when it comes before another erroneous field", () => {
    const errors = profileErrors({ ...validProfile(), zipCode: "1234", aboutMe: text(10) });
    expect(errors).toEqual({ zipCode: POSTAL, aboutMe: TOO_SHORT });
    expect(firstErrorField(errors)).toBe("zipCode");
  });

  it("follows the form order, not the order of the keys in the errors", () => {
    expect(firstErrorField({ hobbies: "x", photoUrl: "y" })).toBe("photoUrl");
  });

  it("is undefined when there is no error", () => {
    expect(firstErrorField({})).toBeUndefined();
    expect(firstErrorField(profileErrors(validProfile()))).toBeUndefined();
  });
});

describe("unknown keys", () => {
  it("are dropped when parsing, so a userId cannot be slipped in", () => {
    const parsed = ProfileFormSchema.parse({ ...validProfile(), userId: "someone-else" });
    expect(parsed).not.toHaveProperty("userId");
    expect(parsed).toEqual(validProfile());
  });

  it("do not cause errors", () => {
    expect(profileErrors({ ...validProfile(), userId: "someone-else" })).toEqual({});
  });
});

describe("the form's layout", () => {
  it("shows the fields in the schema's order, so the first error is the first one on screen", () => {
    const onScreen = ["photoUrl", ...EDIT_SECTIONS.flatMap((section) => section.fields)];
    expect(onScreen).toEqual(PROFILE_FIELDS);
  });

  it("has a label for every field and an option list for every select and checkbox group", () => {
    for (const field of PROFILE_FIELDS) expect(PROFILE_LABELS[field]).toBeTruthy();
    for (const field of PROFILE_LIST_FIELDS) expect(PROFILE_OPTIONS[field]?.length).toBeGreaterThan(0);
  });
});
