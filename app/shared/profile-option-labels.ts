import { m } from "~/paraglide/messages";
import { getLocale } from "~/paraglide/runtime";
import { countryName } from "./crisis-help";
import { type Language, languageNameIn } from "./languages";
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
  POSTAL_CODE_PATTERNS,
  PRAYER_FREQUENCIES,
  PROFILE_GENDERS,
  RELATIONSHIP_GOALS,
  SERVICE_ACTIVITIES,
  SPIRITUAL_MATURITIES,
} from "./profile-options";
import type { ProfileField } from "./schemas/profile";

/**
 * The stored value is always the English option; only the words on screen change
 * (docs/decisions/179-…).
 */

/** The option list behind each select and checkbox group of the profile. */
export const PROFILE_OPTION_LISTS = {
  gender: PROFILE_GENDERS,
  ethnicity: ETHNICITIES,
  height: HEIGHTS,
  hairColor: HAIR_COLORS,
  eyeColor: EYE_COLORS,
  country: COUNTRIES,
  denomination: DENOMINATIONS,
  attendanceFrequency: ATTENDANCE_FREQUENCIES,
  spiritualMaturity: SPIRITUAL_MATURITIES,
  prayerFrequency: PRAYER_FREQUENCIES,
  bibleReadingFrequency: BIBLE_READING_FREQUENCIES,
  ministryInterests: MINISTRY_INTERESTS,
  serviceActivities: SERVICE_ACTIVITIES,
  educationLevel: EDUCATION_LEVELS,
  annualIncome: ANNUAL_INCOMES,
  relationshipGoals: RELATIONSHIP_GOALS,
  familyPlans: FAMILY_PLANS,
  hobbies: HOBBIES,
  languagesSpoken: LANGUAGES,
} as const satisfies Partial<Record<ProfileField, readonly string[]>>;

export type OptionField = keyof typeof PROFILE_OPTION_LISTS;
type OptionOf<F extends OptionField> = (typeof PROFILE_OPTION_LISTS)[F][number];

type Label = (inputs?: Record<string, never>, options?: { locale?: Language }) => string;
/** A value added to a list without a label fails the typecheck. */
type LabelsOf<List extends readonly string[]> = Readonly<Record<List[number], Label>>;

const GENDER_LABELS: LabelsOf<typeof PROFILE_GENDERS> = {
  Male: m.auth_gender_male,
  Female: m.auth_gender_female,
};

const ETHNICITY_LABELS: LabelsOf<typeof ETHNICITIES> = {
  "African American/Black": m.profile_opt_ethnicity_african_american_black,
  African: m.profile_opt_ethnicity_african,
  Asian: m.profile_opt_ethnicity_asian,
  "Caucasian/White": m.profile_opt_ethnicity_caucasian_white,
  "Mixed-Race": m.profile_opt_ethnicity_mixed_race,
  "Hispanic/Latino": m.profile_opt_ethnicity_hispanic_latino,
  "Native American": m.profile_opt_ethnicity_native_american,
  "Pacific Islander": m.profile_opt_ethnicity_pacific_islander,
  "Middle Eastern": m.profile_opt_ethnicity_middle_eastern,
  Multiracial: m.profile_opt_ethnicity_multiracial,
  Other: m.profile_opt_ethnicity_other,
};

