import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { pairIdFor } from "~/shared/pair-id";
import { BLOCK_TEXTS, MAX_REPORT_NOTE, MAX_REPORTS_PER_HOUR, REPORT_RETENTION_MS, REPORT_TEXTS } from "~/shared/safety";
import { MESSAGE_RETENTION_MS } from "../../worker/chat/message-retention";
import worker from "../../worker/index";
import { dismissReport } from "../../worker/safety/moderation";
import { fileReport, ReportError } from "../../worker/safety/reports";
import { safetyAction } from "../../worker/safety/safety-form-post";
import { insertAdmin, insertUser } from "./support/accounts";
import { APP_ORIGIN } from "./support/auth-requests";
import { acked, connect, storedChatImage } from "./support/chat-sockets";

const DAY = 24 * 60 * 60 * 1000;

type ReportRow = {
  id: string;
  reporter_id: string;
  reported_id: string;
  subject: string;
  reason: string;
  note: string;
  snapshot_text: string;
  snapshot_image_key: string | null;
  status: string;
};

const reportRow = (id: string) => env.DB.prepare("SELECT * FROM reports WHERE id = ?").bind(id).first<ReportRow>();

/** A sends B a message with an image; B is the one who reports it. */
async function receivedImageMessage() {
  const a = await insertUser();
  const b = await insertUser();
  const pairId = pairIdFor(a.user.id, b.user.id);
  const imageUrl = await storedChatImage(pairId);
  const chat = await connect(a.cookie, pairId);
  chat.send({ type: "send", clientId: "temp-1", text: "Something hurtful", imageUrl });
  const { seq } = await acked(chat, "temp-1");
  return { a, b, pairId, imageUrl, seq, chat };
}

afterEach(() => {
  vi.useRealTimers();
});

describe("reporting a message", () => {
  it("stores a snapshot with a copy of the image that outlives the 7-day purge, seen by the admin only", async () => {
    const { a, b, pairId, imageUrl, seq } = await receivedImageMessage();
    const { id } = await fileReport({
      reporterId: b.user.id,
      reportedId: a.user.id,
      subject: "message",
      seq,
      reason: "harassment",
      note: "  Keeps writing this.  ",
    });
    const row = await reportRow(id);
    expect(row).toMatchObject({
      reporter_id: b.user.id,
      reported_id: a.user.id,
      subject: "message",
      reason: "harassment",
      snapshot_text: "Something hurtful",
      status: "open",
    });
    expect(row?.snapshot_image_key).toMatch(new RegExp(`^reports/${id}/[0-9a-f-]{36}\\.png$`));

    // The conversation is purged after 7 days: the original image goes, the report's copy stays.
    await env.CHAT_ROOM.getByName(pairId).purgeExpired(Date.now() + MESSAGE_RETENTION_MS + DAY);
    expect(await env.IMAGES.head(imageUrl.slice("/images/".length))).toBeNull();
    expect(await env.IMAGES.head(row?.snapshot_image_key ?? "")).not.toBeNull();

    const copyUrl = `${APP_ORIGIN}/images/${row?.snapshot_image_key}`;
    const admin = await insertAdmin();
    expect((await exports.default.fetch(copyUrl, { headers: { Cookie: admin.cookie } })).status).toBe(200);
    expect((await exports.default.fetch(copyUrl, { headers: { Cookie: b.cookie } })).status).toBe(403);
    expect((await exports.default.fetch(copyUrl, { headers: { Cookie: a.cookie } })).status).toBe(403);
  });

  it("accepts only a message the reporter received, once", async () => {
    const { a, b, seq } = await receivedImageMessage();
    const report = (reporterId: string, reportedId: string, at: number) =>
      fileReport({ reporterId, reportedId, subject: "message", seq: at, reason: "spam", note: "" });
    // One's own message, a message that does not exist, a conversation one is not in.
    await expect(report(a.user.id, b.user.id, seq)).rejects.toThrow(new ReportError(REPORT_TEXTS.unknownMessage));
    await expect(report(b.user.id, a.user.id, seq + 5)).rejects.toThrow(new ReportError(REPORT_TEXTS.unknownMessage));
    await expect(report(b.user.id, "no_such-person", seq)).rejects.toThrow(new ReportError(BLOCK_TEXTS.unknownPerson));
    const outsider = await insertUser();
    await expect(report(outsider.user.id, a.user.id, seq)).rejects.toThrow(
      new ReportError(REPORT_TEXTS.unknownMessage),
    );
    const first = await report(b.user.id, a.user.id, seq);
    const second = await report(b.user.id, a.user.id, seq);
    expect(second.id).toBe(first.id);
    const count = await env.DB.prepare("SELECT count(*) AS n FROM reports WHERE reporter_id = ?")
      .bind(b.user.id)
      .first<{ n: number }>();
    expect(count?.n).toBe(1);
  });

  it("refuses more than the hourly number of reports from one person", async () => {
    const reporter = await insertUser();
    const reported = await insertUser();
    const report = () =>
      fileReport({
        reporterId: reporter.user.id,
        reportedId: reported.user.id,
        subject: "profile",
        reason: "spam",
        note: "",
      });
    for (let i = 0; i < MAX_REPORTS_PER_HOUR; i += 1) await report();
    await expect(report()).rejects.toThrow(new ReportError(REPORT_TEXTS.tooMany));
  });
});

