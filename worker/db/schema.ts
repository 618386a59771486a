/**
 * Messages and inbox summaries live in the Durable Objects, not here. Timestamps are epoch ms so the
 * app, the objects and the spec's `lastActivity` share one unit.
 */
import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { GENDERS, USER_ROLES } from "~/shared/accounts";
import { WEB_VITAL_NAMES } from "~/shared/analytics-protocol";
import { DEFAULT_LANGUAGE, type Language } from "~/shared/languages";
import {
  MODERATION_ACTIONS,
  REPORT_REASON_VALUES,
  REPORT_STATUSES,
  REPORT_SUBJECTS,
  SUSPENSION_REASON_VALUES,
} from "~/shared/safety";

const createdAt = () =>
  integer("created_at", { mode: "timestamp_ms" }).notNull().default(sql`(unixepoch('subsec') * 1000)`);
const updatedAt = () =>
  integer("updated_at", { mode: "timestamp_ms" }).notNull().default(sql`(unixepoch('subsec') * 1000)`);

/** better-auth's user plus the spec's users fields (section 3): `name` is displayName, `image` photoURL. */
export const users = sqliteTable(
  "users",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    emailVerified: integer("email_verified", { mode: "boolean" }).notNull().default(false),
    image: text("image"),
    username: text("username").notNull(),
    gender: text("gender", { enum: GENDERS }),
    profilePic: text("profile_pic"),
    isOnline: integer("is_online", { mode: "boolean" }).notNull().default(false),
    lastSeen: integer("last_seen", { mode: "timestamp_ms" }),
    role: text("role", { enum: USER_ROLES }).notNull().default("user"),
    suspendedAt: integer("suspended_at", { mode: "timestamp_ms" }),
    /** Told to the person at sign-in. */
    suspensionReason: text("suspension_reason", { enum: SUSPENSION_REASON_VALUES }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("users_email_unique").on(sql`lower(${t.email})`),
    // Usernames match case-insensitively (spec section 5), so uniqueness does too.
    uniqueIndex("users_username_unique").on(sql`lower(${t.username})`),
  ],
);

export const sessions = sqliteTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    token: text("token").notNull().unique(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("sessions_user_id_idx").on(t.userId), index("sessions_expires_at_idx").on(t.expiresAt)],
);

/** providerId 'credential' holds the password hash. */
export const accounts = sqliteTable(
  "accounts",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: integer("access_token_expires_at", { mode: "timestamp_ms" }),
    refreshTokenExpiresAt: integer("refresh_token_expires_at", { mode: "timestamp_ms" }),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("accounts_user_id_idx").on(t.userId),
    uniqueIndex("accounts_provider_account_unique").on(t.providerId, t.accountId),
  ],
);

export const verifications = sqliteTable(
  "verifications",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("verifications_identifier_idx").on(t.identifier)],
);

/** In the database: memory would be per isolate on Workers. */
export const rateLimits = sqliteTable("rate_limits", {
  id: text("id").primaryKey(),
  key: text("key").notNull().unique(),
  count: integer("count").notNull(),
  lastRequest: integer("last_request").notNull(),
});

/** Keyed by a hash of the lower-cased email, so guesses at unregistered addresses leave nothing readable. */
export const signInFailures = sqliteTable("sign_in_failures", {
  emailHash: text("email_hash").primaryKey(),
  failures: integer("failures").notNull(),
  firstFailureAt: integer("first_failure_at").notNull(),
  lockedUntil: integer("locked_until"),
});

/** The network is a keyed hash, never readable; rows go after a day. */
export const signUpAttempts = sqliteTable(
  "sign_up_attempts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    networkHash: text("network_hash").notNull(),
    at: integer("at").notNull(),
  },
  (t) => [index("sign_up_attempts_network_at_idx").on(t.networkHash, t.at), index("sign_up_attempts_at_idx").on(t.at)],
);

export const signUpMinutes = sqliteTable("sign_up_minutes", {
  minute: integer("minute").primaryKey(),
  count: integer("count").notNull(),
});

