import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { ADMIN_TEXTS } from "~/shared/admin";
import { pairIdFor } from "~/shared/pair-id";
import { MAX_SUSPENSION_NOTE, MODERATION_TEXTS, suspensionReasonLabel } from "~/shared/safety";
import { CLOSE_CODES } from "~/shared/socket-protocol";
import {
  countOpenReports,
  dismissReport,
  liftSuspension,
  ModerationError,
  moderationView,
  suspendFromReport,
} from "../../worker/safety/moderation";
import { fileReport } from "../../worker/safety/reports";
import { insertAdmin, insertUser } from "./support/accounts";
import { postJson } from "./support/auth-requests";
import { closing, connect, isAck, openInboxSocket } from "./support/chat-sockets";
import { until } from "./support/until";

/** B reports A's profile. */
async function reported() {
  const a = await insertUser();
  const b = await insertUser();
  const { id } = await fileReport({
    reporterId: b.user.id,
    reportedId: a.user.id,
    subject: "profile",
    reason: "harassment",
    note: "",
  });
  return { a, b, reportId: id };
}

const statusOf = async (id: string) =>
  (await env.DB.prepare("SELECT status FROM reports WHERE id = ?").bind(id).first<{ status: string }>())?.status;

/** The moderation records about one account (storage is shared by the tests of a file). */
const log = async (targetUserId: string) =>
  (
    await env.DB.prepare(
      "SELECT admin_id, action, target_user_id, report_id, created_at FROM moderation_actions WHERE target_user_id = ? ORDER BY id",
    )
      .bind(targetUserId)
      .all<{
        admin_id: string;
        action: string;
        target_user_id: string;
        report_id: string | null;
        created_at: number;
      }>()
  ).results;

