import type { DESK_TEXTS } from "~/shared/desk";
import { DEFAULT_LANGUAGE } from "~/shared/languages";
import {
  CONVERSATION_COLUMNS,
  type ConversationRow,
  LISTENER_COLUMNS,
  type ListenerRow,
  LOAD,
  PRESENT,
  SPEAKS,
} from "./desk-tables";

export type WaitingVisitor = {
  pairId: string;
  visitorId: string;
  visitorName: string;
  /** The crisis-phrase check fired: first in the queue. */
  crisis: boolean;
  at: number;
  /** Shown to their listener (null: not known). */
  country: string | null;
  /** Offered first to a listener who speaks it (null: the default language). */
  language: string | null;
};

export type Assignment = { pairId: string; visitorId: string; listenerId: string };
export type Offer = { pairId: string; listenerId: string };

export type Refusal = { refusal: keyof typeof DESK_TEXTS };

/** The one statement of the queue order. */
const QUEUE_ORDER = "c.crisis DESC, c.waiting_since, c.pair_id";
/** An offered conversation is still in line. */
const IN_LINE = "c.listener_id IS NULL";
/** How far down the line a pass looks past conversations only their lapsing listener could take. */
const PAIRING_LOOKAHEAD = 20;

/** Every method is synchronous, so a decision and its write are one step: two 'Take next' never pick one row. */
export class DeskBook {
  constructor(
    private readonly sql: SqlStorage,
    private readonly capacity: number,
  ) {}

  /** An alias or languages left undefined keep the ones known; availability is untouched. */
  know(listener: { id: string; name: string; alias?: string | null; languages?: readonly string[] }): void {
    const keepAlias = listener.alias === undefined ? 1 : 0;
    const languages = listener.languages?.length ? JSON.stringify(listener.languages) : null;
    this.sql.exec(
      `INSERT INTO desk_listeners (listener_id, name, alias, languages) VALUES (?, ?, ?, coalesce(?, ?))
       ON CONFLICT (listener_id) DO UPDATE SET name = excluded.name,
         alias = CASE WHEN ? THEN desk_listeners.alias ELSE excluded.alias END,
         languages = CASE WHEN ? IS NULL THEN desk_listeners.languages ELSE excluded.languages END`,
      listener.id,
      listener.name,
      listener.alias ?? null,
      languages,
      JSON.stringify([DEFAULT_LANGUAGE]),
      keepAlias,
      languages,
    );
  }

  setAvailable(listenerId: string, available: boolean, now: number): void {
    this.sql.exec(
      "UPDATE desk_listeners SET available = ?, away_since = ? WHERE listener_id = ?",
      available ? 1 : 0,
      available ? null : now,
      listenerId,
    );
  }

  /** Nothing new is offered to them, and the grace starts unless it already has. */
  markGone(listenerId: string, now: number): void {
    this.sql.exec(
      "UPDATE desk_listeners SET away_since = coalesce(away_since, ?) WHERE listener_id = ?",
      now,
      listenerId,
    );
  }

  markBack(listenerId: string): void {
    this.sql.exec("UPDATE desk_listeners SET away_since = NULL WHERE listener_id = ? AND available = 1", listenerId);
  }

  /** Gone at once, until a page speaks after `askedAt`; what was offered to them goes to others. */
  markUnanswered(listenerId: string, askedAt: number, now: number): void {
    this.markGone(listenerId, now);
    this.sql.exec("UPDATE desk_listeners SET unanswered_at = ? WHERE listener_id = ?", askedAt, listenerId);
    this.withdrawOffers();
  }

  goneSince(before: number): string[] {
    return this.sql
      .exec<{ listener_id: string }>("SELECT listener_id FROM desk_listeners WHERE away_since <= ?", before)
      .toArray()
      .map((row) => row.listener_id);
  }

  earliestGone(): number | null {
    return this.sql.exec<{ at: number | null }>("SELECT min(away_since) AS at FROM desk_listeners").one().at;
  }

  /** Grace over: Away (the caller hands back their conversations). */
  settleGone(listenerId: string): void {
    this.sql.exec("UPDATE desk_listeners SET available = 0, away_since = NULL WHERE listener_id = ?", listenerId);
  }

  forget(listenerId: string): void {
    this.sql.exec("DELETE FROM desk_listeners WHERE listener_id = ?", listenerId);
  }

