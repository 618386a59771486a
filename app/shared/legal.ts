/** Spec sections 2 and 9, kept once so pages and tests agree. */

/** Each language writes the date its own way. */
export const LEGAL_LAST_UPDATED = "2025-06-11";

export const POLICY = {
  messageRetentionDays: 7,
  ipRetentionDays: 30,
  reportRetentionDays: 30,
  minimumAge: 13,
  parentalConsentUntilAge: 18,
  cookieLifetimeDays: 30,
  sessionCacheMinutes: 5,
  accountChoiceCacheMinutes: 5,
  analyticsRetentionDays: 30,
  inactivityLogoutMinutes: 10,
  sessionMinutes: 20,
} as const;
