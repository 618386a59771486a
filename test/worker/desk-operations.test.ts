import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { m } from "~/paraglide/messages";
import type { SignedInUser } from "~/shared/accounts";
import { NO_COUNTRY_HELP } from "~/shared/crisis-help";
import { DESK_TEXTS, VISITOR_DESK_TEXTS, visitorDeskLine } from "~/shared/desk";
import { END_CONVERSATION_TEXTS, SURVEY_TEXTS, VISITOR_DESK_INTENTS, WHISPER_TEXTS } from "~/shared/desk-operations";
import { pairIdFor } from "~/shared/pair-id";
import { chatWith, deskConversationPath } from "~/shared/routes";
import { knownTimeZone, timeZoneNames } from "~/shared/time-zones";
import * as chatScreen from "../../app/routes/chat/chat-screen";
import * as deskConversation from "../../app/routes/desk/desk-conversation";
import { DeskLedger, FIGURES_RETENTION_MS } from "../../worker/desk/desk-ledger";
import type { SupportDesk } from "../../worker/desk/support-desk";
import { inLanguage } from "../../worker/i18n/request-language";
import { insertAdmin, insertListener, insertUser } from "./support/accounts";
import { postJson } from "./support/auth-requests";
import {
  availableAtDesk,
  clearDesk,
  desk,
  deskHolds,
  openDeskConversation,
  openDeskSocket,
  SUPPORT_ID,
  say,
  seedSupport,
  visitorInSupportChat,
} from "./support/desk";
import { callAction, signedInUser } from "./support/route-action";
import { until } from "./support/until";

beforeAll(seedSupport);
beforeEach(clearDesk);

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** The scripted day: 2026-11-20, read at noon UTC. */
const DAY_START = Date.UTC(2026, 10, 20);
const NOON = DAY_START + 12 * 60 * MINUTE;
const at = (hours: number, minutes = 0, day = DAY_START) => day + hours * 60 * MINUTE + minutes * MINUTE;

/** Runs `script` on the desk's own record, in the desk's storage. */
function onLedger<T>(script: (ledger: DeskLedger, sql: SqlStorage) => T): Promise<T> {
  return runInDurableObject(desk(), (_instance, state) => script(new DeskLedger(state.storage.sql), state.storage.sql));
}

const names: Record<string, string> = { l1: "listener-one", l2: "listener-two" };
const nameOf = (id: string) => names[id] ?? "?";

