import { env } from "cloudflare:workers";
import { and, count, eq, gt, inArray, lt } from "drizzle-orm";
import { pairIdFor } from "~/shared/pair-id";
import {
  BLOCK_TEXTS,
  MAX_REPORTS_PER_HOUR,
  REPORT_RETENTION_MS,
  REPORT_TEXTS,
  type ReportReason,
} from "~/shared/safety";
import { usernameOf } from "../accounts/find-user";
import { createDb } from "../db/client";
import { moderationActions, reports } from "../db/schema";
import { copyImageForReport, keyInFolder } from "../images/image-store";
import { chatRoom } from "../objects/room-service";
import { getPublicProfile } from "../profiles/profile-store";

type ReportInput = {
  reporterId: string;
  reportedId: string;
  reason: ReportReason;
  note: string;
} & ({ subject: "message"; seq: number } | { subject: "profile" });

export class ReportError extends Error {}

const HOUR_MS = 60 * 60 * 1000;

const PROFILE_SNAPSHOT_FIELDS = [
  ["Name", (p) => `${p.firstName} ${p.lastName}`.trim()],
  ["About Me", (p) => p.aboutMe],
  ["My Faith Journey", (p) => p.faithJourney],
  ["Personal Testimony", (p) => p.personalTestimony],
  ["Favorite Bible Verse", (p) => p.favoriteBibleVerse],
  ["Church Involvement", (p) => p.churchInvolvement],
  ["Occupation", (p) => p.occupation],
  ["Looking For", (p) => p.lookingFor],
  ["Deal Breakers", (p) => p.dealBreakers],
  ["Views on Marriage", (p) => p.marriageViews],
] as const satisfies readonly (readonly [string, (profile: PublicProfileOf) => string])[];
type PublicProfileOf = NonNullable<Awaited<ReturnType<typeof getPublicProfile>>>;

/** The snapshot keeps moderation working after the 7-day purge (docs/decisions/092-reports-keep-a-snapshot.md). */
export async function fileReport(input: ReportInput, now = Date.now()): Promise<{ id: string }> {
  const db = createDb(env.DB);
  if (input.reporterId === input.reportedId) throw new ReportError(REPORT_TEXTS.failed);
  if ((await usernameOf(input.reportedId)) === null) throw new ReportError(BLOCK_TEXTS.unknownPerson);
  const [{ recent = 0 } = {}] = await db
    .select({ recent: count() })
    .from(reports)
    .where(and(eq(reports.reporterId, input.reporterId), gt(reports.createdAt, new Date(now - HOUR_MS))));
  if (recent >= MAX_REPORTS_PER_HOUR) throw new ReportError(REPORT_TEXTS.tooMany);

  const id = crypto.randomUUID();
  const snapshot = input.subject === "message" ? await messageSnapshot(input, id) : await profileSnapshot(input, id);
  if ("existing" in snapshot) return { id: snapshot.existing };
  await db.insert(reports).values({
    id,
    reporterId: input.reporterId,
    reportedId: input.reportedId,
    subject: input.subject,
    reason: input.reason,
    note: input.note,
    pairId: snapshot.pairId,
    messageSeq: snapshot.seq,
    snapshotText: snapshot.text,
    snapshotImageKey: snapshot.imageKey,
    snapshotAt: snapshot.at === null ? null : new Date(snapshot.at),
    createdAt: new Date(now),
  });
  return { id };
}

type Snapshot =
  | { pairId: string | null; seq: number | null; text: string; imageKey: string | null; at: number | null }
  | { existing: string };

/** Only a message the reporter received from the reported person. */
async function messageSnapshot(input: ReportInput & { subject: "message" }, reportId: string): Promise<Snapshot> {
  const pairId = pairIdFor(input.reporterId, input.reportedId);
  const [existing] = await createDb(env.DB)
    .select({ id: reports.id })
    .from(reports)
    .where(and(eq(reports.reporterId, input.reporterId), eq(reports.pairId, pairId), eq(reports.messageSeq, input.seq)))
    .limit(1);
  if (existing) return { existing: existing.id };
  const message = await chatRoom(pairId).receivedMessage(input.reporterId, input.seq);
  if (!message || message.senderId !== input.reportedId) throw new ReportError(REPORT_TEXTS.unknownMessage);
  const source = message.imageUrl ? keyInFolder(message.imageUrl, `chats/${pairId}`) : null;
  return {
    pairId,
    seq: message.seq,
    text: message.text,
    imageKey: source ? await copyImageForReport(source, reportId) : null,
    at: message.timestamp,
  };
}

async function profileSnapshot(input: ReportInput & { subject: "profile" }, reportId: string): Promise<Snapshot> {
  const profile = await getPublicProfile(input.reportedId);
  if (!profile) throw new ReportError(REPORT_TEXTS.failed);
  const text = PROFILE_SNAPSHOT_FIELDS.flatMap(([label, read]) => {
    const value = read(profile).trim();
    return value ? [`${label}: ${value}`] : [];
  }).join("\n\n");
  const source = profile.photoUrl ? keyInFolder(profile.photoUrl, `profiles/${input.reportedId}`) : null;
  return {
    pairId: null,
    seq: null,
    text,
    imageKey: source ? await copyImageForReport(source, reportId) : null,
    at: null,
  };
}

/** The Privacy Policy: reports are kept 30 days. Safe to repeat. */
export async function purgeExpiredReports(now: number): Promise<{ reports: number; images: number; actions: number }> {
  const db = createDb(env.DB);
  const cutoff = new Date(now - REPORT_RETENTION_MS);
  const expired = await db
    .select({ id: reports.id, imageKey: reports.snapshotImageKey })
    .from(reports)
    .where(lt(reports.createdAt, cutoff));
  const images = expired.flatMap((report) => (report.imageKey ? [report.imageKey] : []));
  if (images.length > 0) await env.IMAGES.delete(images);
  let removed = 0;
  // D1 limits bound parameters per statement.
  for (let start = 0; start < expired.length; start += 50) {
    const ids = expired.slice(start, start + 50).map((report) => report.id);
    removed += (await db.delete(reports).where(inArray(reports.id, ids))).meta.changes;
  }
  const actions = await db.delete(moderationActions).where(lt(moderationActions.createdAt, cutoff));
  return { reports: removed, images: images.length, actions: actions.meta.changes };
}
