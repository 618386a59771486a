import {
  ANSWER_TARGET_MS,
  type DeskFigures,
  FIGURES_RETENTION_DAYS,
  type FigurePeriod,
  HELPFUL_ANSWERS,
  type HelpfulAnswer,
  type OpeningState,
  RISK_TOPICS,
  type SurveyRefusal,
  type WrapUp,
} from "~/shared/desk-operations";
import { DEFAULT_LANGUAGE, type Language, languageNameIn, languageOf } from "~/shared/languages";
import { nearestRank } from "~/shared/percentile";
import { hourIn, knownTimeZone, startOfDayIn, UTC } from "~/shared/time-zones";
import { sqlMigration } from "../sockets/migrations";

const DAY_MS = 24 * 60 * 60_000;
export const FIGURES_RETENTION_MS = FIGURES_RETENTION_DAYS * DAY_MS;

/**
 * How an opening ended: resolved by a listener, ended by the visitor, closed for inactivity, the
 * visitor's sessions all ended while they waited, or handed back by a listener who left after
 * speaking last (off the desk until the visitor writes again).
 */
export type EndedHow = "resolved" | "visitor" | "inactive" | "session" | "returned";

export const DESK_LEDGER_TABLE = sqlMigration(`
  -- One row per opening of a support conversation (its first message while nobody held it), kept
  -- for the figures for FIGURES_RETENTION_DAYS and then deleted. The pair id links a survey answer
  -- to its opening and never leaves the desk: the figures carry no pair, no visitor.
  CREATE TABLE IF NOT EXISTS desk_openings (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    pair_id TEXT NOT NULL,
    joined_at INTEGER NOT NULL,
    answered_at INTEGER,
    answered_by TEXT,
    ended_at INTEGER,
    ended_how TEXT,
    resolved_by TEXT,
    topics TEXT,
    risk INTEGER,
    helpful TEXT,
    comment TEXT,
    surveyed_at INTEGER
  );
  CREATE INDEX IF NOT EXISTS desk_openings_joined ON desk_openings (joined_at);
  CREATE INDEX IF NOT EXISTS desk_openings_open ON desk_openings (pair_id) WHERE ended_at IS NULL;
  -- The recent assignments, for the wait a visitor in line is told: when, and how many listeners
  -- were taking conversations then. Only the newest few are kept.
  CREATE TABLE IF NOT EXISTS desk_assignment_times (
    at INTEGER NOT NULL,
    present INTEGER NOT NULL
  );
`);

type OpeningRow = {
  id: number;
  joined_at: number;
  answered_at: number | null;
  answered_by: string | null;
  ended_at: number | null;
  ended_how: EndedHow | null;
  resolved_by: string | null;
  topics: string | null;
  risk: number | null;
  helpful: HelpfulAnswer | null;
  comment: string | null;
  surveyed_at: number | null;
  crisis: number;
  language: string | null;
};

/**
 * The desk's own record of every opening, written as its events happen (an opening, its first
 * reply, its end, its wrap-up and survey): a handful of writes per conversation in the desk's
 * storage, never one per message and never to D1. The figures are read from it.
 */
export class DeskLedger {
  constructor(private readonly sql: SqlStorage) {}

  /**
   * A support conversation nobody held got its visitor's message: a new opening, unless one is open.
   * `crisis`: the crisis-phrase check fired on their words; `language`: the one they read the site in.
   */
  opened(pairId: string, at: number, crisis = false, language: string | null = null): void {
    if (this.openOf(pairId)) return;
    this.sql.exec(
      "INSERT INTO desk_openings (pair_id, joined_at, crisis, language) VALUES (?, ?, ?, ?)",
      pairId,
      at,
      crisis ? 1 : 0,
      language,
    );
  }

  /** Crisis words in the open opening's visitor messages (a flag is never lowered). */
  flagCrisis(pairId: string): void {
    this.sql.exec("UPDATE desk_openings SET crisis = 1 WHERE pair_id = ? AND ended_at IS NULL", pairId);
  }