describe("the desk's figures on a scripted day", () => {
  /** The scripted openings' ids, as the ledger numbered them. */
  const openings: Record<string, number | null> = {};
  beforeEach(async () => {
    await onLedger((ledger, sql) => {
      // L: a listener (l1) resolved it before anyone replied, as the desk once allowed: closed
      // without a reply, with 'Self-harm' and no risk discussed.
      ledger.opened("l", at(7));
      ledger.ended("l", at(7, 20), "resolved", "l1", { topics: ["Self-harm"], riskDiscussed: false });
      // M: l2 opened it and never replied; the visitor ended it: closed without a reply, l2's.
      ledger.opened("m", at(7, 30));
      ledger.ended("m", at(7, 45), "visitor", "l2");
      // J: crisis words in the visitor's first message; answered in 1 min by l2, resolved with
      // 'Anxiety' and no risk discussed.
      ledger.opened("j", at(8), true);
      ledger.replied("j", "l2", at(8, 1));
      ledger.ended("j", at(8, 25), "resolved", "l2", { topics: ["Anxiety"], riskDiscussed: false });
      // K: answered in 3 min by l1, resolved with 'suicidal thoughts' (the topic in another case) and
      // no risk discussed.
      ledger.opened("k", at(8, 30));
      ledger.replied("k", "l1", at(8, 33));
      ledger.ended("k", at(8, 50), "resolved", "l1", { topics: ["suicidal thoughts"], riskDiscussed: false });
      // A: answered in 2 min by l1, resolved with a wrap-up, 'Yes' with a comment.
      ledger.opened("a", at(9));
      ledger.replied("a", "l1", at(9, 2));
      ledger.replied("a", "l2", at(9, 3)); // a later reply changes nothing
      openings.a = ledger.ended("a", at(9, 30), "resolved", "l1", {
        topics: ["Anxiety", "Loneliness"],
        riskDiscussed: true,
      });
      ledger.answerSurvey("a", openings.a ?? 0, { helpful: "yes", comment: "Thank you" }, at(9, 31));
      // B: answered in 10 min by l2, ended by the visitor, 'Somewhat'.
      ledger.opened("b", at(9, 10));
      ledger.replied("b", "l2", at(9, 20));
      openings.b = ledger.ended("b", at(9, 40), "visitor", "l2");
      ledger.answerSurvey("b", openings.b ?? 0, { helpful: "somewhat", comment: "" }, at(9, 41));
      // C: ended by the visitor before any listener joined (abandoned), 'No' with a comment.
      ledger.opened("c", at(10));
      openings.c = ledger.ended("c", at(10, 3), "visitor");
      ledger.answerSurvey("c", openings.c ?? 0, { helpful: "no", comment: "Nobody came" }, at(10, 4));
      // D: signed out while waiting (abandoned).
      ledger.opened("d", at(11));
      ledger.ended("d", at(11, 5), "session");
      // F: still waiting since 11:30. G: answered in 1 min by l1, still open.
      ledger.opened("f", at(11, 30));
      ledger.opened("g", at(11, 50));
      openings.f = sql.exec<{ id: number }>("SELECT id FROM desk_openings WHERE pair_id = 'f'").one().id;
      ledger.replied("g", "l1", at(11, 51));
      // E: joined the line at 23:58 the day before, answered at 00:03 (exactly 5 minutes): yesterday's.
      ledger.opened("e", at(23, 58, DAY_START - DAY));
      ledger.replied("e", "l2", at(0, 3));
      ledger.ended("e", at(0, 30), "inactive", "l2");
      // I: 20 days ago. H: 40 days ago, past the retention.
      ledger.opened("i", NOON - 20 * DAY);
      ledger.replied("i", "l1", NOON - 20 * DAY + MINUTE);
      ledger.ended("i", NOON - 20 * DAY + 2 * MINUTE, "resolved", "l1", { topics: ["Grief"], riskDiscussed: false });
      ledger.opened("h", NOON - 40 * DAY);
      ledger.ended("h", NOON - 40 * DAY + MINUTE, "visitor");
    });
  });

  it("puts every conversation of the day in exactly one state, and the states add up to the conversations", async () => {
    const today = await onLedger((ledger) => ledger.figures("today", NOON, nameOf));
    expect(today).toMatchObject({
      from: DAY_START,
      to: NOON,
      timeZone: "UTC",
      conversations: 10,
      answered: 5, // A, B, G, J, K
      abandoned: 2, // C, D
      stillWaiting: 1, // F
      closedWithoutReply: 2, // L, M
    });
    expect(today.answered + today.abandoned + today.stillWaiting + today.closedWithoutReply).toBe(today.conversations);
    // Of the 9 no longer waiting, 5 were answered.
    expect(today.answerRate).toBe(5 / 9);
    // F waits, from 11:30; E, G and the ended ones do not.
    expect(today).toMatchObject({ waitingNow: 1, longestWaitNowMs: 30 * MINUTE });
  });

  it("counts each listener's conversations once: Resolved never more than Answered, and together the answered and closed ones", async () => {
    const today = await onLedger((ledger) => ledger.figures("today", NOON, nameOf));
    expect(today.listeners).toEqual([
      // A, G, K answered (2, 1 and 3 min); L closed without a reply; A and K resolved.
      {
        name: "listener-one",
        conversations: 4,
        answered: 3,
        closedWithoutReply: 1,
        resolved: 2,
        medianFirstReplyMs: 2 * MINUTE,
      },
      // B, J answered (10 and 1 min); M closed without a reply; J resolved.
      {
        name: "listener-two",
        conversations: 3,
        answered: 2,
        closedWithoutReply: 1,
        resolved: 1,
        medianFirstReplyMs: MINUTE,
      },
    ]);
    for (const row of today.listeners) {
      expect(row.answered + row.closedWithoutReply).toBe(row.conversations);
      expect(row.resolved).toBeLessThanOrEqual(row.answered);
    }
    const sum = (pick: (row: (typeof today.listeners)[number]) => number) =>
      today.listeners.reduce((total, row) => total + pick(row), 0);
    expect(sum((row) => row.answered)).toBe(today.answered);
    expect(sum((row) => row.closedWithoutReply)).toBe(today.closedWithoutReply);
  });

  it("lists the wrap-ups with crisis words or a risk topic where risk was not discussed, newest first", async () => {
    const today = await onLedger((ledger) => ledger.figures("today", NOON, nameOf));
    expect(today.risk).toEqual({ discussed: 1, wrapUps: 4 });
    expect(today.riskNotDiscussed).toEqual([
      { at: at(8, 50), listener: "listener-one", topics: ["suicidal thoughts"], crisis: false },
      { at: at(8, 25), listener: "listener-two", topics: ["Anxiety"], crisis: true },
      { at: at(7, 20), listener: "listener-one", topics: ["Self-harm"], crisis: false },
    ]);
    // 'Grief' without crisis words, twenty days ago, is not one of them.
    const month = await onLedger((ledger) => ledger.figures("30d", NOON, nameOf));
    expect(month.riskNotDiscussed).toHaveLength(3);
    expect(month.risk).toEqual({ discussed: 1, wrapUps: 5 });
    expect(JSON.stringify(month)).not.toMatch(/"[a-m]"/);
  });

  it("counts today from midnight UTC: times, survey, topics and hours", async () => {
    const today = await onLedger((ledger) => ledger.figures("today", NOON, nameOf));
    expect(today).toMatchObject({
      // 1, 1, 2, 3 and 10 minutes: the nearest-rank median and 90th percentile.
      timeToAnswer: { medianMs: 2 * MINUTE, p90Ms: 10 * MINUTE },
      answeredWithinTarget: 4 / 5,
      helpful: { yes: 1, somewhat: 1, no: 1, answers: 3 },
      comments: [
        { at: at(10, 4), answer: "no", text: "Nobody came" },
        { at: at(9, 31), answer: "yes", text: "Thank you" },
      ],
      topics: [
        { name: "Anxiety", count: 2 },
        { name: "Loneliness", count: 1 },
        { name: "Self-harm", count: 1 },
        { name: "suicidal thoughts", count: 1 },
      ],
    });
    expect(today.byHour).toHaveLength(24);
    expect(today.byHour[7]).toEqual({ hour: 7, openings: 2, medianTimeToAnswerMs: null });
    expect(today.byHour[8]).toEqual({ hour: 8, openings: 2, medianTimeToAnswerMs: MINUTE });
    expect(today.byHour[9]).toEqual({ hour: 9, openings: 2, medianTimeToAnswerMs: 2 * MINUTE });
    expect(today.byHour[10]).toEqual({ hour: 10, openings: 1, medianTimeToAnswerMs: null });
    expect(today.byHour[11]).toEqual({ hour: 11, openings: 3, medianTimeToAnswerMs: MINUTE });
    expect(today.byHour.reduce((sum, hour) => sum + hour.openings, 0)).toBe(10);
  });

  it("counts today from midnight in the zone chosen, with its hours, and a zone it does not know as UTC", async () => {
    // New York is 5 hours behind in November: its day began at 05:00 UTC, after E.
    const newYork = await onLedger((ledger) => ledger.figures("today", NOON, nameOf, "America/New_York"));
    expect(newYork).toMatchObject({ timeZone: "America/New_York", from: at(5), conversations: 10 });
    expect(newYork.byHour[4]).toMatchObject({ openings: 2 }); // A and B, 09:00 UTC
    expect(newYork.byHour[2]).toMatchObject({ openings: 2 }); // L and M, 07:00 UTC
    // Tokyo is 9 hours ahead: its day began at 15:00 UTC the day before, so E (08:58 there) is today's.
    const tokyo = await onLedger((ledger) => ledger.figures("today", NOON, nameOf, "Asia/Tokyo"));
    expect(tokyo).toMatchObject({ timeZone: "Asia/Tokyo", from: at(15, 0, DAY_START - DAY), conversations: 11 });
    expect(tokyo.byHour[8]).toEqual({ hour: 8, openings: 1, medianTimeToAnswerMs: 5 * MINUTE });
    expect(tokyo.answered + tokyo.abandoned + tokyo.stillWaiting + tokyo.closedWithoutReply).toBe(11);
    // The rolling periods do not move with the zone.
    const week = await onLedger((ledger) => ledger.figures("7d", NOON, nameOf, "Asia/Tokyo"));
    expect(week.from).toBe(NOON - 7 * DAY);
    for (const unknown of ["Mars/Olympus", "", "+05:00"]) {
      const shown = await onLedger((ledger) => ledger.figures("today", NOON, nameOf, unknown));
      expect(shown).toMatchObject({ timeZone: "UTC", from: DAY_START, conversations: 10 });
    }
  });

  it("offers only zones this runtime reads back as themselves, so every choice of the form is taken", () => {
    const names = timeZoneNames();
    expect(names[0]).toBe("UTC");
    expect(names.length).toBeGreaterThan(300);
    expect(names.filter((name) => knownTimeZone(name) !== name)).toEqual([]);
  });

  it("counts a conversation that crosses midnight on the day it joined the line", async () => {
    const week = await onLedger((ledger) => ledger.figures("7d", NOON, nameOf));
    expect(week.conversations).toBe(11);
    expect(week.answered).toBe(6);
    // E's 5 minutes exactly count as within 5 minutes.
    expect(week.answeredWithinTarget).toBe(5 / 6);
    expect(week.timeToAnswer).toEqual({ medianMs: 2 * MINUTE, p90Ms: 10 * MINUTE });
    expect(week.byHour[23]).toEqual({ hour: 23, openings: 1, medianTimeToAnswerMs: 5 * MINUTE });
    expect(week.listeners.find((l) => l.name === "listener-two")).toMatchObject({ conversations: 4, answered: 3 });
  });

  it("keeps 30 days: older openings leave the figures and the desk's storage", async () => {
    const month = await onLedger((ledger) => {
      ledger.prune(NOON);
      return ledger.figures("30d", NOON, nameOf);
    });
    expect(month.conversations).toBe(12);
    expect(month.topics).toContainEqual({ name: "Grief", count: 1 });
    const kept = await onLedger((_ledger, sql) =>
      sql.exec<{ pair_id: string }>("SELECT pair_id FROM desk_openings ORDER BY pair_id").toArray(),
    );
    expect(kept.map((row) => row.pair_id)).toEqual(["a", "b", "c", "d", "e", "f", "g", "i", "j", "k", "l", "m"]);
    expect(NOON - 40 * DAY).toBeLessThan(NOON - FIGURES_RETENTION_MS);
  });

  it("takes a survey answer once per opening, only for that conversation, only once it ended", async () => {
    const answers = await onLedger((ledger) => [
      ledger.answerSurvey("a", openings.a ?? 0, { helpful: "no", comment: "" }, NOON),
      // Another conversation's opening, and one still open.
      ledger.answerSurvey("b", openings.a ?? 0, { helpful: "no", comment: "" }, NOON),
      ledger.answerSurvey("f", openings.f ?? 0, { helpful: "no", comment: "" }, NOON),
    ]);
    expect(answers).toEqual([
      { refusal: "alreadyAnswered" },
      { refusal: "nothingToAnswer" },
      { refusal: "nothingToAnswer" },
    ]);
    const today = await onLedger((ledger) => ledger.figures("today", NOON, nameOf));
    expect(today.helpful).toEqual({ yes: 1, somewhat: 1, no: 1, answers: 3 });
  });
});

