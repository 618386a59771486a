import { env } from "cloudflare:workers";
import { aliasedTable, and, count, desc, eq, isNotNull } from "drizzle-orm";
import { isAdmin, type SignedInUser } from "~/shared/accounts";
import { ADMIN_TEXTS } from "~/shared/admin";
import {
  MODERATION_TEXTS,
  type ModerationAction,
  type ReportReason,
  type ReportSubject,
  type SuspensionReason,
} from "~/shared/safety";
import { type SuspensionDecision, SuspensionDecisionSchema } from "~/shared/schemas/safety";
import { suspendAccount, unsuspendAccount } from "../accounts/suspension";
import { getConfig } from "../config";
import { createDb } from "../db/client";
import { moderationActions, reports, users } from "../db/schema";
import { imageUrl } from "../images/image-store";

/** Every function checks the admin role itself, and every action is recorded with who, what and when. */
export class ModerationError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 403 | 409 | 404 = 409,
  ) {
    super(message);
  }
}

type Actor = Pick<SignedInUser, "id" | "role">;

/** The role comes from the session, never from the request. */
export function requireModerator(actor: Actor): void {
  if (!isAdmin(actor)) throw new ModerationError(ADMIN_TEXTS.forbidden, 403);
}

type ModerationView = {
  reports: OpenReport[];
  suspended: SuspendedAccount[];
  log: ModerationRecord[];
};

export async function moderationView(actor: Actor): Promise<ModerationView> {
  requireModerator(actor);
  const [reports, suspended, log] = await Promise.all([
    listOpenReports(),
    listSuspendedAccounts(),
    listModerationLog(),
  ]);
  return { reports, suspended, log };
}

type OpenReport = {
  id: string;
  createdAt: number;
  reason: ReportReason;
  subject: ReportSubject;
  note: string;
  snapshotText: string;
  snapshotImageUrl: string | null;
  snapshotAt: number | null;
  reporter: { id: string; username: string };
  reported: { id: string; username: string; suspended: boolean };
};

type SuspendedAccount = {
  id: string;
  username: string;
  suspendedAt: number;
  reason: SuspensionReason | null;
};
type ModerationRecord = {
  id: number;
  action: ModerationAction;
  createdAt: number;
  admin: string;
  target: string;
  reason: SuspensionReason | null;
  note: string;
};

async function listOpenReports(): Promise<OpenReport[]> {
  const reporter = aliasedTable(users, "reporter");
  const reported = aliasedTable(users, "reported");
  const rows = await createDb(env.DB)
    .select({
      report: reports,
      reporterName: reporter.username,
      reportedName: reported.username,
      reportedSuspendedAt: reported.suspendedAt,
    })
    .from(reports)
    .innerJoin(reporter, eq(reporter.id, reports.reporterId))
    .innerJoin(reported, eq(reported.id, reports.reportedId))
    .where(eq(reports.status, "open"))
    .orderBy(desc(reports.createdAt));
  return rows.map(({ report, reporterName, reportedName, reportedSuspendedAt }) => ({
    id: report.id,
    createdAt: report.createdAt.getTime(),
    reason: report.reason,
    subject: report.subject,
    note: report.note,
    snapshotText: report.snapshotText,
    snapshotImageUrl: report.snapshotImageKey ? imageUrl(report.snapshotImageKey) : null,
    snapshotAt: report.snapshotAt?.getTime() ?? null,
    reporter: { id: report.reporterId, username: reporterName },
    reported: { id: report.reportedId, username: reportedName, suspended: reportedSuspendedAt !== null },
  }));
}

export async function countOpenReports(): Promise<number> {
  const [row] = await createDb(env.DB).select({ n: count() }).from(reports).where(eq(reports.status, "open"));
  return row?.n ?? 0;
}

async function listSuspendedAccounts(): Promise<SuspendedAccount[]> {
  const rows = await createDb(env.DB)
    .select({
      id: users.id,
      username: users.username,
      suspendedAt: users.suspendedAt,
      reason: users.suspensionReason,
    })
    .from(users)
    .where(isNotNull(users.suspendedAt))
    .orderBy(desc(users.suspendedAt));
  return rows.map((row) => ({ ...row, suspendedAt: row.suspendedAt?.getTime() ?? 0 }));
}

