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

/** A support conversation's visitor who wrote while nobody holds it, as their room tells the desk. */
export type WaitingVisitor = {
  pairId: string;
  visitorId: string;
  visitorName: string;
  /** The crisis-phrase check fired on their words: first in the queue. */
  crisis: boolean;
  /** When the message that opened it was written. */
  at: number;
  /** The country the visitor wrote from (null: not known), shown to their listener. */
  country: string | null;
  /**
   * The language the visitor reads the site in (null: not known, taken for the default one): offered
   * first to a listener who speaks it, and shown to their listener.
   */
  language: string | null;
};

/** An assignment just made: which conversation went to whom. */
export type Assignment = { pairId: string; visitorId: string; listenerId: string };
/** An offer just made: a conversation in line kept for a listener while their pages are asked. */
export type Offer = { pairId: string; listenerId: string };

/** A refusal names one of the desk's texts (app/shared/desk.ts). */
export type Refusal = { refusal: keyof typeof DESK_TEXTS };

/** The queue's order, the one statement of it: crisis-flagged first, then the longest waiting. */
const QUEUE_ORDER = "c.crisis DESC, c.waiting_since, c.pair_id";
/** In line: nobody holds it (one offered to a listener while their pages are asked is still in line). */
const IN_LINE = "c.listener_id IS NULL";
/** How far down the line a pass looks past conversations only their lapsing listener could take. */
const PAIRING_LOOKAHEAD = 20;

/**
 * The desk's book, in the SupportDesk's SQLite: who listens and how much they hold, and which
 * support conversations are queued or held by whom. Every method is synchronous, so each decision
 * and its write happen in one step of the object: two 'Take next' can never pick the same row.
 */
export class DeskBook {
  constructor(
    private readonly sql: SqlStorage,
    private readonly capacity: number,
  ) {}

  /**
   * Remembers a listener (their name, alias or languages may have changed) without touching their
   * availability; an alias or languages left undefined keep the ones known (a new listener answers
   * in the default language until told otherwise).
   */
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

  /**
   * The listener's last desk page closed or fell silent (they may be back in a moment): nothing new
   * is offered to them from now, and the grace starts, if not already.
   */
  markGone(listenerId: string, now: number): void {
    this.sql.exec(
      "UPDATE desk_listeners SET away_since = coalesce(away_since, ?) WHERE listener_id = ?",
      now,
      listenerId,
    );
  }

  /** A desk page of an available listener is there again: they are back, no hand-back is due. */
  markBack(listenerId: string): void {
    this.sql.exec("UPDATE desk_listeners SET away_since = NULL WHERE listener_id = ? AND available = 1", listenerId);
  }

  /**
   * No page of theirs answered the probe asked at `askedAt`: gone at once, as if their pages' deadline
   * had passed, until a page speaks after `askedAt`; what was offered to them goes to others.
   */
  markUnanswered(listenerId: string, askedAt: number, now: number): void {
    this.markGone(listenerId, now);
    this.sql.exec("UPDATE desk_listeners SET unanswered_at = ? WHERE listener_id = ?", askedAt, listenerId);
    this.withdrawOffers();
  }

  /** The listeners gone since `before` or earlier, whose conversations go back. */
  goneSince(before: number): string[] {
    return this.sql
      .exec<{ listener_id: string }>("SELECT listener_id FROM desk_listeners WHERE away_since <= ?", before)
      .toArray()
      .map((row) => row.listener_id);
  }

  /** The earliest moment anyone went away (null: nobody is away). */
  earliestGone(): number | null {
    return this.sql.exec<{ at: number | null }>("SELECT min(away_since) AS at FROM desk_listeners").one().at;
  }

  /** Grace over: no longer available, not gone any more (their conversations are handled by the caller). */
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

  /** Every listener the desk knows, by name. */
  listeners(): ListenerRow[] {
    return this.sql.exec<ListenerRow>(`SELECT ${LISTENER_COLUMNS} FROM desk_listeners l ORDER BY l.name`).toArray();
  }

  /** The capacity rule: room while what they hold and are offered is under the capacity (unknown: none yet). */
  hasRoom(listenerId: string): boolean {
    return (this.listener(listenerId)?.load ?? 0) < this.capacity;
  }

  /** Whether anyone takes conversations now (marked Available, with a desk page there). */
  anyoneAvailable(): boolean {
    return this.sql.exec(`SELECT 1 FROM desk_listeners l WHERE ${PRESENT} LIMIT 1`).toArray().length > 0;
  }