  listener(listenerId: string): ListenerRow | null {
    return (
      this.sql
        .exec<ListenerRow>(`SELECT ${LISTENER_COLUMNS} FROM desk_listeners l WHERE l.listener_id = ?`, listenerId)
        .toArray()[0] ?? null
    );
  }

  listeners(): ListenerRow[] {
    return this.sql.exec<ListenerRow>(`SELECT ${LISTENER_COLUMNS} FROM desk_listeners l ORDER BY l.name`).toArray();
  }

  /** The capacity rule: room while their load is under the capacity. */
  hasRoom(listenerId: string): boolean {
    return (this.listener(listenerId)?.load ?? 0) < this.capacity;
  }

  anyoneAvailable(): boolean {
    return this.sql.exec(`SELECT 1 FROM desk_listeners l WHERE ${PRESENT} LIMIT 1`).toArray().length > 0;
  }

  languagesPresent(): Set<string> {
    return new Set(
      this.sql
        .exec<{ language: string }>(
          `SELECT DISTINCT j.value AS language FROM desk_listeners l, json_each(l.languages) j WHERE ${PRESENT}`,
        )
        .toArray()
        .map((row) => row.language),
    );
  }

  /** `unansweredAt`: a page counts only once it speaks after it (0: never). */
  markedAvailable(): { listenerId: string; gone: boolean; unansweredAt: number }[] {
    return this.sql
      .exec<{ listener_id: string; away_since: number | null; unanswered_at: number | null }>(
        "SELECT listener_id, away_since, unanswered_at FROM desk_listeners WHERE available = 1",
      )
      .toArray()
      .map((row) => ({
        listenerId: row.listener_id,
        gone: row.away_since !== null,
        unansweredAt: row.unanswered_at ?? 0,
      }));
  }

  conversation(pairId: string): ConversationRow | null {
    return (
      this.sql
        .exec<ConversationRow>(
          `SELECT ${CONVERSATION_COLUMNS} FROM desk_conversations c
           LEFT JOIN desk_listeners l ON l.listener_id = c.listener_id WHERE c.pair_id = ?`,
          pairId,
        )
        .toArray()[0] ?? null
    );
  }

  /** A re-queued conversation keeps its age; a crisis flag is never lowered. */
  enqueue(entry: WaitingVisitor): void {
    this.sql.exec(
      `INSERT INTO desk_conversations (pair_id, visitor_id, visitor_name, waiting_since, crisis, country, language)
       VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (pair_id) DO UPDATE SET crisis = max(crisis, excluded.crisis), visitor_name = excluded.visitor_name,
         country = excluded.country, language = excluded.language`,
      entry.pairId,
      entry.visitorId,
      entry.visitorName,
      entry.at,
      entry.crisis ? 1 : 0,
      entry.country,
      entry.language,
    );
  }

  /**
   * The head of the line to the least-loaded present listener who speaks its language, else the least-loaded of
   * all (it never waits for a language); among equals, the one assigned longest ago.
   */
  offerWaiting(): Offer[] {
    const made: Offer[] = [];
    for (;;) {
      const next = this.nextPairing();
      if (!next) return made;
      this.sql.exec(
        "UPDATE desk_conversations SET offered_to = ? WHERE pair_id = ?",
        next.listenerId,
        next.row.pair_id,
      );
      made.push({ pairId: next.row.pair_id, listenerId: next.listenerId });
    }
  }

  assignOffered(listenerId: string, now: number): Assignment[] {
    const offered = this.sql
      .exec<ConversationRow>(
        `SELECT ${CONVERSATION_COLUMNS} FROM desk_conversations c LEFT JOIN desk_listeners l ON 0
         WHERE ${IN_LINE} AND c.offered_to = ? ORDER BY ${QUEUE_ORDER}`,
        listenerId,
      )
      .toArray();
    return offered.map((row) => this.assign(row, listenerId, now));
  }

  withdrawOffers(): void {
    this.sql.exec(
      `UPDATE desk_conversations SET offered_to = NULL WHERE offered_to IS NOT NULL
       AND offered_to NOT IN (SELECT l.listener_id FROM desk_listeners l WHERE ${PRESENT})`,
    );
  }

  /** Skips a conversation only its lapsing listener has room for. */
  private nextPairing(): { row: ConversationRow; listenerId: string } | null {
    if (!this.leastLoaded(null, null)) return null;
    for (const row of this.queueHead(PAIRING_LOOKAHEAD, true)) {
      const listenerId = this.leastLoaded(row.lapsed_by, row.language ?? DEFAULT_LANGUAGE);
      if (listenerId) return { row, listenerId };
    }
    return null;
  }