  /** A listener's first reply in the opening (later ones change nothing). Answers whether it was the first. */
  replied(pairId: string, listenerId: string, at: number): boolean {
    const open = this.openOf(pairId);
    if (!open || open.answered_at !== null) return false;
    this.sql.exec(
      "UPDATE desk_openings SET answered_at = ?, answered_by = ? WHERE id = ?",
      Math.max(at, open.joined_at),
      listenerId,
      open.id,
    );
    return true;
  }

  /** Whether the open opening of a conversation has had a listener's reply. */
  answered(pairId: string): boolean {
    return (this.openOf(pairId)?.answered_at ?? null) !== null;
  }

  /**
   * The opening ended. Answers its id (for the survey), or null when none was open. `by`: the
   * listener it was with as it ended (who resolved it; who held it when it closed for inactivity or
   * went back; who had joined it when its visitor left), null when no listener had joined it. Kept
   * in `resolved_by`, the column's name from when only a resolve set it.
   */
  ended(pairId: string, at: number, how: EndedHow, by: string | null = null, wrapUp: WrapUp | null = null) {
    const open = this.openOf(pairId);
    if (!open) return null;
    this.sql.exec(
      "UPDATE desk_openings SET ended_at = ?, ended_how = ?, resolved_by = ?, topics = ?, risk = ? WHERE id = ?",
      at,
      how,
      by,
      wrapUp ? JSON.stringify(wrapUp.topics) : null,
      wrapUp ? Number(wrapUp.riskDiscussed) : null,
      open.id,
    );
    return open.id;
  }

  /** The visitor's survey answer for an ended opening of their conversation: once. */
  answerSurvey(
    pairId: string,
    openingId: number,
    answer: { helpful: HelpfulAnswer; comment: string },
    at: number,
  ): { ok: true } | { refusal: SurveyRefusal } {
    const row = this.sql
      .exec<Pick<OpeningRow, "ended_at" | "surveyed_at">>(
        "SELECT ended_at, surveyed_at FROM desk_openings WHERE id = ? AND pair_id = ?",
        openingId,
        pairId,
      )
      .toArray()[0];
    if (!row || row.ended_at === null) return { refusal: "nothingToAnswer" };
    if (row.surveyed_at !== null) return { refusal: "alreadyAnswered" };
    this.sql.exec(
      "UPDATE desk_openings SET helpful = ?, comment = ?, surveyed_at = ? WHERE id = ? AND surveyed_at IS NULL",
      answer.helpful,
      answer.comment || null,
      at,
      openingId,
    );
    return { ok: true };
  }

  /** A conversation was given to a listener, with `present` listeners taking conversations then. */
  assigned(at: number, present: number, keep: number): void {
    this.sql.exec("INSERT INTO desk_assignment_times (at, present) VALUES (?, ?)", at, Math.max(1, present));
    this.sql.exec(
      "DELETE FROM desk_assignment_times WHERE rowid NOT IN (SELECT rowid FROM desk_assignment_times ORDER BY at DESC LIMIT ?)",
      keep,
    );
  }

  /** The recent assignments, oldest first, since `since`. */
  assignmentsSince(since: number): { at: number; present: number }[] {
    return this.sql
      .exec<{ at: number; present: number }>(
        "SELECT at, present FROM desk_assignment_times WHERE at >= ? ORDER BY at",
        since,
      )
      .toArray();
  }

  /** Openings (and all kept with them) past the retention go. */
  prune(now: number): void {
    this.sql.exec("DELETE FROM desk_openings WHERE joined_at < ? AND ended_at IS NOT NULL", now - FIGURES_RETENTION_MS);
  }