  /** The languages the listeners who take conversations now (marked Available, a desk page there) answer in. */
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

  /**
   * The listeners marked Available: whether each is taken for gone (no desk page there), and since
   * when a probe of theirs went unanswered (a page counts only once it speaks after; 0: never).
   */
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

  /**
   * The visitor wrote in a conversation nobody holds: it joins the queue, keeping the time of their
   * first unanswered message (a re-queued one keeps its age); a crisis flag is never lowered.
   */
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
   * Offers queued conversations to present listeners while both exist: the head of the line to the
   * listener with the least load under capacity who speaks its visitor's language, or, when none who
   * does has room, to the one with the least of all (it never waits for a language); among equals,
   * the one assigned longest ago first. Each stays in line, its place unchanged, until the listener's
   * pages answer (assignOffered) or not (withdrawOffers).
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

  /** A page of the listener answered: what is offered to them (and still in line) is theirs. */
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

  /** Offers to anyone no longer present go back to being plain places in line. */
  withdrawOffers(): void {
    this.sql.exec(
      `UPDATE desk_conversations SET offered_to = NULL WHERE offered_to IS NOT NULL
       AND offered_to NOT IN (SELECT l.listener_id FROM desk_listeners l WHERE ${PRESENT})`,
    );
  }

  /**
   * The first conversation in line not yet offered that some listener present can take, and who:
   * the head, unless the only ones with room are the listener who just let it go back unopened.
   */
  private nextPairing(): { row: ConversationRow; listenerId: string } | null {
    if (!this.leastLoaded(null, null)) return null;
    for (const row of this.queueHead(PAIRING_LOOKAHEAD, true)) {
      const listenerId = this.leastLoaded(row.lapsed_by, row.language ?? DEFAULT_LANGUAGE);
      if (listenerId) return { row, listenerId };
    }
    return null;
  }

  /** 'Take next': the head of the queue, for a listener with room (available or not). */
  takeNext(listenerId: string, now: number): Assignment | Refusal {
    if (!this.hasRoom(listenerId)) return { refusal: "atCapacity" };
    const [head] = this.queueHead(1);
    if (!head) return { refusal: "queueEmpty" };
    return this.assign(head, listenerId, now);
  }

  /** Takes one queued conversation by its id (from its page on the desk). */
  take(pairId: string, listenerId: string, now: number): Assignment | Refusal {
    if (!this.hasRoom(listenerId)) return { refusal: "atCapacity" };
    const row = this.conversation(pairId);
    if (!row) return { refusal: "notOnDesk" };
    if (row.listener_id !== null) return { refusal: row.listener_id === listenerId ? "transferToSelf" : "notAssigned" };
    return this.assign(row, listenerId, now);
  }

  /** Hands a held conversation to another available listener with room. */
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

  /**
   * A held conversation as the one acting on it may: its holder, or anyone when `byId` is null (the
   * admin). A refusal when nobody holds it, or someone else does.
   */
  heldFor(pairId: string, byId: string | null): (ConversationRow & { listener_id: string }) | Refusal {
    const row = this.conversation(pairId);
    if (!row || row.listener_id === null) return { refusal: "notOnDesk" };
    if (byId !== null && row.listener_id !== byId) return { refusal: "notAssigned" };
    return { ...row, listener_id: row.listener_id };
  }

  /**
   * Its holder gives a conversation back before anyone replied: to its place in line (the visitor's
   * wait goes on from their first message), not offered to that listener again at once.
   */
  returnToLine(pairId: string, listenerId: string): void {
    this.sql.exec(
      `UPDATE desk_conversations SET listener_id = NULL, assigned_at = NULL, opened_at = NULL, lapsed_by = ?,
         quiet_check_at = NULL WHERE pair_id = ? AND listener_id = ?`,
      listenerId,
      pairId,
      listenerId,
    );
  }

  /** Crisis words came while a listener holds it: flagged on the desk too (a flag is never lowered). */
  flagCrisis(pairId: string): void {
    this.sql.exec("UPDATE desk_conversations SET crisis = 1 WHERE pair_id = ?", pairId);
  }

  /**
   * Takes a conversation off the desk whoever holds it (the visitor ended it, left, or it went quiet).
   * Answers the row it had, or null when it was not on the desk.
   */
  remove(pairId: string): ConversationRow | null {
    const row = this.conversation(pairId);
    if (row) this.sql.exec("DELETE FROM desk_conversations WHERE pair_id = ?", pairId);
    return row;
  }