  takeNext(listenerId: string, now: number): Assignment | Refusal {
    if (!this.hasRoom(listenerId)) return { refusal: "atCapacity" };
    const [head] = this.queueHead(1);
    if (!head) return { refusal: "queueEmpty" };
    return this.assign(head, listenerId, now);
  }

  take(pairId: string, listenerId: string, now: number): Assignment | Refusal {
    if (!this.hasRoom(listenerId)) return { refusal: "atCapacity" };
    const row = this.conversation(pairId);
    if (!row) return { refusal: "notOnDesk" };
    if (row.listener_id !== null) return { refusal: row.listener_id === listenerId ? "transferToSelf" : "notAssigned" };
    return this.assign(row, listenerId, now);
  }

  transfer(pairId: string, fromId: string | null, toId: string, now: number): Assignment | Refusal {
    const row = this.conversation(pairId);
    if (!row || row.listener_id === null) return { refusal: "notOnDesk" };
    if (fromId !== null && row.listener_id !== fromId) return { refusal: "notAssigned" };
    if (row.listener_id === toId) return { refusal: "transferToSelf" };
    const to = this.listener(toId);
    if (!to) return { refusal: "transferTargetUnknown" };
    if (to.present !== 1) return { refusal: "transferTargetAway" };
    if (to.load >= this.capacity) return { refusal: "transferTargetFull" };
    return this.assign(row, toId, now);
  }

  /** `byId` null: the admin, who may act on any. */
  heldFor(pairId: string, byId: string | null): (ConversationRow & { listener_id: string }) | Refusal {
    const row = this.conversation(pairId);
    if (!row || row.listener_id === null) return { refusal: "notOnDesk" };
    if (byId !== null && row.listener_id !== byId) return { refusal: "notAssigned" };
    return { ...row, listener_id: row.listener_id };
  }

  returnToLine(pairId: string, listenerId: string): void {
    this.sql.exec(
      `UPDATE desk_conversations SET listener_id = NULL, assigned_at = NULL, opened_at = NULL, lapsed_by = ?,
         quiet_check_at = NULL WHERE pair_id = ? AND listener_id = ?`,
      listenerId,
      pairId,
      listenerId,
    );
  }

  flagCrisis(pairId: string): void {
    this.sql.exec("UPDATE desk_conversations SET crisis = 1 WHERE pair_id = ?", pairId);
  }

  remove(pairId: string): ConversationRow | null {
    const row = this.conversation(pairId);
    if (row) this.sql.exec("DELETE FROM desk_conversations WHERE pair_id = ?", pairId);
    return row;
  }

  presentCount(): number {
    return this.sql.exec<{ n: number }>(`SELECT count(*) AS n FROM desk_listeners l WHERE ${PRESENT}`).one().n;
  }

  /** null: not before its next first reply. */
  setQuietCheck(pairId: string, at: number | null): void {
    this.sql.exec("UPDATE desk_conversations SET quiet_check_at = ? WHERE pair_id = ?", at, pairId);
  }

  quietDue(now: number): { pair_id: string; listener_id: string }[] {
    return this.sql
      .exec<{ pair_id: string; listener_id: string }>(
        "SELECT pair_id, listener_id FROM desk_conversations WHERE listener_id IS NOT NULL AND quiet_check_at <= ?",
        now,
      )
      .toArray();
  }

  earliestQuietCheck(): number | null {
    return this.sql
      .exec<{ at: number | null }>(
        "SELECT min(quiet_check_at) AS at FROM desk_conversations WHERE listener_id IS NOT NULL",
      )
      .one().at;
  }

  heldBy(listenerId: string): ConversationRow[] {
    return this.sql
      .exec<ConversationRow>(
        `SELECT ${CONVERSATION_COLUMNS} FROM desk_conversations c
         LEFT JOIN desk_listeners l ON l.listener_id = c.listener_id
         WHERE c.listener_id = ? ORDER BY c.assigned_at, c.pair_id`,
        listenerId,
      )
      .toArray();
  }

  /**
   * Only while `listenerId` still holds it (the desk may have moved it meanwhile); `waitingSince` null takes it
   * off the desk until the visitor writes again.
   */
  handBack(pairId: string, listenerId: string, waitingSince: number | null): "queued" | "closed" | null {
    const row = this.conversation(pairId);
    if (!row || row.listener_id !== listenerId) return null;
    if (waitingSince === null) {
      this.sql.exec("DELETE FROM desk_conversations WHERE pair_id = ?", pairId);
      return "closed";
    }
    this.sql.exec(
      `UPDATE desk_conversations SET listener_id = NULL, assigned_at = NULL, opened_at = NULL, waiting_since = ?
       WHERE pair_id = ?`,
      waitingSince,
      pairId,
    );
    return "queued";
  }