/** Kept 30 days; the cron deletes older records. */
async function listModerationLog(limit = 100): Promise<ModerationRecord[]> {
  const admin = aliasedTable(users, "admin");
  const target = aliasedTable(users, "target");
  const rows = await createDb(env.DB)
    .select({
      id: moderationActions.id,
      action: moderationActions.action,
      createdAt: moderationActions.createdAt,
      admin: admin.username,
      target: target.username,
      reason: moderationActions.reason,
      note: moderationActions.note,
    })
    .from(moderationActions)
    .leftJoin(admin, eq(admin.id, moderationActions.adminId))
    .leftJoin(target, eq(target.id, moderationActions.targetUserId))
    .orderBy(desc(moderationActions.createdAt), desc(moderationActions.id))
    .limit(limit);
  return rows.map((row) => ({
    ...row,
    createdAt: row.createdAt.getTime(),
    admin: row.admin ?? "(deleted account)",
    target: row.target ?? "(deleted account)",
  }));
}

/** Or the error the admin sees when it was handled meanwhile. */
async function openReport(reportId: string) {
  const [report] = await createDb(env.DB).select().from(reports).where(eq(reports.id, reportId)).limit(1);
  if (!report) throw new ModerationError(MODERATION_TEXTS.unknownReport, 404);
  if (report.status !== "open") throw new ModerationError(MODERATION_TEXTS.reportNotOpen);
  return report;
}

async function record(
  adminId: string,
  action: ModerationAction,
  targetUserId: string,
  reportId: string | null,
  now: number,
  decision?: SuspensionDecision,
) {
  await createDb(env.DB)
    .insert(moderationActions)
    .values({
      adminId,
      action,
      targetUserId,
      reportId,
      reason: decision?.reason ?? null,
      note: decision?.note ?? "",
      createdAt: new Date(now),
    });
}

export async function dismissReport(reportId: string, actor: Actor, now = Date.now()): Promise<void> {
  requireModerator(actor);
  const adminId = actor.id;
  const report = await openReport(reportId);
  await createDb(env.DB)
    .update(reports)
    .set({ status: "dismissed", resolvedAt: new Date(now), resolvedBy: adminId })
    .where(and(eq(reports.id, reportId), eq(reports.status, "open")));
  await record(adminId, "dismiss", report.reportedId, reportId, now);
}

/** Without a reason nothing changes; every open report about the account is settled with it. */
export async function suspendFromReport(
  reportId: string,
  actor: Actor,
  decision: { reason?: string; note?: string },
  now = Date.now(),
): Promise<{ userId: string; username: string }> {
  requireModerator(actor);
  const adminId = actor.id;
  const parsed = SuspensionDecisionSchema.safeParse(decision);
  if (!parsed.success) {
    throw new ModerationError(parsed.error.issues[0]?.message ?? MODERATION_TEXTS.chooseSuspensionReason, 400);
  }
  const report = await openReport(reportId);
  const { supportUserId, adminUserId } = getConfig().public;
  if (report.reportedId === supportUserId || report.reportedId === adminUserId) {
    throw new ModerationError(MODERATION_TEXTS.cannotSuspendStaff);
  }
  await suspendAccount(report.reportedId, now, parsed.data.reason);
  await createDb(env.DB)
    .update(reports)
    .set({ status: "suspended", resolvedAt: new Date(now), resolvedBy: adminId })
    .where(and(eq(reports.reportedId, report.reportedId), eq(reports.status, "open")));
  await record(adminId, "suspend", report.reportedId, reportId, now, parsed.data);
  const [account] = await createDb(env.DB)
    .select({ username: users.username })
    .from(users)
    .where(eq(users.id, report.reportedId))
    .limit(1);
  return { userId: report.reportedId, username: account?.username ?? "(deleted account)" };
}

export async function liftSuspension(userId: string, actor: Actor, now = Date.now()): Promise<void> {
  requireModerator(actor);
  const [account] = await createDb(env.DB)
    .select({ suspendedAt: users.suspendedAt })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!account?.suspendedAt) throw new ModerationError(MODERATION_TEXTS.notSuspended);
  await unsuspendAccount(userId);
  await record(actor.id, "unsuspend", userId, null, now);
}