/** The visitor's own form, posted to their support conversation's page. */
function visitorPost(visitor: Awaited<ReturnType<typeof insertUser>>, fields: Record<string, string>) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  return callAction(chatScreen.action, chatWith(SUPPORT_ID), form, {
    user: signedInUser(visitor),
    params: { userId: SUPPORT_ID },
  });
}

const lastDesk = (socket: Awaited<ReturnType<typeof visitorInSupportChat>>["socket"]) =>
  socket.frames.filter((frame) => frame.type === "desk").at(-1);

/**
 * A visitor's conversation given to an Available listener, who opened it and replied once (the desk
 * has counted the answer).
 */
async function answeredConversation() {
  const listener = await insertListener();
  await availableAtDesk(listener);
  const visitor = await visitorInSupportChat();
  await say(visitor.socket, "hello");
  await deskHolds(visitor.pairId, listener.user.id);
  const room = await openDeskConversation(listener.cookie, visitor.user.id);
  if (!room.socket) throw new Error("refused");
  await say(room.socket, "How can I help?");
  await until(async () => (await desk().figures("today")).answered === 1);
  return { listener, visitor };
}

describe("an opening's life on the desk", () => {
  it("counts the first reply, frees the listener when the visitor ends it, and asks the visitor once", async () => {
    const { listener, visitor } = await answeredConversation();

    const ended = await visitorPost(visitor, { intent: VISITOR_DESK_INTENTS.end });
    expect(ended).toMatchObject({ status: 200, data: { visitorDesk: { ok: true } } });
    expect((await desk().snapshot(listener.user.id, false)).me.active).toBe(0);
    const told = await visitor.socket.waitFor((f) => f.type === "desk" && f.state === "idle" && f.survey !== null);
    if (told.type !== "desk" || told.survey === null) throw new Error("no survey");
    expect(told.events.map((event) => event.kind)).toEqual(["joined", "you-ended"]);

    const again = await visitorPost(visitor, { intent: VISITOR_DESK_INTENTS.end });
    expect(again).toMatchObject({ status: 409, data: { visitorDesk: { message: END_CONVERSATION_TEXTS.notOpen } } });

    const wrong = await visitorPost(visitor, {
      intent: VISITOR_DESK_INTENTS.survey,
      opening: String(told.survey),
      answer: "maybe",
      comment: "x".repeat(20),
    });
    expect(wrong).toMatchObject({
      status: 400,
      data: { visitorDesk: { message: SURVEY_TEXTS.chooseAnswer, typed: { comment: "x".repeat(20) } } },
    });
    const tooLong = await visitorPost(visitor, {
      intent: VISITOR_DESK_INTENTS.survey,
      opening: String(told.survey),
      answer: "yes",
      comment: "x".repeat(501),
    });
    expect(tooLong).toMatchObject({ status: 400, data: { visitorDesk: { message: SURVEY_TEXTS.commentTooLong } } });
    // Another person cannot answer for this opening: their own conversation has none.
    const stranger = await insertUser();
    const foreign = await visitorPost(stranger, {
      intent: VISITOR_DESK_INTENTS.survey,
      opening: String(told.survey),
      answer: "no",
      comment: "",
    });
    expect(foreign).toMatchObject({ status: 409, data: { visitorDesk: { message: SURVEY_TEXTS.nothingToAnswer } } });

    const answer = {
      intent: VISITOR_DESK_INTENTS.survey,
      opening: String(told.survey),
      answer: "yes",
      comment: "kind",
    };
    expect(await visitorPost(visitor, answer)).toMatchObject({ status: 200, data: { visitorDesk: { ok: true } } });
    expect(await visitorPost(visitor, answer)).toMatchObject({
      status: 409,
      data: { visitorDesk: { message: SURVEY_TEXTS.alreadyAnswered } },
    });
    // Asked no more.
    await visitor.socket.waitFor((f) => f.type === "desk" && f.state === "idle" && f.survey === null);

    const figures = await desk().figures("today");
    expect(figures).toMatchObject({ conversations: 1, answered: 1, abandoned: 0 });
    expect(figures.helpful).toEqual({ yes: 1, somewhat: 0, no: 0, answers: 1 });
    expect(figures.comments.map((c) => c.text)).toEqual(["kind"]);
    expect(JSON.stringify(figures)).not.toContain(visitor.user.id);
    expect(JSON.stringify(figures)).not.toContain(visitor.user.username);

    // Writing again opens it again: a second opening, in line.
    await say(visitor.socket, "me again");
    await deskHolds(visitor.pairId, listener.user.id);
    expect((await desk().figures("today")).conversations).toBe(2);
  });

  it("words the survey's refusals in the visitor's language, keeping what they chose and typed", async () => {
    const visitor = await insertUser();
    const es = { locale: "es" } as const;
    const survey = { intent: VISITOR_DESK_INTENTS.survey, opening: "1" };
    const wrong = await inLanguage("es", () => visitorPost(visitor, { ...survey, answer: "tal vez", comment: "hola" }));
    expect(wrong).toMatchObject({
      status: 400,
      data: { visitorDesk: { message: m.chat_survey_choose_answer({}, es), typed: { comment: "hola" } } },
    });
    const tooLong = await inLanguage("es", () =>
      visitorPost(visitor, { ...survey, answer: "yes", comment: "x".repeat(501) }),
    );
    expect(tooLong).toMatchObject({
      status: 400,
      data: { visitorDesk: { message: m.chat_survey_comment_too_long({ max: 500 }, es), typed: { answer: "yes" } } },
    });
  });

  it("words the desk's own refusals in the visitor's language: ending it twice, answering the survey twice", async () => {
    const { visitor } = await answeredConversation();
    const es = { locale: "es" } as const;
    const end = { intent: VISITOR_DESK_INTENTS.end };
    expect(await inLanguage("es", () => visitorPost(visitor, end))).toMatchObject({ status: 200 });
    expect(await inLanguage("es", () => visitorPost(visitor, end))).toMatchObject({
      status: 409,
      data: { visitorDesk: { ok: false, message: m.chat_end_not_open({}, es) } },
    });
    const told = await visitor.socket.waitFor((f) => f.type === "desk" && f.state === "idle" && f.survey !== null);
    if (told.type !== "desk" || told.survey === null) throw new Error("no survey");
    const answer = { intent: VISITOR_DESK_INTENTS.survey, opening: String(told.survey), answer: "no", comment: "" };
    expect(await inLanguage("es", () => visitorPost(visitor, answer))).toMatchObject({ status: 200 });
    expect(await inLanguage("es", () => visitorPost(visitor, { ...answer, comment: "otra vez" }))).toMatchObject({
      status: 409,
      data: {
        visitorDesk: { ok: false, message: m.chat_survey_already_answered({}, es), typed: { comment: "otra vez" } },
      },
    });
    // The same refusals in English for an English request: each request's own language.
    expect(await visitorPost(visitor, end)).toMatchObject({
      data: { visitorDesk: { message: m.chat_end_not_open({}, { locale: "en" }) } },
    });
  });

  it("counts a visitor who ends it before any reply as abandoned, and one who signs out while waiting", async () => {
    const first = await visitorInSupportChat();
    await say(first.socket, "hello?");
    await deskHolds(first.pairId, null);
    expect(await visitorPost(first, { intent: VISITOR_DESK_INTENTS.end })).toMatchObject({ status: 200 });

    const second = await visitorInSupportChat();
    await say(second.socket, "anyone?");
    await deskHolds(second.pairId, null);
    expect((await desk().figures("today")).waitingNow).toBe(1);
    const out = await postJson("/api/auth/sign-out", {}, { cookie: second.cookie });
    expect(out.status).toBe(200);
    await until(async () => (await desk().figures("today")).abandoned === 2);
    const figures = await desk().figures("today");
    expect(figures).toMatchObject({ conversations: 2, answered: 0, abandoned: 2, answerRate: 0, waitingNow: 0 });
    const listener = await insertListener();
    expect((await desk().snapshot(listener.user.id, false)).waitingCount).toBe(0);
  });

  it("keeps a conversation a listener already answered with them when the visitor signs out", async () => {
    const { listener, visitor } = await answeredConversation();
    await postJson("/api/auth/sign-out", {}, { cookie: visitor.cookie });
    // The sign-out answers once the desk was told: it changed nothing there.
    expect((await desk().snapshot(listener.user.id, false)).mine.map((c) => c.pairId)).toEqual([visitor.pairId]);
    expect((await desk().figures("today")).abandoned).toBe(0);
  });
});

