import {
  ANSWER_TARGET_MS,
  type DeskFigures,
  FIGURES_RETENTION_DAYS,
  type FigurePeriod,
  HELPFUL_ANSWERS,
  type HelpfulAnswer,
  type WrapUp,
} from "~/shared/desk-operations";
import { nearestRank } from "~/shared/percentile";
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
};

/** What a survey answer may be refused for (the texts are the page's). */
export type SurveyRefusal = "nothingToAnswer" | "alreadyAnswered";

/**
 * The desk's own record of every opening, written as its events happen (an opening, its first
 * reply, its end, its wrap-up and survey): a handful of writes per conversation in the desk's
 * storage, never one per message and never to D1. The figures are read from it.
 */
export class DeskLedger {
  constructor(private readonly sql: SqlStorage) {}

  /** A support conversation nobody held got its visitor's message: a new opening, unless one is open. */
  opened(pairId: string, at: number): void {
    if (this.openOf(pairId)) return;
    this.sql.exec("INSERT INTO desk_openings (pair_id, joined_at) VALUES (?, ?)", pairId, at);
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
   * listener who resolved it (or held it when it closed for inactivity).
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

  /** The figures for a period ending `now`, with the listeners' names as the desk knows them. */
  figures(period: FigurePeriod, now: number, nameOf: (listenerId: string) => string): DeskFigures {
    const from = periodStart(period, now);
    const rows = this.sql
      .exec<OpeningRow>(
        `SELECT id, joined_at, answered_at, answered_by, ended_at, ended_how, resolved_by, topics, risk, helpful,
           comment, surveyed_at FROM desk_openings WHERE joined_at >= ? AND joined_at <= ? ORDER BY joined_at`,
        from,
        now,
      )
      .toArray();
    const waits = this.sql
      .exec<{ n: number; oldest: number | null }>(
        "SELECT count(*) AS n, min(joined_at) AS oldest FROM desk_openings WHERE ended_at IS NULL AND answered_at IS NULL",
      )
      .one();
    const answeredRows = rows.filter((row) => row.answered_at !== null);
    const answerTimes = answeredRows.map(timeToAnswer);
    const abandoned = rows.filter(
      (row) => row.answered_at === null && (row.ended_how === "visitor" || row.ended_how === "session"),
    ).length;
    const helpful = { yes: 0, somewhat: 0, no: 0, answers: 0 };
    for (const row of rows) {
      if (!row.helpful || !HELPFUL_ANSWERS.includes(row.helpful)) continue;
      helpful[row.helpful] += 1;
      helpful.answers += 1;
    }
    const wrapUps = rows.filter((row) => row.topics !== null);
    return {
      period,
      from,
      to: now,
      conversations: rows.length,
      answered: answeredRows.length,
      abandoned,
      answerRate: ratio(answeredRows.length, answeredRows.length + abandoned),
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
      listeners: listenerFigures(rows, nameOf),
      byHour: Array.from({ length: 24 }, (_, hour) => {
        const inHour = rows.filter((row) => new Date(row.joined_at).getUTCHours() === hour);
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

/** Where a period starts: today from midnight UTC; the others a rolling number of days back. */
export function periodStart(period: FigurePeriod, now: number): number {
  if (period === "today") return now - (now % DAY_MS);
  return now - (period === "7d" ? 7 : FIGURES_RETENTION_DAYS) * DAY_MS;
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
    for (const topic of JSON.parse(row.topics ?? "[]") as string[]) counts.set(topic, (counts.get(topic) ?? 0) + 1);
  }
  return [...counts]
    .map(([name, count]) => ({ name, count }))
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
}

function listenerFigures(rows: OpeningRow[], nameOf: (listenerId: string) => string): DeskFigures["listeners"] {
  const ids = new Set(rows.flatMap((row) => [row.answered_by, row.ended_how === "resolved" ? row.resolved_by : null]));
  ids.delete(null);
  return [...ids]
    .map((id) => {
      const answered = rows.filter((row) => row.answered_by === id);
      return {
        name: nameOf(id as string),
        conversations: answered.length,
        medianFirstReplyMs: nearestRank(answered.map(timeToAnswer), 0.5),
        resolved: rows.filter((row) => row.ended_how === "resolved" && row.resolved_by === id).length,
      };
    })
    .sort((a, b) => b.conversations - a.conversations || a.name.localeCompare(b.name));
}