  /**
   * The figures for a period ending `now`, with the listeners' names as the desk knows them. 'Today'
   * begins at midnight in `timeZone`, and the hours are its hours; a zone this runtime does not know
   * counts as UTC.
   */
  figures(
    period: FigurePeriod,
    now: number,
    nameOf: (listenerId: string) => string,
    timeZone: string = UTC,
  ): DeskFigures {
    const zone = knownTimeZone(timeZone) ?? UTC;
    const from = periodStart(period, now, zone);
    const rows = this.sql
      .exec<OpeningRow>(
        `SELECT id, joined_at, answered_at, answered_by, ended_at, ended_how, resolved_by, topics, risk,
           helpful, comment, surveyed_at, crisis, language FROM desk_openings WHERE joined_at >= ? AND joined_at <= ?
           ORDER BY joined_at`,
        from,
        now,
      )
      .toArray();
    const waits = this.sql
      .exec<{ n: number; oldest: number | null }>(
        "SELECT count(*) AS n, min(joined_at) AS oldest FROM desk_openings WHERE ended_at IS NULL AND answered_at IS NULL",
      )
      .one();
    const states: Record<OpeningState, number> = { answered: 0, abandoned: 0, stillWaiting: 0, closedWithoutReply: 0 };
    for (const row of rows) states[openingState(row)] += 1;
    const answerTimes = rows.filter((row) => row.answered_at !== null).map(timeToAnswer);
    const helpful = { yes: 0, somewhat: 0, no: 0, answers: 0 };
    for (const row of rows) {
      if (!row.helpful || !HELPFUL_ANSWERS.includes(row.helpful)) continue;
      helpful[row.helpful] += 1;
      helpful.answers += 1;
    }
    const wrapUps = rows.filter((row) => row.topics !== null);
    const hours = rows.map((row) => hourIn(row.joined_at, zone));
    return {
      period,
      timeZone: zone,
      from,
      to: now,
      conversations: rows.length,
      ...states,
      answerRate: ratio(states.answered, rows.length - states.stillWaiting),
      timeToAnswer: { medianMs: nearestRank(answerTimes, 0.5), p90Ms: nearestRank(answerTimes, 0.9) },
      answeredWithinTarget: ratio(answerTimes.filter((ms) => ms <= ANSWER_TARGET_MS).length, answerTimes.length),
      waitingNow: waits.n,
      longestWaitNowMs: waits.oldest === null ? null : Math.max(0, now - waits.oldest),
      helpful,
      comments: rows
        .filter((row) => row.helpful && row.comment)
        .map((row) => ({ at: row.surveyed_at ?? 0, answer: row.helpful as HelpfulAnswer, text: row.comment ?? "" }))
        .sort((a, b) => b.at - a.at),
      topics: topicCounts(wrapUps),
      risk: { discussed: wrapUps.filter((row) => row.risk === 1).length, wrapUps: wrapUps.length },
      riskNotDiscussed: wrapUps
        .filter(riskNotDiscussed)
        .map((row) => ({
          at: row.ended_at ?? row.joined_at,
          listener: nameOf(row.resolved_by ?? ""),
          topics: topicsOf(row),
          crisis: row.crisis === 1,
        }))
        .sort((a, b) => b.at - a.at),
      listeners: listenerFigures(rows, nameOf),
      byLanguage: languageFigures(rows),
      byHour: Array.from({ length: 24 }, (_, hour) => {
        const inHour = rows.filter((_row, index) => hours[index] === hour);
        const times = inHour.filter((row) => row.answered_at !== null).map(timeToAnswer);
        return { hour, openings: inHour.length, medianTimeToAnswerMs: nearestRank(times, 0.5) };
      }),
    };
  }

  private openOf(pairId: string): Pick<OpeningRow, "id" | "joined_at" | "answered_at"> | null {
    return (
      this.sql
        .exec<Pick<OpeningRow, "id" | "joined_at" | "answered_at">>(
          "SELECT id, joined_at, answered_at FROM desk_openings WHERE pair_id = ? AND ended_at IS NULL ORDER BY id DESC LIMIT 1",
          pairId,
        )
        .toArray()[0] ?? null
    );
  }
}

/** Where a period starts: today from midnight in `timeZone`; the others a rolling number of days back. */
export function periodStart(period: FigurePeriod, now: number, timeZone: string = UTC): number {
  if (period === "today") return startOfDayIn(now, timeZone);
  return now - (period === "7d" ? 7 : FIGURES_RETENTION_DAYS) * DAY_MS;
}

/**
 * Where an opening stands, in exactly one of the states (OPENING_STATE_TEXTS says them in words):
 * answered once a listener replied, whatever ended it; else still waiting while it is open; else
 * abandoned when its visitor left before a listener joined it (the ledger keeps the listener they
 * left only once one had opened it); else closed without a reply.
 */