  /** How many listeners take conversations now (marked Available, with a desk page there). */
  presentCount(): number {
    return this.sql.exec<{ n: number }>(`SELECT count(*) AS n FROM desk_listeners l WHERE ${PRESENT}`).one().n;
  }

  /** When the quiet check asks about a conversation next (null: not before its next first reply). */
  setQuietCheck(pairId: string, at: number | null): void {
    this.sql.exec("UPDATE desk_conversations SET quiet_check_at = ? WHERE pair_id = ?", at, pairId);
  }

  /** The held conversations whose quiet check is due at `now`. */
  quietDue(now: number): { pair_id: string; listener_id: string }[] {
    return this.sql
      .exec<{ pair_id: string; listener_id: string }>(
        "SELECT pair_id, listener_id FROM desk_conversations WHERE listener_id IS NOT NULL AND quiet_check_at <= ?",
        now,
      )
      .toArray();
  }

  /** The first quiet check due among held conversations (null: none). */
  earliestQuietCheck(): number | null {
    return this.sql
      .exec<{ at: number | null }>(
        "SELECT min(quiet_check_at) AS at FROM desk_conversations WHERE listener_id IS NOT NULL",
      )
      .one().at;
  }

  /** The conversations a listener holds, oldest assignment first. */
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
   * A held conversation goes back: to the queue with the visitor's unanswered message's time when
   * they are waiting for a reply, else off the desk (their next message queues it). Only if it is
   * still held by `listenerId` (the desk may have moved it meanwhile). Answers whether it was queued.
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

  /**
   * The holder opened the conversation: from now a listener has joined, as its visitor reads. Answers
   * whether this changed anything (a second page of theirs opening it changes nothing).
   */
  markOpened(pairId: string, listenerId: string, now: number): boolean {
    const row = this.conversation(pairId);
    if (!row || row.listener_id !== listenerId || row.opened_at !== null) return false;
    this.sql.exec("UPDATE desk_conversations SET opened_at = ? WHERE pair_id = ?", now, pairId);
    return true;
  }

  /** The conversations given to a listener at `before` or earlier and still not opened by them. */
  unopenedSince(before: number): ConversationRow[] {
    return this.sql
      .exec<ConversationRow>(
        `SELECT ${CONVERSATION_COLUMNS} FROM desk_conversations c LEFT JOIN desk_listeners l ON 0
         WHERE c.listener_id IS NOT NULL AND c.opened_at IS NULL AND c.assigned_at <= ?`,
        before,
      )
      .toArray();
  }

  /** The earliest assignment still not opened (null: none). */
  earliestUnopened(): number | null {
    return this.sql
      .exec<{ at: number | null }>(
        "SELECT min(assigned_at) AS at FROM desk_conversations WHERE listener_id IS NOT NULL AND opened_at IS NULL",
      )
      .one().at;
  }

  /**
   * A conversation given to a listener who never opened it goes back to its place in line (nobody
   * answered, so the visitor's wait goes on from where it was); that listener is not offered it
   * again at once.
   */
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

  /** A queued conversation's place in line (1 is next). */
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

  /** The queue in order, with each visitor's language (for the visitors' places in line). */
  queueOrder(): { pairId: string; language: string | null }[] {
    return this.sql
      .exec<{ pair_id: string; language: string | null }>(
        `SELECT c.pair_id, c.language FROM desk_conversations c WHERE ${IN_LINE} ORDER BY ${QUEUE_ORDER}`,
      )
      .toArray()
      .map((row) => ({ pairId: row.pair_id, language: row.language }));
  }

  /** The first `count` conversations in line, in the queue's order (`unoffered`: those not offered to anyone). */
  queueHead(count: number, unoffered = false): ConversationRow[] {
    return this.sql
      .exec<ConversationRow>(
        `SELECT ${CONVERSATION_COLUMNS} FROM desk_conversations c LEFT JOIN desk_listeners l ON 0
         WHERE ${IN_LINE} ${unoffered ? "AND c.offered_to IS NULL" : ""} ORDER BY ${QUEUE_ORDER} LIMIT ?`,
        count,
      )
      .toArray();
  }

  /** How many conversations are in line. */
  lineLength(): number {
    return this.sql.exec<{ n: number }>(`SELECT count(*) AS n FROM desk_conversations c WHERE ${IN_LINE}`).one().n;
  }

  /**
   * The listener present with the least load under capacity, those who speak `language` before all
   * others (null: no language to prefer).
   */
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