describe("moderation", () => {
  it("refuses everyone but the admin, and changes nothing for them", async () => {
    const { a, b, reportId } = await reported();
    const forbidden = new ModerationError(ADMIN_TEXTS.forbidden, 403);
    for (const person of [a, b]) {
      const actor = { id: person.user.id, role: "user" as const };
      await expect(moderationView(actor)).rejects.toThrow(forbidden);
      await expect(dismissReport(reportId, actor)).rejects.toThrow(forbidden);
      await expect(suspendFromReport(reportId, actor, { reason: "harassment" })).rejects.toThrow(forbidden);
      await expect(liftSuspension(a.user.id, actor)).rejects.toThrow(forbidden);
    }
    expect(await statusOf(reportId)).toBe("open");
    expect(await log(a.user.id)).toEqual([]);
    const suspended = await env.DB.prepare("SELECT suspended_at FROM users WHERE id = ?").bind(a.user.id).first();
    expect(suspended).toEqual({ suspended_at: null });
  });

  it("lists open reports newest first with both usernames, and counts them for the header", async () => {
    const admin = await insertAdmin();
    const openBefore = await countOpenReports();
    const first = await reported();
    const second = await reported();
    const view = await moderationView(admin.actor);
    const ours = view.reports.filter((r) => [first.reportId, second.reportId].includes(r.id));
    expect(ours.map((r) => [r.id, r.reporter.username, r.reported.username])).toEqual([
      [second.reportId, second.b.user.username, second.a.user.username],
      [first.reportId, first.b.user.username, first.a.user.username],
    ]);
    expect(await countOpenReports()).toBe(openBefore + 2);
    await dismissReport(first.reportId, admin.actor);
    expect(await countOpenReports()).toBe(openBefore + 1);
    expect(await statusOf(first.reportId)).toBe("dismissed");
    await expect(dismissReport(first.reportId, admin.actor)).rejects.toThrow(MODERATION_TEXTS.reportNotOpen);
    expect(await log(first.a.user.id)).toMatchObject([
      { admin_id: admin.user.id, action: "dismiss", target_user_id: first.a.user.id, report_id: first.reportId },
    ]);
  });

  it("suspending ends the account's sessions and open sockets within a second and refuses its sign-in", async () => {
    const admin = await insertAdmin();
    const { a, b, reportId } = await reported();
    const pairId = pairIdFor(a.user.id, b.user.id);
    const chat = await connect(a.cookie, pairId);
    chat.send({ type: "send", clientId: "temp-1", text: "Still here" });
    await chat.waitFor(isAck("temp-1"));
    const inbox = await openInboxSocket(a.cookie);
    if (!inbox.ws) throw new Error("the inbox upgrade was refused");
    await until(() => inbox.frames.length >= 1);
    const chatClosed = closing(chat.ws);
    const inboxClosed = closing(inbox.ws);
    const before = Date.now();

    await suspendFromReport(reportId, admin.actor, { reason: "harassment", note: "Insulted B every day." });

    expect(await chatClosed()).toEqual({ code: CLOSE_CODES.sessionEnded, reason: "suspended" });
    expect(await inboxClosed()).toEqual({ code: CLOSE_CODES.sessionEnded, reason: "suspended" });
    const refused = await postJson("/api/auth/sign-in/email", { email: a.email, password: a.password });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({
      message:
        "This account has been suspended. Reason: Harassment or abuse. To appeal, email support@kindred.example.",
    });
    expect(await statusOf(reportId)).toBe("suspended");
    const [action] = await log(a.user.id);
    expect(action).toMatchObject({ admin_id: admin.user.id, action: "suspend", target_user_id: a.user.id });
    expect(action?.created_at).toBeGreaterThanOrEqual(before);
    expect((await moderationView(admin.actor)).suspended.map((s) => s.id)).toEqual([a.user.id]);

    await liftSuspension(a.user.id, admin.actor);
    const again = await postJson("/api/auth/sign-in/email", { email: a.email, password: a.password });
    expect(again.status).toBe(200);
    expect((await log(a.user.id)).map((entry) => entry.action)).toEqual(["suspend", "unsuspend"]);
    await expect(liftSuspension(a.user.id, admin.actor)).rejects.toThrow(MODERATION_TEXTS.notSuspended);
  });

  it("refuses a suspension without a reason from the list, and changes nothing", async () => {
    const admin = await insertAdmin();
    const { a, reportId } = await reported();
    for (const decision of [{}, { reason: "" }, { reason: "rudeness" }, { note: "No reason given." }]) {
      await expect(suspendFromReport(reportId, admin.actor, decision)).rejects.toThrow(
        new ModerationError(MODERATION_TEXTS.chooseSuspensionReason, 400),
      );
    }
    await expect(
      suspendFromReport(reportId, admin.actor, { reason: "spam", note: "x".repeat(MAX_SUSPENSION_NOTE + 1) }),
    ).rejects.toThrow(MODERATION_TEXTS.suspensionNoteTooLong);
    expect(await statusOf(reportId)).toBe("open");
    expect(await log(a.user.id)).toEqual([]);
    const account = await env.DB.prepare("SELECT suspended_at, suspension_reason FROM users WHERE id = ?")
      .bind(a.user.id)
      .first();
    expect(account).toEqual({ suspended_at: null, suspension_reason: null });
    const signIn = await postJson("/api/auth/sign-in/email", { email: a.email, password: a.password });
    expect(signIn.status).toBe(200);
  });

  it("records a suspension's reason and note in the log; the person is told the category only", async () => {
    const admin = await insertAdmin();
    const { a, reportId } = await reported();
    const note = "Sent the same link to 40 people.";
    expect(await suspendFromReport(reportId, admin.actor, { reason: "spam", note: `  ${note}  ` })).toEqual({
      userId: a.user.id,
      username: a.user.username,
    });
    const rows = await env.DB.prepare("SELECT action, reason, note FROM moderation_actions WHERE target_user_id = ?")
      .bind(a.user.id)
      .all();
    expect(rows.results).toEqual([{ action: "suspend", reason: "spam", note }]);
    const view = await moderationView(admin.actor);
    expect(view.log.find((entry) => entry.target === a.user.username)).toMatchObject({
      action: "suspend",
      reason: "spam",
      note,
    });
    expect(view.suspended.find((account) => account.id === a.user.id)).toMatchObject({ reason: "spam" });

    const refused = await postJson("/api/auth/sign-in/email", { email: a.email, password: a.password });
    expect(refused.status).toBe(403);
    const { message } = (await refused.json()) as { message: string };
    expect(message).toBe(
      `This account has been suspended. Reason: ${suspensionReasonLabel("spam")}. To appeal, email ${env.CONTACT_EMAIL}.`,
    );
    expect(message).not.toContain(note);

    // Lifting the suspension forgets its reason; the log keeps it (for 30 days).
    await liftSuspension(a.user.id, admin.actor);
    const account = await env.DB.prepare("SELECT suspended_at, suspension_reason FROM users WHERE id = ?")
      .bind(a.user.id)
      .first();
    expect(account).toEqual({ suspended_at: null, suspension_reason: null });
  });

  it("never suspends the support account", async () => {
    const admin = await insertAdmin();
    const reporter = await insertUser();
    await env.DB.prepare("INSERT OR IGNORE INTO users (id, name, email, username) VALUES (?, 'Support', ?, 'Support')")
      .bind(env.SUPPORT_USER_ID, "support-test@example.com")
      .run();
    const { id } = await fileReport({
      reporterId: reporter.user.id,
      reportedId: env.SUPPORT_USER_ID,
      subject: "profile",
      reason: "other",
      note: "",
    });
    await expect(suspendFromReport(id, admin.actor, { reason: "other" })).rejects.toThrow(
      MODERATION_TEXTS.cannotSuspendStaff,
    );
    expect(await statusOf(id)).toBe("open");
  });
});
