import { m } from "~/paraglide/messages";
import {
  ANNUAL_INCOMES,
  ATTENDANCE_FREQUENCIES,
  BIBLE_READING_FREQUENCIES,
  COUNTRIES,
  DENOMINATIONS,
  EDUCATION_LEVELS,
  ETHNICITIES,
  EYE_COLORS,
  FAMILY_PLANS,
  HAIR_COLORS,
  HEIGHTS,
  HOBBIES,
  LANGUAGES,
  MINISTRY_INTERESTS,
  OTHER_POSTAL_CODE,
  POSTAL_CODE_PATTERNS,
  PRAYER_FREQUENCIES,
  PROFILE_GENDERS,
  RELATIONSHIP_GOALS,
  SERVICE_ACTIVITIES,
  SPIRITUAL_MATURITIES,
} from "~/shared/profile-options";
import { z } from "./zod";

/** Spec section 5, and clear ones where it is silent. */
export const PROFILE_MESSAGES = {
  get required() {
    return m.profile_error_required();
  },
  tooShort: (min: number) => m.profile_error_too_short({ min }),
  tooLong: (max: number) => m.profile_error_too_long({ max }),
  get ministry() {
    return m.profile_error_ministry();
  },
  get hobby() {
    return m.profile_error_hobby();
  },
  get age() {
    return m.profile_error_age();
  },
  get postalCode() {
    return m.profile_error_postal_code();
  },
  get notAnOption() {
    return m.profile_error_not_an_option();
  },
  shortTextTooLong: (max: number) => m.profile_error_short_text_too_long({ max }),
  get photoNotYours() {
    return m.profile_error_photo_not_yours();
  },
  get saved() {
    return m.profile_saved();
  },
  get saveFailed() {
    return m.profile_save_failed();
  },
};

/** Spec section 5. */
export const LONG_TEXT_MIN = 50;
export const LONG_TEXT_MAX = 4000;
const MIN_AGE = 18;
const MAX_AGE = 120;
const SHORT_TEXT_MAX = 200;

/** Spec section 5. */
export const REQUIRED_PROFILE_FIELDS = [
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
] as const;
export const AT_LEAST_ONE: Readonly<Record<string, string>> = {
  get ministryInterests() {
    return PROFILE_MESSAGES.ministry;
  },
  get hobbies() {
    return PROFILE_MESSAGES.hobby;
  },
};
const required = (field: string) => (REQUIRED_PROFILE_FIELDS as readonly string[]).includes(field);

const blank = (value: string) => value.trim().length === 0;

const option = (list: readonly string[], required: boolean) =>
  z.string().superRefine((value, ctx) => {
    if (blank(value)) {
      if (required) ctx.addIssue({ code: "custom", message: PROFILE_MESSAGES.required });
    } else if (!list.includes(value)) ctx.addIssue({ code: "custom", message: PROFILE_MESSAGES.notAnOption });
  });

const shortText = (required: boolean, max = SHORT_TEXT_MAX) =>
  z.string().superRefine((value, ctx) => {
    if (blank(value)) {
      if (required) ctx.addIssue({ code: "custom", message: PROFILE_MESSAGES.required });
    } else if (value.length > max) ctx.addIssue({ code: "custom", message: PROFILE_MESSAGES.shortTextTooLong(max) });
  });

/** Without surrounding blanks. */
export const longTextLength = (value: string) => value.trim().length;

const longText = (required: boolean) =>
  z.string().superRefine((value, ctx) => {
    const length = longTextLength(value);
    if (length === 0) {
      if (required) ctx.addIssue({ code: "custom", message: PROFILE_MESSAGES.required });
    } else if (length < LONG_TEXT_MIN)
      ctx.addIssue({ code: "custom", message: PROFILE_MESSAGES.tooShort(LONG_TEXT_MIN) });
    else if (length >= LONG_TEXT_MAX)
      ctx.addIssue({ code: "custom", message: PROFILE_MESSAGES.tooLong(LONG_TEXT_MAX) });
  });

/** The schema is built before any request's language is known. */
const choices = (list: readonly string[], atLeastOne?: () => string) =>
  z.array(z.string()).superRefine((values, ctx) => {
    if (values.some((value) => !list.includes(value)) || new Set(values).size !== values.length) {
      ctx.addIssue({ code: "custom", message: PROFILE_MESSAGES.notAnOption });
    } else if (atLeastOne && values.length === 0) {
      ctx.addIssue({ code: "custom", message: atLeastOne() });
    }
  });

/** Spec section 5. */
function isValidPostalCode(country: string, code: string): boolean {
  return (POSTAL_CODE_PATTERNS[country] ?? OTHER_POSTAL_CODE).test(code.trim());
}

