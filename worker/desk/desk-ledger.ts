import {
  ANSWER_TARGET_MS,
  type DeskFigures,
  FIGURE_LIST_LIMIT,
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
import { hourIn, knownTimeZone, startOfDayIn, UTC, zoneOffsetMs } from "~/shared/time-zones";
import { type Migration, sqlMigration } from "../sockets/migrations";
import {
  type AnswerTimes,
  addAnswerTimes,
  answerTimeBucket,
  answerTimePercentile,
  parseCounts,
} from "./answer-time-histogram";

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;
export const FIGURES_RETENTION_MS = FIGURES_RETENTION_DAYS * DAY_MS;

/** 'session': the visitor's sessions all ended while waiting; 'returned': handed back by a listener who spoke last. */
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

/**
 * Hourly roll-ups written as each opening's events happen (decisions 186, 169): a period reads one row per hour and
 * language and one per hour and listener; only the lists that name openings read openings, via partial indexes.
 */
export const DESK_HOURS_TABLES = sqlMigration(`
  CREATE TABLE IF NOT EXISTS desk_hours (
    hour INTEGER NOT NULL,
    language TEXT NOT NULL,
    openings INTEGER NOT NULL DEFAULT 0,
    answered INTEGER NOT NULL DEFAULT 0,
    abandoned INTEGER NOT NULL DEFAULT 0,
    closed_without_reply INTEGER NOT NULL DEFAULT 0,
    within_target INTEGER NOT NULL DEFAULT 0,
    answer_times TEXT NOT NULL DEFAULT '{}',
    helpful_yes INTEGER NOT NULL DEFAULT 0,
    helpful_somewhat INTEGER NOT NULL DEFAULT 0,
    helpful_no INTEGER NOT NULL DEFAULT 0,
    wrap_ups INTEGER NOT NULL DEFAULT 0,
    risk_discussed INTEGER NOT NULL DEFAULT 0,
    topics TEXT NOT NULL DEFAULT '{}',
    PRIMARY KEY (hour, language)
  ) WITHOUT ROWID;
  CREATE TABLE IF NOT EXISTS desk_listener_hours (
    hour INTEGER NOT NULL,
    listener_id TEXT NOT NULL,
    answered INTEGER NOT NULL DEFAULT 0,
    closed_without_reply INTEGER NOT NULL DEFAULT 0,
    resolved INTEGER NOT NULL DEFAULT 0,
    answer_times TEXT NOT NULL DEFAULT '{}',
    PRIMARY KEY (hour, listener_id)
  ) WITHOUT ROWID;
  CREATE INDEX IF NOT EXISTS desk_openings_commented ON desk_openings (joined_at) WHERE comment IS NOT NULL;
  CREATE INDEX IF NOT EXISTS desk_openings_to_review ON desk_openings (joined_at) WHERE review = 1;
`);

/** The openings kept before the roll-ups existed, rolled up once, as their events would have been. */
export const rollUpKeptOpenings: Migration = (sql) => {
  const ledger = new DeskLedger(sql);
  sql.exec("DELETE FROM desk_hours");
  sql.exec("DELETE FROM desk_listener_hours");
  for (const row of sql.exec<OpeningRow>(`SELECT ${OPENING_COLUMNS} FROM desk_openings`).toArray()) {
    ledger.rollUp(row);
    if (riskNotDiscussed(row)) sql.exec("UPDATE desk_openings SET review = 1 WHERE id = ?", row.id);
  }
};

const OPENING_COLUMNS = `id, joined_at, answered_at, answered_by, ended_at, ended_how, resolved_by, topics, risk,
  helpful, comment, surveyed_at, crisis, language`;

type HourCount =
  | "openings"
  | "answered"
  | "abandoned"
  | "closed_without_reply"
  | "within_target"
  | "helpful_yes"
  | "helpful_somewhat"
  | "helpful_no"
  | "wrap_ups"
  | "risk_discussed";
type ListenerHourCount = "answered" | "closed_without_reply" | "resolved";

type HourRow = Record<HourCount, number> & { hour: number; language: string; answer_times: string; topics: string };
type ListenerHourRow = Record<ListenerHourCount, number> & { listener_id: string; answer_times: string };

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

/** A handful of writes per opening in the desk's storage, never one per message and never to D1. */
export class DeskLedger {
  constructor(private readonly sql: SqlStorage) {}

  /** A new opening, unless one is open. */
  opened(pairId: string, at: number, crisis = false, language: string | null = null): void {
    if (this.openOf(pairId)) return;
    this.sql.exec(
      "INSERT INTO desk_openings (pair_id, joined_at, crisis, language) VALUES (?, ?, ?, ?)",
      pairId,
      at,
      crisis ? 1 : 0,
      language,
    );
    this.countHour({ joined_at: at, language }, { openings: 1 });
  }

  flagCrisis(pairId: string): void {
    this.sql.exec("UPDATE desk_openings SET crisis = 1 WHERE pair_id = ? AND ended_at IS NULL", pairId);
  }

  /** Later replies change nothing; answers whether it was the first. */
  replied(pairId: string, listenerId: string, at: number): boolean {
    const open = this.openOf(pairId);
    if (!open || open.answered_at !== null) return false;
    const answeredAt = Math.max(at, open.joined_at);
    this.sql.exec(
      "UPDATE desk_openings SET answered_at = ?, answered_by = ? WHERE id = ?",
      answeredAt,
      listenerId,
      open.id,
    );
    this.countReply({ ...open, answered_at: answeredAt, answered_by: listenerId });
    return true;
  }

  answered(pairId: string): boolean {
    return (this.openOf(pairId)?.answered_at ?? null) !== null;
  }

  /** `by`: the listener it was with as it ended (kept in `resolved_by`); answers the opening's id, for the survey. */
  ended(pairId: string, at: number, how: EndedHow, by: string | null = null, wrapUp: WrapUp | null = null) {
    const open = this.openOf(pairId);
    if (!open) return null;
    const ended = {
      ...open,
      ended_at: at,
      ended_how: how,
      resolved_by: by,
      topics: wrapUp ? JSON.stringify(wrapUp.topics) : null,
      risk: wrapUp ? Number(wrapUp.riskDiscussed) : null,
    };
    this.sql.exec(
      "UPDATE desk_openings SET ended_at = ?, ended_how = ?, resolved_by = ?, topics = ?, risk = ?, review = ? WHERE id = ?",
      at,
      how,
      by,
      ended.topics,
      ended.risk,
      riskNotDiscussed(ended) ? 1 : 0,
      open.id,
    );
    this.countEnd(ended);
    return open.id;
  }

  answerSurvey(
    pairId: string,
    openingId: number,
    answer: { helpful: HelpfulAnswer; comment: string },
    at: number,
  ): { ok: true } | { refusal: SurveyRefusal } {
    const row = this.sql
      .exec<Pick<OpeningRow, "ended_at" | "surveyed_at" | "joined_at" | "language">>(
        "SELECT ended_at, surveyed_at, joined_at, language FROM desk_openings WHERE id = ? AND pair_id = ?",
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
    this.countHour(row, { [`helpful_${answer.helpful}`]: 1 });
    return { ok: true };
  }

  /** `keep`: how many recent assignments the wait estimate needs. */
  assigned(at: number, present: number, keep: number): void {
    this.sql.exec("INSERT INTO desk_assignment_times (at, present) VALUES (?, ?)", at, Math.max(1, present));
    this.sql.exec(
      "DELETE FROM desk_assignment_times WHERE rowid NOT IN (SELECT rowid FROM desk_assignment_times ORDER BY at DESC LIMIT ?)",
      keep,
    );
  }

  assignmentsSince(since: number): { at: number; present: number }[] {
    return this.sql
      .exec<{ at: number; present: number }>(
        "SELECT at, present FROM desk_assignment_times WHERE at >= ? ORDER BY at",
        since,
      )
      .toArray();
  }

  prune(now: number): void {
    this.sql.exec("DELETE FROM desk_openings WHERE joined_at < ? AND ended_at IS NOT NULL", now - FIGURES_RETENTION_MS);
    // An hour that began before the retention and ended after it still counts until it is all past.
    const hours = hourOf(now - FIGURES_RETENTION_MS);
    this.sql.exec("DELETE FROM desk_hours WHERE hour < ?", hours);
    this.sql.exec("DELETE FROM desk_listener_hours WHERE hour < ?", hours);
  }

  /** Adds an opening's events so far to the roll-ups, as they would have been added one by one. */
  rollUp(row: OpeningRow): void {
    this.countHour(row, { openings: 1 });
    if (row.answered_at !== null) this.countReply(row);
    if (row.ended_at !== null) this.countEnd(row);
    if (row.helpful && HELPFUL_ANSWERS.includes(row.helpful)) this.countHour(row, { [`helpful_${row.helpful}`]: 1 });
  }

  private countReply(row: Pick<OpeningRow, "joined_at" | "answered_at" | "answered_by" | "language">): void {
    const time = timeToAnswer(row);
    const bucket = answerTimeBucket(time);
    this.countHour(row, { answered: 1, within_target: time <= ANSWER_TARGET_MS ? 1 : 0 }, { bucket });
    if (row.answered_by) this.countListenerHour(row.joined_at, row.answered_by, { answered: 1 }, bucket);
  }

  /** An unanswered opening's end state (openingState), a resolve for whoever answered it, and the wrap-up. */
  private countEnd(row: OpeningRow): void {
    const state = openingState(row);
    if (state === "answered" && row.ended_how === "resolved" && row.answered_by) {
      this.countListenerHour(row.joined_at, row.answered_by, { resolved: 1 });
    }
    if (state === "abandoned") this.countHour(row, { abandoned: 1 });
    if (state === "closedWithoutReply") {
      this.countHour(row, { closed_without_reply: 1 });
      if (row.resolved_by) this.countListenerHour(row.joined_at, row.resolved_by, { closed_without_reply: 1 });
    }
    if (row.topics !== null) {
      this.countHour(row, { wrap_ups: 1, risk_discussed: row.risk === 1 ? 1 : 0 }, { topics: topicsOf(row) });
    }
  }

  private countHour(
    opening: Pick<OpeningRow, "joined_at" | "language">,
    counts: Partial<Record<HourCount, number>>,
    add: { bucket?: number; topics?: string[] } = {},
  ): void {
    const key = [hourOf(opening.joined_at), languageOf(opening.language) ?? ""] as const;
    this.sql.exec("INSERT OR IGNORE INTO desk_hours (hour, language) VALUES (?, ?)", ...key);
    const columns = Object.keys(counts) as HourCount[];
    const json: Record<string, string> = {};
    if (add.bucket !== undefined || add.topics) {
      const row = this.sql
        .exec<Pick<HourRow, "answer_times" | "topics">>(
          "SELECT answer_times, topics FROM desk_hours WHERE hour = ? AND language = ?",
          ...key,
        )
        .one();
      if (add.bucket !== undefined) json.answer_times = counted(row.answer_times, [String(add.bucket)]);
      if (add.topics) json.topics = counted(row.topics, add.topics);
    }
    const sets = [...columns.map((column) => `${column} = ${column} + ?`), ...Object.keys(json).map((c) => `${c} = ?`)];
    if (sets.length === 0) return;
    this.sql.exec(
      `UPDATE desk_hours SET ${sets.join(", ")} WHERE hour = ? AND language = ?`,
      ...columns.map((column) => counts[column] ?? 0),
      ...Object.values(json),
      ...key,
    );
  }

  private countListenerHour(
    joinedAt: number,
    listenerId: string,
    counts: Partial<Record<ListenerHourCount, number>>,
    bucket?: number,
  ): void {
    const key = [hourOf(joinedAt), listenerId] as const;
    this.sql.exec("INSERT OR IGNORE INTO desk_listener_hours (hour, listener_id) VALUES (?, ?)", ...key);
    const columns = Object.keys(counts) as ListenerHourCount[];
    const sets = columns.map((column) => `${column} = ${column} + ?`);
    const values: (number | string)[] = columns.map((column) => counts[column] ?? 0);
    if (bucket !== undefined) {
      const row = this.sql
        .exec<{ answer_times: string }>(
          "SELECT answer_times FROM desk_listener_hours WHERE hour = ? AND listener_id = ?",
          ...key,
        )
        .one();
      sets.push("answer_times = ?");
      values.push(counted(row.answer_times, [String(bucket)]));
    }
    this.sql.exec(
      `UPDATE desk_listener_hours SET ${sets.join(", ")} WHERE hour = ? AND listener_id = ?`,
      ...values,
      ...key,
    );
  }

  /** 'Today' begins at midnight in `timeZone` (a zone this runtime does not know counts as UTC). */
  figures(
    period: FigurePeriod,
    now: number,
    nameOf: (listenerId: string) => string,
    timeZone: string = UTC,
  ): DeskFigures {
    const zone = knownTimeZone(timeZone) ?? UTC;
    const from = periodStart(period, now, zone);
    const hours = this.sql
      .exec<HourRow>("SELECT * FROM desk_hours WHERE hour >= ? AND hour <= ? ORDER BY hour", from, now)
      .toArray();
    const waits = this.sql
      .exec<{ n: number; oldest: number | null }>(
        "SELECT count(*) AS n, min(joined_at) AS oldest FROM desk_openings WHERE ended_at IS NULL AND answered_at IS NULL",
      )
      .one();
    const all = sumHours(hours);
    const helpful = {
      yes: all.counts.helpful_yes,
      somewhat: all.counts.helpful_somewhat,
      no: all.counts.helpful_no,
      answers: all.counts.helpful_yes + all.counts.helpful_somewhat + all.counts.helpful_no,
    };
    const comments = this.newest<Pick<OpeningRow, "helpful" | "comment" | "surveyed_at">>(
      "comment IS NOT NULL",
      "helpful, comment, surveyed_at",
      "surveyed_at",
      from,
      now,
    );
    const review = this.newest<Pick<OpeningRow, "ended_at" | "joined_at" | "resolved_by" | "topics" | "crisis">>(
      "review = 1",
      "ended_at, joined_at, resolved_by, topics, crisis",
      "ended_at",
      from,
      now,
    );
    const byHourOfDay = Array.from({ length: 24 }, () => ({ openings: 0, times: new Map() as AnswerTimes }));
    for (const row of hours) {
      const ofDay = byHourOfDay[hourIn(row.hour, zone)];
      if (!ofDay) continue;
      ofDay.openings += row.openings;
      addAnswerTimes(ofDay.times, row.answer_times);
    }
    return {
      period,
      timeZone: zone,
      from,
      to: now,
      conversations: all.counts.openings,
      ...all.states,
      answerRate: ratio(all.states.answered, all.counts.openings - all.states.stillWaiting),
      timeToAnswer: {
        medianMs: answerTimePercentile(all.times, 0.5),
        p90Ms: answerTimePercentile(all.times, 0.9),
      },
      answeredWithinTarget: ratio(all.counts.within_target, all.counts.answered),
      waitingNow: waits.n,
      longestWaitNowMs: waits.oldest === null ? null : Math.max(0, now - waits.oldest),
      helpful,
      comments: comments.rows
        .filter((row) => row.helpful && HELPFUL_ANSWERS.includes(row.helpful))
        .map((row) => ({ at: row.surveyed_at ?? 0, answer: row.helpful as HelpfulAnswer, text: row.comment ?? "" })),
      commentCount: comments.count,
      topics: [...all.topics]
        .map(([name, count]) => ({ name, count }))
        .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name)),
      risk: { discussed: all.counts.risk_discussed, wrapUps: all.counts.wrap_ups },
      riskNotDiscussed: review.rows.map((row) => ({
        at: row.ended_at ?? row.joined_at,
        listener: nameOf(row.resolved_by ?? ""),
        topics: topicsOf(row),
        crisis: row.crisis === 1,
      })),
      riskNotDiscussedCount: review.count,
      listeners: this.listenerFigures(from, now, nameOf),
      byLanguage: languageFigures(hours),
      byHour: byHourOfDay.map((ofDay, hour) => ({
        hour,
        openings: ofDay.openings,
        medianTimeToAnswerMs: answerTimePercentile(ofDay.times, 0.5),
      })),
      hourMinute: hourMinuteIn(now, zone),
    };
  }

  /** `where` is a partial index's condition, so only the rows it holds are read. */
  private newest<T>(where: string, columns: string, newestBy: string, from: number, now: number) {
    const inPeriod = `${where} AND joined_at >= ? AND joined_at <= ?`;
    const rows = this.sql
      .exec<T & Record<string, SqlStorageValue>>(
        `SELECT ${columns} FROM desk_openings WHERE ${inPeriod} ORDER BY ${newestBy} DESC, id DESC LIMIT ?`,
        from,
        now,
        FIGURE_LIST_LIMIT,
      )
      .toArray();
    const { count } = this.sql
      .exec<{ count: number }>(`SELECT count(*) AS count FROM desk_openings WHERE ${inPeriod}`, from, now)
      .one();
    return { rows: rows as T[], count };
  }

  /**
   * Every opening counts for one listener at most: who replied first, or, closed without a reply, who it was with;
   * so a row's figures are of the same openings, and resolved is never more than answered.
   */
  private listenerFigures(from: number, now: number, nameOf: (listenerId: string) => string): DeskFigures["listeners"] {
    const rows = this.sql
      .exec<ListenerHourRow>(
        "SELECT listener_id, answered, closed_without_reply, resolved, answer_times FROM desk_listener_hours WHERE hour >= ? AND hour <= ?",
        from,
        now,
      )
      .toArray();
    const theirs = new Map<string, Record<ListenerHourCount, number> & { times: AnswerTimes }>();
    for (const row of rows) {
      let sum = theirs.get(row.listener_id);
      if (!sum) {
        sum = { answered: 0, closed_without_reply: 0, resolved: 0, times: new Map() };
        theirs.set(row.listener_id, sum);
      }
      sum.answered += row.answered;
      sum.closed_without_reply += row.closed_without_reply;
      sum.resolved += row.resolved;
      addAnswerTimes(sum.times, row.answer_times);
    }
    return [...theirs]
      .filter(([, sum]) => sum.answered + sum.closed_without_reply > 0)
      .map(([id, sum]) => ({
        name: nameOf(id),
        conversations: sum.answered + sum.closed_without_reply,
        answered: sum.answered,
        closedWithoutReply: sum.closed_without_reply,
        resolved: sum.resolved,
        medianFirstReplyMs: answerTimePercentile(sum.times, 0.5),
      }))
      .sort((a, b) => b.conversations - a.conversations || a.name.localeCompare(b.name));
  }

  private openOf(pairId: string): OpeningRow | null {
    return (
      this.sql
        .exec<OpeningRow>(
          `SELECT ${OPENING_COLUMNS} FROM desk_openings WHERE pair_id = ? AND ended_at IS NULL ORDER BY id DESC LIMIT 1`,
          pairId,
        )
        .toArray()[0] ?? null
    );
  }
}

