import { and, eq, gt, lt, or } from "drizzle-orm";
import { POLICY } from "~/shared/legal";
import { firstDayWithin } from "../analytics/analytics-days";
import { expiredEndedSessions } from "../auth/ended-sessions";
import { spentSignInFailures } from "../auth/sign-in-guard";
import { SIGN_UP_RECORD_RETENTION_MS } from "../auth/sign-up-limits";
import { createDb } from "../db/client";
import {
  analyticsFlushes,
  analyticsPageViews,
  analyticsVitals,
  rateLimits,
  sessions,
  signInFailures,
  signUpAttempts,
  signUpMinutes,
  userSessions,
  verifications,
} from "../db/schema";

/** docs/decisions/README.md, "Analytics". */
export const ANALYTICS_RETENTION_MS = POLICY.analyticsRetentionDays * 24 * 60 * 60 * 1000;

/** Inactivity records are kept this long after a forced logout or the last activity. */
export const INACTIVITY_RECORD_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;
const RATE_LIMIT_RETENTION_MS = 24 * 60 * 60 * 1000;

type HousekeepingResult = {
  expiredSessions: number;
  oldEndedSessions: number;
  expiredVerifications: number;
  oldAnalyticsRows: number;
  oldAnalyticsFlushMarks: number;
  oldInactivityRecords: number;
  oldRateLimits: number;
  spentSignInFailures: number;
  oldSignUpRecords: number;
};

/** Safe to run at any time, any number of times. */
export async function runHousekeeping(d1: D1Database, now: number): Promise<HousekeepingResult> {
  const db = createDb(d1);
  const nowDate = new Date(now);
  const recordCutoff = now - INACTIVITY_RECORD_RETENTION_MS;
  const firstAnalyticsDay = firstDayWithin(now, POLICY.analyticsRetentionDays);
  const [
    expiredSessions,
    oldEndedSessions,
    expiredVerifications,
    oldPageViews,
    oldVitals,
    oldFlushMarks,
    oldInactivityRecords,
    oldRateLimits,
    spentFailures,
    oldSignUps,
    oldSignUpMinutes,
  ] = await db.batch([
    db.delete(sessions).where(lt(sessions.expiresAt, nowDate)),
    expiredEndedSessions(db, now),
    db.delete(verifications).where(lt(verifications.expiresAt, nowDate)),
    db.delete(analyticsPageViews).where(lt(analyticsPageViews.day, firstAnalyticsDay)),
    db.delete(analyticsVitals).where(lt(analyticsVitals.day, firstAnalyticsDay)),
    db.delete(analyticsFlushes).where(lt(analyticsFlushes.flushedAt, new Date(now - ANALYTICS_RETENTION_MS))),
    // A forced-logout record (lastActivity 0) goes by its logout time, any other by its activity.
    db
      .delete(userSessions)
      .where(
        or(
          and(eq(userSessions.lastActivity, 0), lt(userSessions.loggedOutAt, recordCutoff)),
          and(gt(userSessions.lastActivity, 0), lt(userSessions.lastActivity, recordCutoff)),
        ),
      ),
    db.delete(rateLimits).where(lt(rateLimits.lastRequest, now - RATE_LIMIT_RETENTION_MS)),
    db.delete(signInFailures).where(spentSignInFailures(now)),
    db.delete(signUpAttempts).where(lt(signUpAttempts.at, now - SIGN_UP_RECORD_RETENTION_MS)),
    db.delete(signUpMinutes).where(lt(signUpMinutes.minute, Math.floor((now - SIGN_UP_RECORD_RETENTION_MS) / 60_000))),
  ]);
  return {
    expiredSessions: expiredSessions.meta.changes,
    oldEndedSessions: oldEndedSessions.meta.changes,
    expiredVerifications: expiredVerifications.meta.changes,
    oldAnalyticsRows: oldPageViews.meta.changes + oldVitals.meta.changes,
    oldAnalyticsFlushMarks: oldFlushMarks.meta.changes,
    oldInactivityRecords: oldInactivityRecords.meta.changes,
    oldRateLimits: oldRateLimits.meta.changes,
    spentSignInFailures: spentFailures.meta.changes,
    oldSignUpRecords: oldSignUps.meta.changes + oldSignUpMinutes.meta.changes,
  };
}