const HAIR_COLOR_LABELS: LabelsOf<typeof HAIR_COLORS> = {
  Black: m.profile_opt_hair_black,
  "Dark Brown": m.profile_opt_hair_dark_brown,
  "Medium Brown": m.profile_opt_hair_medium_brown,
  "Light Brown": m.profile_opt_hair_light_brown,
  Chestnut: m.profile_opt_hair_chestnut,
  Auburn: m.profile_opt_hair_auburn,
  Red: m.profile_opt_hair_red,
  "Strawberry Blonde": m.profile_opt_hair_strawberry_blonde,
  "Dark Blonde": m.profile_opt_hair_dark_blonde,
  Blonde: m.profile_opt_hair_blonde,
  "Light Blonde": m.profile_opt_hair_light_blonde,
  "Platinum Blonde": m.profile_opt_hair_platinum_blonde,
  "Salt and Pepper": m.profile_opt_hair_salt_and_pepper,
  Gray: m.profile_opt_hair_gray,
  Silver: m.profile_opt_hair_silver,
  White: m.profile_opt_hair_white,
  Bald: m.profile_opt_hair_bald,
  Shaved: m.profile_opt_hair_shaved,
  "Colored - Blue": m.profile_opt_hair_colored_blue,
  "Colored - Green": m.profile_opt_hair_colored_green,
  "Colored - Pink": m.profile_opt_hair_colored_pink,
  "Colored - Purple": m.profile_opt_hair_colored_purple,
  "Colored - Other": m.profile_opt_hair_colored_other,
  Other: m.profile_opt_hair_other,
};

const EYE_COLOR_LABELS: LabelsOf<typeof EYE_COLORS> = {
  Brown: m.profile_opt_eye_brown,
  "Dark Brown": m.profile_opt_eye_dark_brown,
  "Light Brown": m.profile_opt_eye_light_brown,
  Hazel: m.profile_opt_eye_hazel,
  Amber: m.profile_opt_eye_amber,
  Green: m.profile_opt_eye_green,
  "Light Green": m.profile_opt_eye_light_green,
  Blue: m.profile_opt_eye_blue,
  "Light Blue": m.profile_opt_eye_light_blue,
  "Dark Blue": m.profile_opt_eye_dark_blue,
  "Blue-Green": m.profile_opt_eye_blue_green,
  Gray: m.profile_opt_eye_gray,
  "Blue-Gray": m.profile_opt_eye_blue_gray,
  Black: m.profile_opt_eye_black,
  Heterochromia: m.profile_opt_eye_heterochromia,
  Other: m.profile_opt_eye_other,
};

const DENOMINATION_LABELS: LabelsOf<typeof DENOMINATIONS> = {
  Baptist: m.profile_opt_denomination_baptist,
  Catholic: m.profile_opt_denomination_catholic,
  Lutheran: m.profile_opt_denomination_lutheran,
  Methodist: m.profile_opt_denomination_methodist,
  Presbyterian: m.profile_opt_denomination_presbyterian,
  "Anglican/Episcopal": m.profile_opt_denomination_anglican_episcopal,
  Pentecostal: m.profile_opt_denomination_pentecostal,
  "Non-denominational": m.profile_opt_denomination_non_denominational,
  Evangelical: m.profile_opt_denomination_evangelical,
  Reformed: m.profile_opt_denomination_reformed,
  Orthodox: m.profile_opt_denomination_orthodox,
  Adventist: m.profile_opt_denomination_adventist,
  "Christian & Missionary Alliance": m.profile_opt_denomination_christian_and_missionary_alliance,
  "Assembly of God": m.profile_opt_denomination_assembly_of_god,
  Charismatic: m.profile_opt_denomination_charismatic,
  Messianic: m.profile_opt_denomination_messianic,
  Other: m.profile_opt_denomination_other,
};

const ATTENDANCE_LABELS: LabelsOf<typeof ATTENDANCE_FREQUENCIES> = {
  "Multiple times per week": m.profile_opt_attendance_multiple_times_per_week,
  "Once per week": m.profile_opt_attendance_once_per_week,
  "A few times per month": m.profile_opt_attendance_a_few_times_per_month,
  "Once per month": m.profile_opt_attendance_once_per_month,
  "Several times per year": m.profile_opt_attendance_several_times_per_year,
  Rarely: m.profile_opt_attendance_rarely,
};

const MATURITY_LABELS: LabelsOf<typeof SPIRITUAL_MATURITIES> = {
  "New believer": m.profile_opt_maturity_new_believer,
  "Growing in faith": m.profile_opt_maturity_growing_in_faith,
  "Established believer": m.profile_opt_maturity_established_believer,
  "Mature believer/Mentor to others": m.profile_opt_maturity_mature_believer_mentor_to_others,
};