describe("the wait a visitor in line is told", () => {
  it("is estimated from the recent pace and the listeners there, updated as the line moves", async () => {
    const listener = await insertListener();
    await availableAtDesk(listener);
    // The listener fills up: three assignments, four minutes apart by the desk's record.
    for (let n = 0; n < 3; n += 1) {
      const held = await visitorInSupportChat();
      await say(held.socket, "hi");
      await deskHolds(held.pairId, listener.user.id);
    }
    await runInDurableObject(desk(), (_instance, state) => {
      const rows = state.storage.sql
        .exec<{ rowid: number }>("SELECT rowid FROM desk_assignment_times ORDER BY at")
        .toArray();
      rows.forEach((row, index) => {
        state.storage.sql.exec(
          "UPDATE desk_assignment_times SET at = ? WHERE rowid = ?",
          Date.now() - (rows.length - index) * 4 * MINUTE,
          row.rowid,
        );
      });
    });
    const first = await visitorInSupportChat();
    await say(first.socket, "is anyone there?");
    const queued = await first.socket.waitFor((f) => f.type === "desk" && f.state === "queued");
    expect(queued).toMatchObject({ position: 1, waitMinutes: 4 });
    const second = await visitorInSupportChat();
    await say(second.socket, "hello");
    await second.socket.waitFor((f) => f.type === "desk" && f.state === "queued" && f.waitMinutes === 8);
    expect(visitorDeskLine(lastDesk(second.socket) as never, true, NO_COUNTRY_HELP)).toBe(
      VISITOR_DESK_TEXTS.inLineWithWait(2, 8),
    );
    expect(VISITOR_DESK_TEXTS.inLineWithWait(2, 8)).toBe("You're number 2 in line. The wait is about 8 minutes.");
  });

  it("is left out while there is too little data, and with nobody there", async () => {
    const visitor = await visitorInSupportChat();
    await say(visitor.socket, "hello");
    const queued = await visitor.socket.waitFor((f) => f.type === "desk" && f.state === "queued");
    expect(queued).toMatchObject({ waitMinutes: null, listenersAvailable: false });
  });
});

