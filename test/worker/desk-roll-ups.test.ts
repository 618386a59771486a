import { runInDurableObject } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { formatDuration, formatMoment } from "~/lib/figure-format";
import {
  ANSWER_TARGET_MS,
  EXACT_ANSWER_TIMES_MS,
  FIGURE_LIST_LIMIT,
  LONG_ANSWER_TIME_ERROR,
  type OpeningState,
} from "~/shared/desk-operations";
import { nearestRank } from "~/shared/percentile";
import { knownTimeZone, zoneOffsetMs } from "~/shared/time-zones";
import { DeskLedger, type EndedHow, openingState, rollUpKeptOpenings } from "../../worker/desk/desk-ledger";
import { clearDesk, desk } from "./support/desk";

beforeEach(clearDesk);

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** The scripted day: 2026-11-20, read at 23:30 UTC. */
const DAY_START = Date.UTC(2026, 10, 20);
const NOW = DAY_START + 23 * HOUR + 30 * MINUTE;

function onLedger<T>(script: (ledger: DeskLedger, sql: SqlStorage) => T): Promise<T> {
  return runInDurableObject(desk(), (_instance, state) => script(new DeskLedger(state.storage.sql), state.storage.sql));
}

/** A seeded generator, so the scripted day is the same on every run. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Opening = { pairId: string; at: number; language: string | null; crisis: boolean; answeredAfter: number | null };

/**
 * 300 openings through the day, in English, Spanish and no known language: most answered (in whole
 * seconds, a few past EXACT_ANSWER_TIMES_MS), some abandoned, some closed by a listener unanswered,
 * some still waiting; wrap-ups, risk and surveys among them. Driven through the ledger's events.
 */
function scriptDay(ledger: DeskLedger): Opening[] {
  const rand = random(48);
  const listeners = ["l1", "l2", "l3"];
  const openings: Opening[] = [];
  for (let i = 0; i < 300; i++) {
    const at = DAY_START + Math.floor(rand() * 23 * HOUR);
    const language = ["en", "en", "es", null][i % 4] ?? null;
    const crisis = rand() < 0.1;
    const pairId = `p${i}`;
    ledger.opened(pairId, at, crisis, language);
    const fate = rand();
    const listener = listeners[i % 3] ?? "l1";
    let answeredAfter: number | null = null;
    let how: EndedHow | null = null;
    let by: string | null = null;
    if (fate < 0.7) {
      answeredAfter = rand() < 0.1 ? 10 * MINUTE + Math.floor(rand() * 50) * MINUTE : Math.floor(rand() * 600) * SECOND;
      ledger.replied(pairId, listener, at + answeredAfter);
      if (rand() < 0.8) [how, by] = [rand() < 0.7 ? "resolved" : "visitor", listener];
    } else if (fate < 0.8) {
      [how, by] = [rand() < 0.5 ? "visitor" : "session", null];
    } else if (fate < 0.9) {
      [how, by] = [(["visitor", "returned", "resolved"] as const)[i % 3] ?? "visitor", listener];
    }
    if (how) {
      const topics = [["Anxiety"], ["Self-harm"], ["Grief", "Loneliness"]][i % 3] ?? [];
      const wrapUp = how === "resolved" ? { topics, riskDiscussed: rand() < 0.5 } : null;
      const id = ledger.ended(pairId, at + 2 * HOUR, how, by, wrapUp);
      if (id !== null && rand() < 0.5) {
        const helpful = (["yes", "somewhat", "no"] as const)[i % 3] ?? "yes";
        ledger.answerSurvey(pairId, id, { helpful, comment: rand() < 0.3 ? `comment ${i}` : "" }, at + 3 * HOUR);
      }
    }
    openings.push({ pairId, at, language, crisis, answeredAfter });
  }
  return openings;
}

type Row = {
  joined_at: number;
  answered_at: number | null;
  answered_by: string | null;
  ended_at: number | null;
  ended_how: EndedHow | null;
  resolved_by: string | null;
  language: string | null;
  helpful: string | null;
  topics: string | null;
  risk: number | null;
};

/** The figures as the openings themselves give them, one row each (what the desk read before its roll-ups). */
function perOpening(rows: Row[]) {
  const states: Record<OpeningState, number> = { answered: 0, abandoned: 0, stillWaiting: 0, closedWithoutReply: 0 };
  for (const row of rows) states[openingState(row)] += 1;
  const times = (of: Row[]) => of.flatMap((row) => (row.answered_at === null ? [] : [row.answered_at - row.joined_at]));
  const wrapUps = rows.filter((row) => row.topics !== null);
  return {
    conversations: rows.length,
    ...states,
    times: times(rows),
    withinTarget: times(rows).filter((ms) => ms <= ANSWER_TARGET_MS).length,
    helpful: Object.fromEntries(["yes", "somewhat", "no"].map((a) => [a, rows.filter((r) => r.helpful === a).length])),
    wrapUps: wrapUps.length,
    riskDiscussed: wrapUps.filter((row) => row.risk === 1).length,
    byLanguage: (language: string | null) => rows.filter((row) => row.language === language),
    byHour: (hour: number) => rows.filter((row) => new Date(row.joined_at).getUTCHours() === hour),
    timesOf: times,
  };
}