  /** Answers whether this changed anything (a second page of theirs opening it does not). */
  markOpened(pairId: string, listenerId: string, now: number): boolean {
    const row = this.conversation(pairId);
    if (!row || row.listener_id !== listenerId || row.opened_at !== null) return false;
    this.sql.exec("UPDATE desk_conversations SET opened_at = ? WHERE pair_id = ?", now, pairId);
    return true;
  }

  unopenedSince(before: number): ConversationRow[] {
    return this.sql
      .exec<ConversationRow>(
        `SELECT ${CONVERSATION_COLUMNS} FROM desk_conversations c LEFT JOIN desk_listeners l ON 0
         WHERE c.listener_id IS NOT NULL AND c.opened_at IS NULL AND c.assigned_at <= ?`,
        before,
      )
      .toArray();
  }

  earliestUnopened(): number | null {
    return this.sql
      .exec<{ at: number | null }>(
        "SELECT min(assigned_at) AS at FROM desk_conversations WHERE listener_id IS NOT NULL AND opened_at IS NULL",
      )
      .one().at;
  }

  lapse(pairId: string, listenerId: string): boolean {
    const row = this.conversation(pairId);
    if (!row || row.listener_id !== listenerId || row.opened_at !== null) return false;
    this.sql.exec(
      `UPDATE desk_conversations SET listener_id = NULL, assigned_at = NULL, lapsed_by = ? WHERE pair_id = ?`,
      listenerId,
      pairId,
    );
    return true;
  }

  placeInLine(pairId: string): number {
    const row = this.sql
      .exec<{ place: number }>(
        `SELECT place FROM (SELECT c.pair_id, row_number() OVER (ORDER BY ${QUEUE_ORDER}) AS place
         FROM desk_conversations c WHERE ${IN_LINE}) WHERE pair_id = ?`,
        pairId,
      )
      .toArray()[0];
    return row?.place ?? 1;
  }

  queueOrder(): { pairId: string; language: string | null }[] {
    return this.sql
      .exec<{ pair_id: string; language: string | null }>(
        `SELECT c.pair_id, c.language FROM desk_conversations c WHERE ${IN_LINE} ORDER BY ${QUEUE_ORDER}`,
      )
      .toArray()
      .map((row) => ({ pairId: row.pair_id, language: row.language }));
  }

  queueHead(count: number, unoffered = false): ConversationRow[] {
    return this.sql
      .exec<ConversationRow>(
        `SELECT ${CONVERSATION_COLUMNS} FROM desk_conversations c LEFT JOIN desk_listeners l ON 0
         WHERE ${IN_LINE} ${unoffered ? "AND c.offered_to IS NULL" : ""} ORDER BY ${QUEUE_ORDER} LIMIT ?`,
        count,
      )
      .toArray();
  }

  lineLength(): number {
    return this.sql.exec<{ n: number }>(`SELECT count(*) AS n FROM desk_conversations c WHERE ${IN_LINE}`).one().n;
  }

  private leastLoaded(except: string | null, language: string | null): string | null {
    const row = this.sql
      .exec<{ listener_id: string }>(
        `SELECT l.listener_id, ${LOAD} AS load, ${SPEAKS} AS speaks
         FROM desk_listeners l WHERE ${PRESENT} AND load < ? AND l.listener_id IS NOT ?
         ORDER BY speaks DESC, load, l.last_assigned_at, l.listener_id LIMIT 1`,
        language,
        this.capacity,
        except,
      )
      .toArray()[0];
    return row?.listener_id ?? null;
  }

  private assign(row: ConversationRow, listenerId: string, now: number): Assignment {
    // A new holder has not opened it yet, whoever had it before.
    this.sql.exec(
      `UPDATE desk_conversations SET listener_id = ?, assigned_at = ?, opened_at = NULL, lapsed_by = NULL,
         offered_to = NULL WHERE pair_id = ?`,
      listenerId,
      now,
      row.pair_id,
    );
    this.sql.exec("UPDATE desk_listeners SET last_assigned_at = ? WHERE listener_id = ?", now, listenerId);
    return { pairId: row.pair_id, visitorId: row.visitor_id, listenerId };
  }
}