describe("an assigned conversation nobody writes in", () => {
  const tickAt = (now: number) => runInDurableObject(desk(), (instance: SupportDesk) => instance.tick(now));

  it("closes itself 30 minutes after the listener's reply, by the desk's clock, and asks the visitor", async () => {
    const { listener, visitor } = await answeredConversation();
    await tickAt(Date.now() + 29 * MINUTE);
    expect((await desk().snapshot(listener.user.id, false)).mine).toHaveLength(1);
    await tickAt(Date.now() + 31 * MINUTE);
    expect((await desk().snapshot(listener.user.id, false)).mine).toHaveLength(0);
    const closed = await visitor.socket.waitFor(
      (f) => f.type === "desk" && f.state === "idle" && f.events.some((event) => event.kind === "closed-inactive"),
    );
    expect(closed).toMatchObject({ survey: expect.any(Number) });
    if (closed.type !== "desk") throw new Error("not a desk frame");
    expect(closed.events.at(-1)?.kind).toBe("closed-inactive");
    expect(await desk().figures("today")).toMatchObject({ answered: 1, abandoned: 0, waitingNow: 0 });
  });

  it("stays open while the visitor spoke last (a listener's reply is what is due)", async () => {
    const { listener, visitor } = await answeredConversation();
    await say(visitor.socket, "sorry, I was away");
    await tickAt(Date.now() + 31 * MINUTE);
    expect((await desk().snapshot(listener.user.id, false)).mine).toHaveLength(1);
    // The next check is a whole quiet time later, not at every alarm.
    const next = await runInDurableObject(desk(), (_instance, state) =>
      state.storage.sql.exec<{ at: number }>("SELECT quiet_check_at AS at FROM desk_conversations").one(),
    );
    expect(next.at).toBeGreaterThan(Date.now() + 60 * MINUTE);
  });
});