const PRAYER_LABELS: LabelsOf<typeof PRAYER_FREQUENCIES> = {
  "Multiple times daily": m.profile_opt_prayer_multiple_times_daily,
  Daily: m.profile_opt_prayer_daily,
  "Several times per week": m.profile_opt_prayer_several_times_per_week,
  Weekly: m.profile_opt_prayer_weekly,
  Occasionally: m.profile_opt_prayer_occasionally,
};

const BIBLE_READING_LABELS: LabelsOf<typeof BIBLE_READING_FREQUENCIES> = {
  Daily: m.profile_opt_bible_daily,
  "Several times per week": m.profile_opt_bible_several_times_per_week,
  Weekly: m.profile_opt_bible_weekly,
  Occasionally: m.profile_opt_bible_occasionally,
  Rarely: m.profile_opt_bible_rarely,
};

const MINISTRY_LABELS: LabelsOf<typeof MINISTRY_INTERESTS> = {
  "Worship Team": m.profile_opt_ministry_worship_team,
  "Children's Ministry": m.profile_opt_ministry_childrens_ministry,
  "Youth Ministry": m.profile_opt_ministry_youth_ministry,
  Missions: m.profile_opt_ministry_missions,
  "Prayer Team": m.profile_opt_ministry_prayer_team,
  Teaching: m.profile_opt_ministry_teaching,
  Hospitality: m.profile_opt_ministry_hospitality,
  Evangelism: m.profile_opt_ministry_evangelism,
  "Media/Tech": m.profile_opt_ministry_media_tech,
  Counseling: m.profile_opt_ministry_counseling,
  Administrative: m.profile_opt_ministry_administrative,
  Leadership: m.profile_opt_ministry_leadership,
  Discipleship: m.profile_opt_ministry_discipleship,
  "Community Outreach": m.profile_opt_ministry_community_outreach,
};

const SERVICE_LABELS: LabelsOf<typeof SERVICE_ACTIVITIES> = {
  "Soup Kitchen/Food Bank": m.profile_opt_service_soup_kitchen_food_bank,
  "Homeless Ministry": m.profile_opt_service_homeless_ministry,
  "Prison Ministry": m.profile_opt_service_prison_ministry,
  "Hospital Visitation": m.profile_opt_service_hospital_visitation,
  "Elderly Care": m.profile_opt_service_elderly_care,
  "Disaster Relief": m.profile_opt_service_disaster_relief,
  "Community Clean-up": m.profile_opt_service_community_clean_up,
  "Tutoring/Mentoring": m.profile_opt_service_tutoring_mentoring,
  "International Missions": m.profile_opt_service_international_missions,
  "Local Outreach": m.profile_opt_service_local_outreach,
};

const EDUCATION_LABELS: LabelsOf<typeof EDUCATION_LEVELS> = {
  "High School": m.profile_opt_education_high_school,
  "Some College": m.profile_opt_education_some_college,
  "Associate's Degree": m.profile_opt_education_associates_degree,
  "Bachelor's Degree": m.profile_opt_education_bachelors_degree,
  "Master's Degree": m.profile_opt_education_masters_degree,
  Doctorate: m.profile_opt_education_doctorate,
  "Trade/Vocational School": m.profile_opt_education_trade_vocational_school,
  "Prefer not to say": m.profile_opt_education_prefer_not_to_say,
};

const INCOME_LABELS: LabelsOf<typeof ANNUAL_INCOMES> = {
  "Under $25,000": m.profile_opt_income_under_25000,
  "$25,000 - $49,999": m.profile_opt_income_25000_49999,
  "$50,000 - $74,999": m.profile_opt_income_50000_74999,
  "$75,000 - $99,999": m.profile_opt_income_75000_99999,
  "$100,000 - $149,999": m.profile_opt_income_100000_149999,
  "$150,000 - $199,999": m.profile_opt_income_150000_199999,
  "$200,000+": m.profile_opt_income_200000_plus,
  "Prefer not to say": m.profile_opt_income_prefer_not_to_say,
};

