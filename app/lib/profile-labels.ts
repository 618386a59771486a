import { m } from "~/paraglide/messages";
import { PROFILE_OPTION_LISTS } from "~/shared/profile-option-labels";
import type { ProfileField } from "~/shared/schemas/profile";

export const PROFILE_LABELS: Record<ProfileField, string> = {
  get photoUrl() {
    return m.profile_label_photo_url();
  },
  get firstName() {
    return m.profile_label_first_name();
  },
  get lastName() {
    return m.profile_label_last_name();
  },
  get age() {
    return m.profile_label_age();
  },
  get gender() {
    return m.profile_label_gender();
  },
  get ethnicity() {
    return m.profile_label_ethnicity();
  },
  get height() {
    return m.profile_label_height();
  },
  get hairColor() {
    return m.profile_label_hair_color();
  },
  get eyeColor() {
    return m.profile_label_eye_color();
  },
  get country() {
    return m.profile_label_country();
  },
  get city() {
    return m.profile_label_city();
  },
  get zipCode() {
    return m.profile_label_zip_code();
  },
  get denomination() {
    return m.profile_label_denomination();
  },
  get attendanceFrequency() {
    return m.profile_label_attendance_frequency();
  },
  get spiritualMaturity() {
    return m.profile_label_spiritual_maturity();
  },
  get prayerFrequency() {
    return m.profile_label_prayer_frequency();
  },
  get bibleReadingFrequency() {
    return m.profile_label_bible_reading_frequency();
  },
  get churchInvolvement() {
    return m.profile_label_church_involvement();
  },
  get conversionAge() {
    return m.profile_label_conversion_age();
  },
  get favoriteBibleVerse() {
    return m.profile_label_favorite_bible_verse();
  },
  get importantDoctrine() {
    return m.profile_label_important_doctrine();
  },
  get missionTripExperience() {
    return m.profile_label_mission_trip_experience();
  },
  get aboutMe() {
    return m.profile_label_about_me();
  },
  get faithJourney() {
    return m.profile_label_faith_journey();
  },
  get personalTestimony() {
    return m.profile_label_personal_testimony();
  },
  get ministryInterests() {
    return m.profile_label_ministry_interests();
  },
  get serviceActivities() {
    return m.profile_label_service_activities();
  },
  get educationLevel() {
    return m.profile_label_education_level();
  },
  get occupation() {
    return m.profile_label_occupation();
  },
  get annualIncome() {
    return m.profile_label_annual_income();
  },
  get lookingFor() {
    return m.profile_label_looking_for();
  },
  get relationshipGoals() {
    return m.profile_label_relationship_goals();
  },
  get familyPlans() {
    return m.profile_label_family_plans();
  },
  get marriageViews() {
    return m.profile_label_marriage_views();
  },
  get dealBreakers() {
    return m.profile_label_deal_breakers();
  },
  get hobbies() {
    return m.profile_label_hobbies();
  },
  get languagesSpoken() {
    return m.profile_label_languages_spoken();
  },
};

export const PROFILE_OPTIONS: Partial<Record<ProfileField, readonly string[]>> = PROFILE_OPTION_LISTS;

/** Spec section 5. */
export const LONG_TEXT_FIELDS: readonly ProfileField[] = [
  "aboutMe",
  "faithJourney",
  "personalTestimony",
  "lookingFor",
  "marriageViews",
  "dealBreakers",
];

/** Spec section 2, Profile screen. */
export const EDIT_SECTIONS: readonly { title: string; fields: readonly ProfileField[] }[] = [
  {
    get title() {
      return m.profile_section_basic();
    },
    fields: [
      "firstName",
      "lastName",
      "age",
      "gender",
      "ethnicity",
      "height",
      "hairColor",
      "eyeColor",
      "country",
      "city",
      "zipCode",
    ],
  },
  {
    get title() {
      return m.profile_section_faith();
    },
    fields: [
      "denomination",
      "attendanceFrequency",
      "spiritualMaturity",
      "prayerFrequency",
      "bibleReadingFrequency",
      "churchInvolvement",
      "conversionAge",
      "favoriteBibleVerse",
      "importantDoctrine",
      "missionTripExperience",
    ],
  },
  {
    get title() {
      return m.profile_section_about();
    },
    fields: ["aboutMe", "faithJourney", "personalTestimony"],
  },
  {
    get title() {
      return m.profile_section_ministry();
    },
    fields: ["ministryInterests", "serviceActivities"],
  },
  {
    get title() {
      return m.profile_section_education();
    },
    fields: ["educationLevel", "occupation", "annualIncome"],
  },
  {
    get title() {
      return m.profile_section_relationship();
    },
    fields: ["lookingFor", "relationshipGoals", "familyPlans", "marriageViews", "dealBreakers"],
  },
  {
    get title() {
      return m.profile_section_hobbies();
    },
    fields: ["hobbies", "languagesSpoken"],
  },
];
