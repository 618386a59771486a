import { lt } from "drizzle-orm";
import { POLICY } from "../../app/lib/legal";
import { createDb } from "../db/client";
import { analyticsEvents, sessions, verifications } from "../db/schema";

/** Analytics are kept as long as the Privacy Policy says (DESIGN.md "Analytics"). */
export const ANALYTICS_RETENTION_MS = POLICY.analyticsRetentionDays * 24 * 60 * 60 * 1000;

export type HousekeepingResult = {
  expiredSessions: number;
  expiredVerifications: number;
  oldAnalyticsEvents: number;
};

/** Deletes what has outlived its purpose. Safe to run at any time and any number of times. */
export async function runHousekeeping(d1: D1Database, now: number): Promise<HousekeepingResult> {
  const db = createDb(d1);
  const nowDate = new Date(now);
  const [expiredSessions, expiredVerifications, oldAnalyticsEvents] = await db.batch([
    db.delete(sessions).where(lt(sessions.expiresAt, nowDate)),
    db.delete(verifications).where(lt(verifications.expiresAt, nowDate)),
    db.delete(analyticsEvents).where(lt(analyticsEvents.createdAt, new Date(now - ANALYTICS_RETENTION_MS))),
  ]);
  return {
    expiredSessions: expiredSessions.meta.changes,
    expiredVerifications: expiredVerifications.meta.changes,
    oldAnalyticsEvents: oldAnalyticsEvents.meta.changes,
  };
}