describe("the supervisor's message to a listener", () => {
  it("reaches the holding listener's desk at once, is kept with the notes, and never reaches the visitor", async () => {
    const listener = await insertListener();
    const page = await availableAtDesk(listener);
    const visitor = await visitorInSupportChat();
    await say(visitor.socket, "hello");
    await deskHolds(visitor.pairId, listener.user.id);
    const admin = await insertAdmin();
    const adminActor = { id: admin.user.id, name: admin.user.username, admin: true };
    const secret = "Ask about their sleep, gently";
    expect(await desk().whisper(visitor.pairId, adminActor, secret)).toEqual({ ok: true });
    await until(() => page.whispers.length === 1);
    expect(page.whispers[0]).toMatchObject({ pairId: visitor.pairId, note: { kind: "whisper", text: secret } });
    const notes = await runInDurableObject(
      env.CHAT_ROOM.getByName(visitor.pairId),
      (instance: { deskNotes(): Promise<{ kind: string; text: string }[]> }) => instance.deskNotes(),
    );
    expect(notes).toContainEqual(expect.objectContaining({ kind: "whisper", text: secret }));
    // Another listener's desk hears nothing of it; the visitor's frames never carry it.
    const other = await insertListener();
    const otherPage = await openDeskSocket(other.cookie);
    await say(visitor.socket, "still here");
    expect(otherPage.whispers).toEqual([]);
    expect(JSON.stringify(visitor.socket.frames)).not.toContain(secret);
    // Only the admin whispers, and only to a conversation someone holds.
    expect(await desk().whisper(visitor.pairId, listener.actor, "hi")).toMatchObject({ refusal: expect.any(String) });
    const waiting = await visitorInSupportChat();
    await say(waiting.socket, "hello");
    await deskHolds(waiting.pairId, listener.user.id);
    await desk().setAvailability(listener.actor, false);
    const queuedVisitor = await visitorInSupportChat();
    await say(queuedVisitor.socket, "hi");
    await deskHolds(queuedVisitor.pairId, null);
    expect(await desk().whisper(queuedVisitor.pairId, adminActor, "hi")).toEqual({ refusal: WHISPER_TEXTS.notHeld });
    expect(pairIdFor(visitor.user.id, SUPPORT_ID)).toBe(visitor.pairId);
  });

  it("is refused on the conversation's page to a listener, even the holder, and to an empty or too long text", async () => {
    const listener = await insertListener();
    await availableAtDesk(listener);
    const visitor = await visitorInSupportChat();
    await say(visitor.socket, "hello");
    await deskHolds(visitor.pairId, listener.user.id);
    const admin = await insertAdmin();
    const asAdmin = { ...signedInUser(admin), role: "admin" as const };
    const post = (user: SignedInUser, text: string) => {
      const form = new FormData();
      form.set("intent", "whisper");
      form.set("text", text);
      return callAction(deskConversation.action, deskConversationPath(visitor.user.id), form, {
        user,
        params: { visitorId: visitor.user.id },
      });
    };
    expect(await post(signedInUser(listener), "note to self")).toMatchObject({
      status: 409,
      data: { whisper: { ok: false, message: DESK_TEXTS.notAssigned, text: "note to self" } },
    });
    expect(await post(asAdmin, "   ")).toMatchObject({
      status: 409,
      data: { whisper: { message: DESK_TEXTS.emptyNote } },
    });
    expect(await post(asAdmin, "x".repeat(2001))).toMatchObject({
      status: 409,
      data: { whisper: { message: DESK_TEXTS.noteTooLong } },
    });
    expect(await post(asAdmin, "Check in on them, please.")).toMatchObject({
      status: 200,
      data: { whisper: { ok: true } },
    });
    const notes = await runInDurableObject(
      env.CHAT_ROOM.getByName(visitor.pairId),
      (instance: { deskNotes(): Promise<{ kind: string; text: string }[]> }) => instance.deskNotes(),
    );
    expect(notes.map((note) => [note.kind, note.text])).toEqual([["whisper", "Check in on them, please."]]);
  });
});