/** Spec section 3. List fields are JSON arrays of option labels; `location` is the legacy field read as city. */
export const profiles = sqliteTable("profiles", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  email: text("email"),
  firstName: text("first_name"),
  lastName: text("last_name"),
  age: integer("age"),
  gender: text("gender"),
  ethnicity: text("ethnicity"),
  height: text("height"),
  hairColor: text("hair_color"),
  eyeColor: text("eye_color"),
  country: text("country"),
  city: text("city"),
  location: text("location"),
  zipCode: text("zip_code"),
  denomination: text("denomination"),
  attendanceFrequency: text("attendance_frequency"),
  spiritualMaturity: text("spiritual_maturity"),
  prayerFrequency: text("prayer_frequency"),
  bibleReadingFrequency: text("bible_reading_frequency"),
  churchInvolvement: text("church_involvement"),
  conversionAge: text("conversion_age"),
  favoriteBibleVerse: text("favorite_bible_verse"),
  importantDoctrine: text("important_doctrine"),
  missionTripExperience: text("mission_trip_experience"),
  aboutMe: text("about_me"),
  personalTestimony: text("personal_testimony"),
  faithJourney: text("faith_journey"),
  ministryInterests: text("ministry_interests", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
  serviceActivities: text("service_activities", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
  educationLevel: text("education_level"),
  occupation: text("occupation"),
  annualIncome: text("annual_income"),
  lookingFor: text("looking_for"),
  dealBreakers: text("deal_breakers"),
  relationshipGoals: text("relationship_goals"),
  familyPlans: text("family_plans"),
  marriageViews: text("marriage_views"),
  hobbies: text("hobbies", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
  languagesSpoken: text("languages_spoken", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
  photoUrl: text("photo_url"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Spec section 3; a forced logout sets lastActivity to 0 and records loggedOutAt and the reason. */
export const userSessions = sqliteTable("user_sessions", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  lastActivity: integer("last_activity").notNull(),
  timestamp: integer("timestamp", { mode: "timestamp_ms" }).notNull(),
  loggedOutAt: integer("logged_out_at"),
  reason: text("reason", { enum: ["inactivity_timeout"] }),
});

/** By a hash of the token; kept as long as such a cookie can live (worker/auth/ended-sessions.ts). */
export const endedSessions = sqliteTable(
  "ended_sessions",
  {
    tokenHash: text("token_hash").primaryKey(),
    reason: text("reason", { enum: ["inactivity", "suspended"] }).notNull(),
    endedAt: integer("ended_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("ended_sessions_ended_at_idx").on(t.endedAt)],
);

/** Spec section 3, for sweeps and admin; messages live in the ChatRoom. */
export const chats = sqliteTable(
  "chats",
  {
    pairId: text("pair_id").primaryKey(),
    userA: text("user_a")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    userB: text("user_b")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("chats_user_a_idx").on(t.userA),
    index("chats_user_b_idx").on(t.userB),
    index("chats_updated_at_idx").on(t.updatedAt),
  ],
);

/** The amount is kept but never shown ('Private'). */
export const receipts = sqliteTable(
  "receipts",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    username: text("username").notNull(),
    email: text("email").notNull(),
    paymentMethod: text("payment_method").notNull().default("PayPal"),
    amount: integer("amount").notNull(),
    emailStatus: text("email_status", { enum: ["pending", "sending", "sent", "failed"] })
      .notNull()
      .default("pending"),
    emailSentAt: integer("email_sent_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [index("receipts_user_id_idx").on(t.userId)],
);

/** No IP, user id or cookie; `day` is the UTC midnight's epoch ms. Written about once a minute, never per event. */
export const analyticsPageViews = sqliteTable(
  "analytics_page_views",
  {
    day: integer("day").notNull(),
    path: text("path").notNull(),
    views: integer("views").notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.path] })],
);

/** Bucket (worker/analytics/vital-histogram.ts) to count, so a percentile comes within a stated error. */
export const analyticsVitals = sqliteTable(
  "analytics_vitals",
  {
    day: integer("day").notNull(),
    path: text("path").notNull(),
    name: text("name", { enum: WEB_VITAL_NAMES }).notNull(),
    samples: integer("samples").notNull(),
    histogram: text("histogram").notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.path, t.name] })],
);

/** Written in the same batch as the flush's counts, so a retried flush adds nothing twice. */
export const analyticsFlushes = sqliteTable("analytics_flushes", {
  source: text("source").primaryKey(),
  lastFlush: integer("last_flush").notNull(),
  flushedAt: integer("flushed_at", { mode: "timestamp_ms" }).notNull(),
});

/** Without a Resend key this table is the delivery, listed by a dev-only page. */
export const emailOutbox = sqliteTable(
  "email_outbox",
  {
    id: text("id").primaryKey(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    template: text("template").notNull(),
    html: text("html").notNull(),
    text: text("text").notNull(),
    status: text("status", { enum: ["logged", "sent", "failed"] }).notNull(),
    providerId: text("provider_id"),
    error: text("error"),
    createdAt: createdAt(),
  },
  (t) => [index("email_outbox_created_at_idx").on(t.createdAt)],
);

/** The ChatRoom and UserInbox keep their own copies, so the message path never reads this table. */
export const blocks = sqliteTable(
  "blocks",
  {
    blockerId: text("blocker_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    blockedId: text("blocked_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.blockerId, t.blockedId] }), index("blocks_blocked_id_idx").on(t.blockedId)],
);

/** The snapshot keeps moderation working after the 7-day purge; deleted after 30 days (the Privacy Policy). */
export const reports = sqliteTable(
  "reports",
  {
    id: text("id").primaryKey(),
    reporterId: text("reporter_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reportedId: text("reported_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    subject: text("subject", { enum: REPORT_SUBJECTS }).notNull(),
    reason: text("reason", { enum: REPORT_REASON_VALUES }).notNull(),
    note: text("note").notNull().default(""),
    pairId: text("pair_id"),
    messageSeq: integer("message_seq"),
    snapshotText: text("snapshot_text").notNull().default(""),
    snapshotImageKey: text("snapshot_image_key"),
    snapshotAt: integer("snapshot_at", { mode: "timestamp_ms" }),
    status: text("status", { enum: REPORT_STATUSES }).notNull().default("open"),
    createdAt: createdAt(),
    resolvedAt: integer("resolved_at", { mode: "timestamp_ms" }),
    resolvedBy: text("resolved_by"),
  },
  (t) => [
    index("reports_status_created_at_idx").on(t.status, t.createdAt),
    index("reports_created_at_idx").on(t.createdAt),
    index("reports_reporter_id_idx").on(t.reporterId, t.createdAt),
  ],
);

/** Kept 30 days. */
export const moderationActions = sqliteTable(
  "moderation_actions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    adminId: text("admin_id").notNull(),
    action: text("action", { enum: MODERATION_ACTIONS }).notNull(),
    targetUserId: text("target_user_id").notNull(),
    /** No foreign key on purpose: the report may have been deleted since. */
    reportId: text("report_id"),
    reason: text("reason", { enum: SUSPENSION_REASON_VALUES }),
    note: text("note").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [index("moderation_actions_created_at_idx").on(t.createdAt)],
);

/**
 * Their own account stays theirs for the community area. `alias` is shown to visitors, never the
 * username. `languages`: JSON codes, at least one.
 */
export const listeners = sqliteTable("listeners", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  alias: text("alias"),
  languages: text("languages", { mode: "json" }).$type<string[]>().notNull().default([DEFAULT_LANGUAGE]),
  createdAt: createdAt(),
});

/** `position` is 1 to n with no gaps. */
export const savedReplies = sqliteTable("saved_replies", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  title: text("title").notNull(),
  text: text("text").notNull(),
  /** The desk offers it first in that language's conversations. */
  language: text("language").$type<Language>().notNull().default(DEFAULT_LANGUAGE),
  position: integer("position").notNull(),
  createdAt: createdAt(),
});