/** A percentile read from the roll-ups against the openings' own: the same as shown, or within 1% past the exact range. */
function expectSamePercentile(rolledUp: number | null, own: number | null) {
  if (own === null) return expect(rolledUp).toBeNull();
  if (own <= EXACT_ANSWER_TIMES_MS) return expect(formatDuration(rolledUp)).toBe(formatDuration(own));
  expect(Math.abs((rolledUp ?? 0) - own)).toBeLessThanOrEqual(own * LONG_ANSWER_TIME_ERROR);
}

describe("the figures' hourly roll-ups", () => {
  it("equal the per-opening figures of a scripted day", async () => {
    const { figures, rows } = await onLedger((ledger, sql) => {
      scriptDay(ledger);
      return {
        figures: ledger.figures("today", NOW, (id) => id),
        rows: sql.exec<Row>("SELECT * FROM desk_openings").toArray(),
      };
    });
    const own = perOpening(rows);
    expect(figures).toMatchObject({
      conversations: 300,
      answered: own.answered,
      abandoned: own.abandoned,
      stillWaiting: own.stillWaiting,
      closedWithoutReply: own.closedWithoutReply,
      answeredWithinTarget: own.withinTarget / own.answered,
      helpful: { ...own.helpful, answers: rows.filter((row) => row.helpful).length },
      risk: { discussed: own.riskDiscussed, wrapUps: own.wrapUps },
    });
    // Every state occurs, and some answers took longer than the exact range.
    expect(Math.min(own.answered, own.abandoned, own.stillWaiting, own.closedWithoutReply)).toBeGreaterThan(0);
    expect(own.times.some((ms) => ms > EXACT_ANSWER_TIMES_MS)).toBe(true);
    expectSamePercentile(figures.timeToAnswer.medianMs, nearestRank(own.times, 0.5));
    expectSamePercentile(figures.timeToAnswer.p90Ms, nearestRank(own.times, 0.9));
    for (const language of ["en", "es", null]) {
      const theirs = own.byLanguage(language);
      const row = figures.byLanguage.find((one) => one.language === language);
      expect(row).toMatchObject({
        conversations: theirs.length,
        answered: theirs.filter((r) => r.answered_at !== null).length,
        stillWaiting: theirs.filter((r) => openingState(r) === "stillWaiting").length,
      });
      expectSamePercentile(row?.medianTimeToAnswerMs ?? null, nearestRank(own.timesOf(theirs), 0.5));
      expectSamePercentile(row?.p90TimeToAnswerMs ?? null, nearestRank(own.timesOf(theirs), 0.9));
    }
    for (const { hour, openings, medianTimeToAnswerMs } of figures.byHour) {
      expect(openings).toBe(own.byHour(hour).length);
      expectSamePercentile(medianTimeToAnswerMs, nearestRank(own.timesOf(own.byHour(hour)), 0.5));
    }
    for (const listener of ["l1", "l2", "l3"]) {
      const answered = rows.filter((row) => row.answered_by === listener);
      const closed = rows.filter((row) => openingState(row) === "closedWithoutReply" && row.resolved_by === listener);
      expect(figures.listeners.find((one) => one.name === listener)).toMatchObject({
        conversations: answered.length + closed.length,
        answered: answered.length,
        closedWithoutReply: closed.length,
        resolved: answered.filter((row) => row.ended_how === "resolved").length,
      });
      const median = figures.listeners.find((one) => one.name === listener)?.medianFirstReplyMs ?? null;
      expectSamePercentile(median, nearestRank(own.timesOf(answered), 0.5));
    }
    const topics = new Map<string, number>();
    for (const row of rows)
      for (const t of JSON.parse(row.topics ?? "[]") as string[]) topics.set(t, (topics.get(t) ?? 0) + 1);
    expect(Object.fromEntries(figures.topics.map((t) => [t.name, t.count]))).toEqual(Object.fromEntries(topics));
  });

  it("are rebuilt from the openings kept, as the schema step does, to the same rows", async () => {
    const [incremental, rebuilt] = await onLedger((ledger, sql) => {
      scriptDay(ledger);
      const read = () => [
        sql.exec("SELECT * FROM desk_hours ORDER BY hour, language").toArray(),
        sql.exec("SELECT * FROM desk_listener_hours ORDER BY hour, listener_id").toArray(),
      ];
      const before = read();
      rollUpKeptOpenings(sql);
      return [before, read()];
    });
    expect(rebuilt).toEqual(incremental);
    expect(incremental[0]?.length).toBeGreaterThan(23);
  });

  it("read at most one row per hour and language for 30 days, however many openings", async () => {
    const { figures, rows, hours } = await onLedger((ledger, sql) => {
      // Six openings an hour for 31 days, each answered within the minute.
      for (let at = NOW - 31 * DAY; at < NOW; at += 10 * MINUTE) {
        ledger.opened(`m${at}`, at, false, "en");
        ledger.replied(`m${at}`, "l1", at + 30 * SECOND);
        ledger.ended(`m${at}`, at + MINUTE, "visitor", "l1");
      }
      ledger.prune(NOW);
      const figures = ledger.figures("30d", NOW, (id) => id);
      return {
        figures,
        rows: sql.exec<{ n: number }>("SELECT count(*) AS n FROM desk_hours WHERE hour >= ?", figures.from).one().n,
        hours: sql.exec<{ n: number }>("SELECT count(*) AS n FROM desk_hours").one().n,
      };
    });
    expect(rows).toBe(720);
    // Pruned to the period's hours and the one that began before it.
    expect(hours).toBeLessThanOrEqual(721);
    expect(figures.from).toBe(NOW - 30 * DAY + 30 * MINUTE);
    expect(figures.conversations).toBe(720 * 6 - 3);
    expect(figures.timeToAnswer).toEqual({ medianMs: 30 * SECOND, p90Ms: 30 * SECOND });
  });

  it("serve a zone whose clock is half an hour off UTC's hours with hours from :30 to :30", async () => {
    // The runtime's name for it ('Asia/Calcutta' in workerd).
    const india = knownTimeZone("Asia/Kolkata") ?? "";
    // Read at 23:30 UTC, 05:00 on the 21st in India, whose day began at 18:30 UTC.
    const figures = await onLedger((ledger) => {
      // 20:10 UTC is 01:40 there: in the hour that runs from 01:30.
      ledger.opened("night", DAY_START + 20 * HOUR + 10 * MINUTE, false, "en");
      // 18:10 UTC is 23:40 there, the day before: in the hour that holds India's midnight, so counted today.
      ledger.opened("eve", DAY_START + 18 * HOUR + 10 * MINUTE, false, "en");
      // 17:50 UTC is 23:20 there: yesterday's.
      ledger.opened("before", DAY_START + 17 * HOUR + 50 * MINUTE, false, "en");
      return ledger.figures("today", NOW, (id) => id, india);
    });
    expect(zoneOffsetMs(NOW, india)).toBe(5.5 * HOUR);
    expect(figures).toMatchObject({ timeZone: india, hourMinute: 30, from: DAY_START + 18 * HOUR });
    expect(formatMoment(figures.from, india)).toBe(`Nov 20, 2026, 23:30 ${india}`);
    expect(figures.conversations).toBe(2);
    expect(figures.byHour[1]).toMatchObject({ openings: 1 });
    expect(figures.byHour[23]).toMatchObject({ openings: 1 });
    const utc = await onLedger((ledger) => ledger.figures("today", NOW, (id) => id));
    expect(utc).toMatchObject({ hourMinute: 0, from: DAY_START, conversations: 3 });
    expect(utc.byHour[17]).toMatchObject({ openings: 1 });
  });

  it("list the newest comments and wrap-ups to review up to the limit, and count them all", async () => {
    const figures = await onLedger((ledger) => {
      for (let i = 0; i < FIGURE_LIST_LIMIT + 5; i++) {
        const at = DAY_START + i * MINUTE;
        ledger.opened(`c${i}`, at, true, "en");
        ledger.replied(`c${i}`, "l1", at + SECOND);
        const id = ledger.ended(`c${i}`, at + 2 * SECOND, "resolved", "l1", {
          topics: ["Anxiety"],
          riskDiscussed: false,
        });
        ledger.answerSurvey(`c${i}`, id ?? 0, { helpful: "yes", comment: `comment ${i}` }, at + 3 * SECOND);
      }
      return ledger.figures("today", NOW, (id) => id);
    });
    expect(figures.commentCount).toBe(FIGURE_LIST_LIMIT + 5);
    expect(figures.comments).toHaveLength(FIGURE_LIST_LIMIT);
    expect(figures.comments[0]?.text).toBe(`comment ${FIGURE_LIST_LIMIT + 4}`);
    expect(figures.riskNotDiscussedCount).toBe(FIGURE_LIST_LIMIT + 5);
    expect(figures.riskNotDiscussed).toHaveLength(FIGURE_LIST_LIMIT);
    expect(figures.riskNotDiscussed[0]?.at).toBe(DAY_START + (FIGURE_LIST_LIMIT + 4) * MINUTE + 2 * SECOND);
  });
});
