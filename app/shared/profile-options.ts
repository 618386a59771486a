/** Spec section 3, "Option lists for the profile". */

export const PROFILE_GENDERS = ["Male", "Female"] as const;

export const ETHNICITIES = [
  "African American/Black",
  "African",
  "Asian",
  "Caucasian/White",
  "Mixed-Race",
  "Hispanic/Latino",
  "Native American",
  "Pacific Islander",
  "Middle Eastern",
  "Multiracial",
  "Other",
] as const;

const INCH_CM = 2.54;
export const HEIGHTS: readonly string[] = Array.from({ length: 7 * 12 - (4 * 12 + 8) + 1 }, (_, i) => {
  const inches = 4 * 12 + 8 + i;
  return `${Math.floor(inches / 12)}'${inches % 12}" (${Math.round(inches * INCH_CM)} cm)`;
});

/** The spec gives 24 options without their values; these fill that shape. */
export const HAIR_COLORS = [
  "Black",
  "Dark Brown",
  "Medium Brown",
  "Light Brown",
  "Chestnut",
  "Auburn",
  "Red",
  "Strawberry Blonde",
  "Dark Blonde",
  "Blonde",
  "Light Blonde",
  "Platinum Blonde",
  "Salt and Pepper",
  "Gray",
  "Silver",
  "White",
  "Bald",
  "Shaved",
  "Colored - Blue",
  "Colored - Green",
  "Colored - Pink",
  "Colored - Purple",
  "Colored - Other",
  "Other",
] as const;

/** The spec gives 16 eye colours without their values; these are the common ones. */
export const EYE_COLORS = [
  "Brown",
  "Dark Brown",
  "Light Brown",
  "Hazel",
  "Amber",
  "Green",
  "Light Green",
  "Blue",
  "Light Blue",
  "Dark Blue",
  "Blue-Green",
  "Gray",
  "Blue-Gray",
  "Black",
  "Heterochromia",
  "Other",
] as const;

export const DENOMINATIONS = [
  "Baptist",
  "Catholic",
  "Lutheran",
  "Methodist",
  "Presbyterian",
  "Anglican/Episcopal",
  "Pentecostal",
  "Non-denominational",
  "Evangelical",
  "Reformed",
  "Orthodox",
  "Adventist",
  "Christian & Missionary Alliance",
  "Assembly of God",
  "Charismatic",
  "Messianic",
  "Other",
] as const;

export const ATTENDANCE_FREQUENCIES = [
  "Multiple times per week",
  "Once per week",
  "A few times per month",
  "Once per month",
  "Several times per year",
  "Rarely",
] as const;

export const SPIRITUAL_MATURITIES = [
  "New believer",
  "Growing in faith",
  "Established believer",
  "Mature believer/Mentor to others",
] as const;

export const PRAYER_FREQUENCIES = [
  "Multiple times daily",
  "Daily",
  "Several times per week",
  "Weekly",
  "Occasionally",
] as const;

export const BIBLE_READING_FREQUENCIES = [
  "Daily",
  "Several times per week",
  "Weekly",
  "Occasionally",
  "Rarely",
] as const;

export const MINISTRY_INTERESTS = [
  "Worship Team",
  "Children's Ministry",
  "Youth Ministry",
  "Missions",
  "Prayer Team",
  "Teaching",
  "Hospitality",
  "Evangelism",
  "Media/Tech",
  "Counseling",
  "Administrative",
  "Leadership",
  "Discipleship",
  "Community Outreach",
] as const;

export const SERVICE_ACTIVITIES = [
  "Soup Kitchen/Food Bank",
  "Homeless Ministry",
  "Prison Ministry",
  "Hospital Visitation",
  "Elderly Care",
  "Disaster Relief",
  "Community Clean-up",
  "Tutoring/Mentoring",
  "International Missions",
  "Local Outreach",
] as const;

export const EDUCATION_LEVELS = [
  "High School",
  "Some College",
  "Associate's Degree",
  "Bachelor's Degree",
  "Master's Degree",
  "Doctorate",
  "Trade/Vocational School",
  "Prefer not to say",
] as const;

export const ANNUAL_INCOMES = [
  "Under $25,000",
  "$25,000 - $49,999",
  "$50,000 - $74,999",
  "$75,000 - $99,999",
  "$100,000 - $149,999",
  "$150,000 - $199,999",
  "$200,000+",
  "Prefer not to say",
] as const;

export const RELATIONSHIP_GOALS = [
  "Marriage",
  "Dating leading to marriage",
  "Friendship first",
  "Taking it slow",
  "Long-term relationship",
] as const;

export const FAMILY_PLANS = [
  "Want children",
  "Don't want children",
  "Open to children",
  "Already have children, want more",
  "Already have children, don't want more",
] as const;

export const HOBBIES = [
  "Reading",
  "Hiking",
  "Music",
  "Cooking",
  "Sports",
  "Travel",
  "Photography",
  "Art",
  "Volunteering",
  "Gardening",
  "Fitness",
  "Writing",
  "Dancing",
  "Movies/TV",
  "Theater",
  "Camping",
  "Fishing",
  "Hunting",
  "Board Games",
  "Video Games",
] as const;

export const LANGUAGES = [
  "English",
  "Spanish",
  "French",
  "German",
  "Chinese",
  "Arabic",
  "Portuguese",
  "Russian",
  "Japanese",
  "Korean",
  "Other",
] as const;

/** Spec section 5; any country not listed takes OTHER_POSTAL_CODE. */
const NAMED_POSTAL_CODES = {
  "United States": /^\d{5}(-\d{4})?$/,
  Canada: /^[A-Za-z]\d[A-Za-z][ -]?\d[A-Za-z]\d$/,
  "United Kingdom": /^[A-Za-z]{1,2}\d[A-Za-z\d]? ?\d[A-Za-z]{2}$/,
  Australia: /^\d{4}$/,
  Germany: /^\d{5}$/,
  France: /^\d{5}$/,
  Japan: /^\d{3}-\d{4}$/,
  India: /^\d{6}$/,
  Brazil: /^\d{5}-\d{3}$/,
} as const;
export const POSTAL_CODE_PATTERNS: Readonly<Record<string, RegExp>> = NAMED_POSTAL_CODES;
export const OTHER_POSTAL_CODE = /^[A-Za-z0-9 -]{3,10}$/;

export const COUNTRIES = [
  ...(Object.keys(NAMED_POSTAL_CODES) as (keyof typeof NAMED_POSTAL_CODES)[]),
  "Argentina",
  "Austria",
  "Belgium",
  "Chile",
  "China",
  "Colombia",
  "Denmark",
  "Egypt",
  "Ethiopia",
  "Finland",
  "Ghana",
  "Greece",
  "Indonesia",
  "Ireland",
  "Israel",
  "Italy",
  "Jamaica",
  "Kenya",
  "Malaysia",
  "Mexico",
  "Netherlands",
  "New Zealand",
  "Nigeria",
  "Norway",
  "Peru",
  "Philippines",
  "Poland",
  "Portugal",
  "Romania",
  "Rwanda",
  "Singapore",
  "South Africa",
  "South Korea",
  "Spain",
  "Sweden",
  "Switzerland",
  "Tanzania",
  "Uganda",
  "Ukraine",
  "Zambia",
  "Zimbabwe",
  "Other",
] as const;