/** Names are unique in any case; a wrap-up keeps names, not these ids. `position` is 1 to n with no gaps. */
export const wrapUpTopics = sqliteTable(
  "wrap_up_topics",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    position: integer("position").notNull(),
  },
  (t) => [uniqueIndex("wrap_up_topics_name_unique").on(sql`lower(${t.name})`)],
);

/** Only a person's own choice is kept, never the country a request seemed to come from. */
export const crisisCountryChoices = sqliteTable("crisis_country_choices", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  country: text("country").notNull(),
  chosenAt: integer("chosen_at").notNull(),
});

/** Absent: the browser's language decides, and emails go out in English. */
export const accountLanguages = sqliteTable("account_languages", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  language: text("language").notNull(),
  chosenAt: integer("chosen_at").notNull(),
});

export const schema = {
  users,
  sessions,
  accounts,
  verifications,
  rateLimits,
  signInFailures,
  signUpAttempts,
  signUpMinutes,
  profiles,
  userSessions,
  endedSessions,
  chats,
  receipts,
  analyticsPageViews,
  analyticsVitals,
  analyticsFlushes,
  emailOutbox,
  blocks,
  reports,
  moderationActions,
  listeners,
  savedReplies,
  wrapUpTopics,
  crisisCountryChoices,
  accountLanguages,
};