describe("the report form", () => {
  it("answers a missing reason and an over-long note with their messages, and stores nothing", async () => {
    const reporter = await insertUser();
    const reported = await insertUser();
    // The report form posted to the route action of the reported person's page.
    const report = async (fields: Record<string, string>) => {
      const body = new FormData();
      for (const [name, value] of Object.entries({ intent: "report", subject: "profile", ...fields }))
        body.set(name, value);
      const request = new Request(`https://kindred.example/users/${reported.user.id}`, { method: "POST", body });
      const answer = await safetyAction(reporter.user.id, reported.user.id, request);
      return { status: answer.init?.status, ...answer.data.safety };
    };
    expect(await report({ note: "x" })).toMatchObject({
      status: 400,
      ok: false,
      errors: { reason: REPORT_TEXTS.chooseReason },
    });
    expect(await report({ reason: "spam", note: "y".repeat(MAX_REPORT_NOTE + 1) })).toMatchObject({
      status: 400,
      ok: false,
      errors: { note: REPORT_TEXTS.noteTooLong },
    });
    const stored = await env.DB.prepare("SELECT count(*) AS n FROM reports WHERE reporter_id = ?")
      .bind(reporter.user.id)
      .first<{ n: number }>();
    expect(stored?.n).toBe(0);
    expect(await report({ reason: "spam", note: "y".repeat(MAX_REPORT_NOTE) })).toMatchObject({
      status: 200,
      ok: true,
      reason: "spam",
      blockedUsername: null,
    });
  });
});

describe("reporting a profile", () => {
  it("keeps the profile's texts and a copy of its photo", async () => {
    const reporter = await insertUser();
    const reported = await insertUser();
    const photoKey = `profiles/${reported.user.id}/${crypto.randomUUID()}.png`;
    await env.IMAGES.put(photoKey, new Uint8Array([1, 2, 3]), { httpMetadata: { contentType: "image/png" } });
    await env.DB.prepare("UPDATE users SET profile_pic = ? WHERE id = ?")
      .bind(`/images/${photoKey}`, reported.user.id)
      .run();
    await env.DB.prepare(
      "INSERT OR REPLACE INTO profiles (user_id, first_name, last_name, about_me, photo_url) VALUES (?, 'Sam', 'Lee', 'Buy my pills', ?)",
    )
      .bind(reported.user.id, `/images/${photoKey}`)
      .run();
    const { id } = await fileReport({
      reporterId: reporter.user.id,
      reportedId: reported.user.id,
      subject: "profile",
      reason: "spam",
      note: "",
    });
    const row = await reportRow(id);
    expect(row?.snapshot_text).toContain("Name: Sam Lee");
    expect(row?.snapshot_text).toContain("About Me: Buy my pills");
    expect(row?.snapshot_image_key).toMatch(new RegExp(`^reports/${id}/`));
    expect(await (await env.IMAGES.get(row?.snapshot_image_key ?? ""))?.arrayBuffer()).toEqual(
      new Uint8Array([1, 2, 3]).buffer,
    );
  });
});

describe("the 30-day retention of reports", () => {
  it("the cron deletes a report with its image copy and the moderation record after 30 days, not before", async () => {
    const start = Date.UTC(2026, 10, 1, 12, 0, 0);
    vi.useFakeTimers({ toFake: ["Date"], now: start });
    const { a, b, seq } = await receivedImageMessage();
    const old = await fileReport({
      reporterId: b.user.id,
      reportedId: a.user.id,
      subject: "message",
      seq,
      reason: "inappropriate-image",
      note: "",
    });
    const admin = await insertAdmin();
    await dismissReport(old.id, admin.actor);
    const oldCopy = (await reportRow(old.id))?.snapshot_image_key ?? "";
    expect(oldCopy).not.toBe("");

    const runCron = async () => {
      const ctx = createExecutionContext();
      await worker.scheduled(createScheduledController({ scheduledTime: Date.now(), cron: "17 * * * *" }), env, ctx);
      await waitOnExecutionContext(ctx);
    };
    // 29 days on: a newer report arrives and the cron keeps everything.
    vi.setSystemTime(start + 29 * DAY);
    const recent = await fileReport({
      reporterId: a.user.id,
      reportedId: b.user.id,
      subject: "profile",
      reason: "other",
      note: "",
    });
    await runCron();
    expect(await reportRow(old.id)).not.toBeNull();

    vi.setSystemTime(start + REPORT_RETENTION_MS + DAY);
    await runCron();
    expect(await reportRow(old.id)).toBeNull();
    expect(await env.IMAGES.head(oldCopy)).toBeNull();
    expect(await reportRow(recent.id)).not.toBeNull();
    const actions = await env.DB.prepare("SELECT count(*) AS n FROM moderation_actions WHERE admin_id = ?")
      .bind(admin.user.id)
      .first<{ n: number }>();
    expect(actions?.n).toBe(0);
  });
});