const GOAL_LABELS: LabelsOf<typeof RELATIONSHIP_GOALS> = {
  Marriage: m.profile_opt_goal_marriage,
  "Dating leading to marriage": m.profile_opt_goal_dating_leading_to_marriage,
  "Friendship first": m.profile_opt_goal_friendship_first,
  "Taking it slow": m.profile_opt_goal_taking_it_slow,
  "Long-term relationship": m.profile_opt_goal_long_term_relationship,
};

const FAMILY_PLAN_LABELS: LabelsOf<typeof FAMILY_PLANS> = {
  "Want children": m.profile_opt_family_want_children,
  "Don't want children": m.profile_opt_family_dont_want_children,
  "Open to children": m.profile_opt_family_open_to_children,
  "Already have children, want more": m.profile_opt_family_already_have_children_want_more,
  "Already have children, don't want more": m.profile_opt_family_already_have_children_dont_want_more,
};

const HOBBY_LABELS: LabelsOf<typeof HOBBIES> = {
  Reading: m.profile_opt_hobby_reading,
  Hiking: m.profile_opt_hobby_hiking,
  Music: m.profile_opt_hobby_music,
  Cooking: m.profile_opt_hobby_cooking,
  Sports: m.profile_opt_hobby_sports,
  Travel: m.profile_opt_hobby_travel,
  Photography: m.profile_opt_hobby_photography,
  Art: m.profile_opt_hobby_art,
  Volunteering: m.profile_opt_hobby_volunteering,
  Gardening: m.profile_opt_hobby_gardening,
  Fitness: m.profile_opt_hobby_fitness,
  Writing: m.profile_opt_hobby_writing,
  Dancing: m.profile_opt_hobby_dancing,
  "Movies/TV": m.profile_opt_hobby_movies_tv,
  Theater: m.profile_opt_hobby_theater,
  Camping: m.profile_opt_hobby_camping,
  Fishing: m.profile_opt_hobby_fishing,
  Hunting: m.profile_opt_hobby_hunting,
  "Board Games": m.profile_opt_hobby_board_games,
  "Video Games": m.profile_opt_hobby_video_games,
};
/** So `Intl` names it in any language. */
const COUNTRY_CODES: Readonly<Record<Exclude<(typeof COUNTRIES)[number], "Other">, string>> = {
  "United States": "US",
  Canada: "CA",
  "United Kingdom": "GB",
  Australia: "AU",
  Germany: "DE",
  France: "FR",
  Japan: "JP",
  India: "IN",
  Brazil: "BR",
  Argentina: "AR",
  Austria: "AT",
  Belgium: "BE",
  Chile: "CL",
  China: "CN",
  Colombia: "CO",
  Denmark: "DK",
  Egypt: "EG",
  Ethiopia: "ET",
  Finland: "FI",
  Ghana: "GH",
  Greece: "GR",
  Indonesia: "ID",
  Ireland: "IE",
  Israel: "IL",
  Italy: "IT",
  Jamaica: "JM",
  Kenya: "KE",
  Malaysia: "MY",
  Mexico: "MX",
  Netherlands: "NL",
  "New Zealand": "NZ",
  Nigeria: "NG",
  Norway: "NO",
  Peru: "PE",
  Philippines: "PH",
  Poland: "PL",
  Portugal: "PT",
  Romania: "RO",
  Rwanda: "RW",
  Singapore: "SG",
  "South Africa": "ZA",
  "South Korea": "KR",
  Spain: "ES",
  Sweden: "SE",
  Switzerland: "CH",
  Tanzania: "TZ",
  Uganda: "UG",
  Ukraine: "UA",
  Zambia: "ZM",
  Zimbabwe: "ZW",
};