/**
 * On a UTC hour, as the roll-ups are kept: today from the hour that holds midnight in `timeZone` (23:30 the day
 * before in India); the others from the first whole hour of a rolling number of days.
 */
export function periodStart(period: FigurePeriod, now: number, timeZone: string = UTC): number {
  if (period === "today") return hourOf(startOfDayIn(now, timeZone));
  const start = now - (period === "7d" ? 7 : FIGURES_RETENTION_DAYS) * DAY_MS;
  const hour = hourOf(start);
  return hour === start ? hour : hour + HOUR_MS;
}

function hourOf(at: number): number {
  return at - (((at % HOUR_MS) + HOUR_MS) % HOUR_MS);
}

/** 30 in India, 0 in most zones. */
function hourMinuteIn(now: number, zone: string): number {
  const offsetMinutes = Math.round(zoneOffsetMs(hourOf(now), zone) / 60_000);
  return ((offsetMinutes % 60) + 60) % 60;
}

/**
 * Exactly one state: answered once a listener replied, whatever ended it; else still waiting while open; else
 * abandoned when the visitor left before a listener joined; else closed without a reply.
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

/** Risk not discussed in a conversation with crisis words or a risk topic: the lead reviews it. */
function riskNotDiscussed(row: Pick<OpeningRow, "risk" | "crisis" | "topics">): boolean {
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

function counted(json: string, keys: readonly string[]): string {
  const counts = parseCounts(json);
  for (const key of keys) counts[key] = (counts[key] ?? 0) + 1;
  return JSON.stringify(counts);
}

const NO_COUNTS: Record<HourCount, number> = {
  openings: 0,
  answered: 0,
  abandoned: 0,
  closed_without_reply: 0,
  within_target: 0,
  helpful_yes: 0,
  helpful_somewhat: 0,
  helpful_no: 0,
  wrap_ups: 0,
  risk_discussed: 0,
};

/** Still waiting is what no other state has. */
function sumHours(rows: readonly HourRow[]) {
  const counts = { ...NO_COUNTS };
  const times: AnswerTimes = new Map();
  const topics = new Map<string, number>();
  for (const row of rows) {
    for (const column of Object.keys(NO_COUNTS) as HourCount[]) counts[column] += row[column];
    addAnswerTimes(times, row.answer_times);
    for (const [name, count] of Object.entries(parseCounts(row.topics))) {
      topics.set(name, (topics.get(name) ?? 0) + count);
    }
  }
  const states: Record<OpeningState, number> = {
    answered: counts.answered,
    abandoned: counts.abandoned,
    closedWithoutReply: counts.closed_without_reply,
    stillWaiting: counts.openings - counts.answered - counts.abandoned - counts.closed_without_reply,
  };
  return { counts, states, times, topics };
}

/** The most first, those of no known language last. */
function languageFigures(hours: readonly HourRow[]): DeskFigures["byLanguage"] {
  const byLanguage = new Map<Language | null, HourRow[]>();
  for (const row of hours) {
    const language = languageOf(row.language);
    byLanguage.set(language, [...(byLanguage.get(language) ?? []), row]);
  }
  return [...byLanguage]
    .map(([language, theirs]) => {
      const sum = sumHours(theirs);
      return {
        language,
        name: language === null ? null : languageNameIn(language, DEFAULT_LANGUAGE),
        conversations: sum.counts.openings,
        answered: sum.states.answered,
        stillWaiting: sum.states.stillWaiting,
        medianTimeToAnswerMs: answerTimePercentile(sum.times, 0.5),
        p90TimeToAnswerMs: answerTimePercentile(sum.times, 0.9),
      };
    })
    .filter((row) => row.conversations > 0)
    .sort(
      (a, b) =>
        Number(a.language === null) - Number(b.language === null) ||
        b.conversations - a.conversations ||
        (a.name ?? "").localeCompare(b.name ?? ""),
    );
}
