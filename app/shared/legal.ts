/** Facts the legal pages state (spec sections 2 and 9), kept once so pages and tests agree. */

/** When the legal pages last changed (YYYY-MM-DD); each language writes the date its own way. */
export const LEGAL_LAST_UPDATED = "2025-06-11";

export const POLICY = {
  messageRetentionDays: 7,
  ipRetentionDays: 30,
  reportRetentionDays: 30,
  minimumAge: 13,
  parentalConsentUntilAge: 18,
  cookieLifetimeDays: 30,
  /** How long the signed copy of a session (better-auth's session cache cookie) vouches for it. */
  sessionCacheMinutes: 5,
  /** How long a browser keeps its copy of the account's crisis-country choice before asking again. */
  accountChoiceCacheMinutes: 5,
  analyticsRetentionDays: 30,
  inactivityLogoutMinutes: 10,
  sessionMinutes: 20,
} as const;