/** So `Intl` names it in any language. */
const LANGUAGE_CODES: Readonly<Record<Exclude<(typeof LANGUAGES)[number], "Other">, string>> = {
  English: "en",
  Spanish: "es",
  French: "fr",
  German: "de",
  Chinese: "zh",
  Arabic: "ar",
  Portuguese: "pt",
  Russian: "ru",
  Japanese: "ja",
  Korean: "ko",
};

/** CLDR writes Spanish ones in lower case, as mid-sentence. */
function languageLabel(code: string, locale: Language): string {
  const name = languageNameIn(code, locale);
  return `${name.charAt(0).toLocaleUpperCase(locale)}${name.slice(1)}`;
}

const byMessage =
  <List extends readonly string[]>(labels: LabelsOf<List>) =>
  (value: List[number], locale: Language) =>
    labels[value as keyof typeof labels]({}, { locale });

const NAMERS: { readonly [F in OptionField]: (value: OptionOf<F>, locale: Language) => string } = {
  gender: byMessage(GENDER_LABELS),
  ethnicity: byMessage(ETHNICITY_LABELS),
  height: (value) => value,
  hairColor: byMessage(HAIR_COLOR_LABELS),
  eyeColor: byMessage(EYE_COLOR_LABELS),
  // Other languages' names come from CLDR (decision 178's way).
  country: (value, locale) =>
    value === "Other"
      ? m.profile_opt_country_other({}, { locale })
      : countryName({ code: COUNTRY_CODES[value], name: value }, locale),
  denomination: byMessage(DENOMINATION_LABELS),
  attendanceFrequency: byMessage(ATTENDANCE_LABELS),
  spiritualMaturity: byMessage(MATURITY_LABELS),
  prayerFrequency: byMessage(PRAYER_LABELS),
  bibleReadingFrequency: byMessage(BIBLE_READING_LABELS),
  ministryInterests: byMessage(MINISTRY_LABELS),
  serviceActivities: byMessage(SERVICE_LABELS),
  educationLevel: byMessage(EDUCATION_LABELS),
  annualIncome: byMessage(INCOME_LABELS),
  relationshipGoals: byMessage(GOAL_LABELS),
  familyPlans: byMessage(FAMILY_PLAN_LABELS),
  hobbies: byMessage(HOBBY_LABELS),
  languagesSpoken: (value, locale) =>
    value === "Other"
      ? m.profile_opt_language_other({}, { locale })
      : locale === "en"
        ? value
        : languageLabel(LANGUAGE_CODES[value], locale),
};

export const isOptionField = (field: ProfileField): field is OptionField => field in PROFILE_OPTION_LISTS;

/** A value no list holds, which the schema never lets in, shows as stored. */
export function optionLabel(field: OptionField, value: string, locale: Language = getLocale()): string {
  const list: readonly string[] = PROFILE_OPTION_LISTS[field];
  if (!list.includes(value)) return value;
  return (NAMERS[field] as (value: string, locale: Language) => string)(value, locale);
}

export type OptionChoice = { value: string; label: string };

/** The form redraws its fields on every keystroke. */
const choicesCache = new Map<string, readonly OptionChoice[]>();

/** The spec's order, except countries after the nine named first, sorted by the name shown ('Other' last). */
export function optionChoices(field: OptionField, locale: Language = getLocale()): readonly OptionChoice[] {
  const key = `${locale}:${field}`;
  const cached = choicesCache.get(key);
  if (cached) return cached;
  const labelled = PROFILE_OPTION_LISTS[field].map((value: string) => ({
    value,
    label: optionLabel(field, value, locale),
  }));
  const choices = field === "country" ? countriesInShownOrder(labelled, locale) : labelled;
  choicesCache.set(key, choices);
  return choices;
}

function countriesInShownOrder(choices: OptionChoice[], locale: Language): OptionChoice[] {
  const named = Object.keys(POSTAL_CODE_PATTERNS).length;
  const collator = new Intl.Collator(locale);
  const alphabetical = choices.slice(named, -1).sort((a, b) => collator.compare(a.label, b.label));
  return [...choices.slice(0, named), ...alphabetical, ...choices.slice(-1)];
}