/** In the form's order, so the first error is the first on screen. */
export const ProfileFormSchema = z
  .object({
    photoUrl: shortText(required("photoUrl"), 300),
    firstName: shortText(required("firstName"), 50),
    lastName: shortText(required("lastName"), 50),
    age: z.string().superRefine((value, ctx) => {
      if (blank(value)) return ctx.addIssue({ code: "custom", message: PROFILE_MESSAGES.required });
      const age = Number(value);
      if (!/^\d+$/.test(value.trim()) || age < MIN_AGE || age > MAX_AGE) {
        ctx.addIssue({ code: "custom", message: PROFILE_MESSAGES.age });
      }
    }),
    gender: option(PROFILE_GENDERS, required("gender")),
    ethnicity: option(ETHNICITIES, required("ethnicity")),
    height: option(HEIGHTS, required("height")),
    hairColor: option(HAIR_COLORS, required("hairColor")),
    eyeColor: option(EYE_COLORS, required("eyeColor")),
    country: option(COUNTRIES, required("country")),
    city: shortText(required("city"), 100),
    zipCode: shortText(required("zipCode"), 20),
    denomination: option(DENOMINATIONS, required("denomination")),
    attendanceFrequency: option(ATTENDANCE_FREQUENCIES, required("attendanceFrequency")),
    spiritualMaturity: option(SPIRITUAL_MATURITIES, required("spiritualMaturity")),
    prayerFrequency: option(PRAYER_FREQUENCIES, required("prayerFrequency")),
    bibleReadingFrequency: option(BIBLE_READING_FREQUENCIES, required("bibleReadingFrequency")),
    churchInvolvement: shortText(required("churchInvolvement"), 500),
    conversionAge: shortText(required("conversionAge"), 50),
    favoriteBibleVerse: shortText(required("favoriteBibleVerse"), 500),
    importantDoctrine: shortText(required("importantDoctrine"), 500),
    missionTripExperience: shortText(required("missionTripExperience"), 500),
    aboutMe: longText(required("aboutMe")),
    faithJourney: longText(required("faithJourney")),
    personalTestimony: longText(required("personalTestimony")),
    ministryInterests: choices(MINISTRY_INTERESTS, () => PROFILE_MESSAGES.ministry),
    serviceActivities: choices(SERVICE_ACTIVITIES),
    educationLevel: option(EDUCATION_LEVELS, required("educationLevel")),
    occupation: shortText(required("occupation"), 100),
    annualIncome: option(ANNUAL_INCOMES, required("annualIncome")),
    lookingFor: longText(required("lookingFor")),
    relationshipGoals: option(RELATIONSHIP_GOALS, required("relationshipGoals")),
    familyPlans: option(FAMILY_PLANS, required("familyPlans")),
    marriageViews: longText(required("marriageViews")),
    dealBreakers: longText(required("dealBreakers")),
    hobbies: choices(HOBBIES, () => PROFILE_MESSAGES.hobby),
    languagesSpoken: choices(LANGUAGES),
  })
  .superRefine((profile, ctx) => {
    if (!blank(profile.zipCode) && !blank(profile.country) && !isValidPostalCode(profile.country, profile.zipCode)) {
      ctx.addIssue({ code: "custom", path: ["zipCode"], message: PROFILE_MESSAGES.postalCode });
    }
  });

export type ProfileForm = z.infer<typeof ProfileFormSchema>;
export type ProfileField = keyof ProfileForm;
export type ProfileErrors = Partial<Record<ProfileField, string>>;

export const PROFILE_FIELDS = Object.keys(ProfileFormSchema.shape) as ProfileField[];

export const PROFILE_LIST_FIELDS = ["ministryInterests", "serviceActivities", "hobbies", "languagesSpoken"] as const;
type ProfileListField = (typeof PROFILE_LIST_FIELDS)[number];

export const isListField = (field: ProfileField): field is ProfileListField =>
  (PROFILE_LIST_FIELDS as readonly string[]).includes(field);

export const EMPTY_PROFILE_FORM = Object.fromEntries(
  PROFILE_FIELDS.map((field) => [field, isListField(field) ? [] : ""]),
) as unknown as ProfileForm;

/** The action reads a native post with it, and the page what was typed before its scripts ran. */
export function profileFromFormData(form: FormData): ProfileForm {
  const values: Record<string, string | string[]> = {};
  for (const field of PROFILE_FIELDS) {
    values[field] = isListField(field)
      ? form.getAll(field).filter((value): value is string => typeof value === "string")
      : String(form.get(field) ?? "");
  }
  return values as unknown as ProfileForm;
}

export function profileToFormData(values: ProfileForm): FormData {
  const form = new FormData();
  for (const field of PROFILE_FIELDS) {
    const value = values[field];
    for (const item of Array.isArray(value) ? value : [value]) form.append(field, item);
  }
  return form;
}

export function profileErrors(values: unknown): ProfileErrors {
  const result = ProfileFormSchema.safeParse(values);
  if (result.success) return {};
  const errors: ProfileErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as ProfileField | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

export function firstErrorField(errors: ProfileErrors): ProfileField | undefined {
  return PROFILE_FIELDS.find((field) => errors[field]);
}