export function openingState(
  row: Pick<OpeningRow, "answered_at" | "ended_at" | "ended_how" | "resolved_by">,
): OpeningState {
  if (row.answered_at !== null) return "answered";
  if (row.ended_at === null) return "stillWaiting";
  const visitorLeft = row.ended_how === "visitor" || row.ended_how === "session";
  return visitorLeft && row.resolved_by === null ? "abandoned" : "closedWithoutReply";
}

const RISK_TOPIC_NAMES = new Set<string>(RISK_TOPICS.map((topic) => topic.toLowerCase()));

/** A wrap-up that said risk was not discussed, in a conversation with crisis words or a risk topic. */
function riskNotDiscussed(row: OpeningRow): boolean {
  if (row.risk !== 0) return false;
  return row.crisis === 1 || topicsOf(row).some((topic) => RISK_TOPIC_NAMES.has(topic.trim().toLowerCase()));
}

function topicsOf(row: Pick<OpeningRow, "topics">): string[] {
  return JSON.parse(row.topics ?? "[]") as string[];
}

function timeToAnswer(row: Pick<OpeningRow, "joined_at" | "answered_at">): number {
  return (row.answered_at ?? row.joined_at) - row.joined_at;
}

function ratio(part: number, whole: number): number | null {
  return whole === 0 ? null : part / whole;
}

function topicCounts(rows: OpeningRow[]): DeskFigures["topics"] {
  const counts = new Map<string, number>();
  for (const row of rows) {
    for (const topic of topicsOf(row)) counts.set(topic, (counts.get(topic) ?? 0) + 1);
  }
  return [...counts]
    .map(([name, count]) => ({ name, count }))
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
}

/**
 * The openings by their visitor's language, the most first, those of no known language last: how
 * many, how many were answered, and how soon.
 */
function languageFigures(rows: OpeningRow[]): DeskFigures["byLanguage"] {
  const counted = new Map<Language | null, OpeningRow[]>();
  for (const row of rows) {
    const language = languageOf(row.language);
    counted.set(language, [...(counted.get(language) ?? []), row]);
  }
  return [...counted]
    .map(([language, theirs]) => {
      const times = theirs.filter((row) => row.answered_at !== null).map(timeToAnswer);
      return {
        language,
        name: language === null ? null : languageNameIn(language, DEFAULT_LANGUAGE),
        conversations: theirs.length,
        answered: times.length,
        stillWaiting: theirs.filter((row) => openingState(row) === "stillWaiting").length,
        medianTimeToAnswerMs: nearestRank(times, 0.5),
        p90TimeToAnswerMs: nearestRank(times, 0.9),
      };
    })
    .sort(
      (a, b) =>
        Number(a.language === null) - Number(b.language === null) ||
        b.conversations - a.conversations ||
        (a.name ?? "").localeCompare(b.name ?? ""),
    );
}

/**
 * Each listener's share: every opening counts for one listener at most, the one who replied first
 * in it, or, closed without a reply, the one it was with; so a row's figures are of the same
 * openings, and resolved is never more than answered.
 */
function listenerFigures(rows: OpeningRow[], nameOf: (listenerId: string) => string): DeskFigures["listeners"] {
  const counted = new Map<string, OpeningRow[]>();
  for (const row of rows) {
    const state = openingState(row);
    const listener = state === "answered" ? row.answered_by : state === "closedWithoutReply" ? row.resolved_by : null;
    if (listener) counted.set(listener, [...(counted.get(listener) ?? []), row]);
  }
  return [...counted]
    .map(([id, theirs]) => {
      const answered = theirs.filter((row) => row.answered_at !== null);
      return {
        name: nameOf(id),
        conversations: theirs.length,
        answered: answered.length,
        closedWithoutReply: theirs.length - answered.length,
        resolved: answered.filter((row) => row.ended_how === "resolved").length,
        medianFirstReplyMs: nearestRank(answered.map(timeToAnswer), 0.5),
      };
    })
    .sort((a, b) => b.conversations - a.conversations || a.name.localeCompare(b.name));
}
