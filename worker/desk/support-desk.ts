import { DESK_TEXTS, type DeskServerFrame, type DeskSnapshot } from "~/shared/desk";
import {
  type DeskFigures,
  type FigurePeriod,
  type HelpfulAnswer,
  type SurveyRefusal,
  WAIT_ESTIMATE_SAMPLES,
  WAIT_ESTIMATE_WINDOW_MS,
  WHISPER_TEXTS,
  type WrapUp,
} from "~/shared/desk-operations";
import { type Language, languageOf } from "~/shared/languages";
import { CLOSE_CODES } from "~/shared/socket-protocol";
import { UTC } from "~/shared/time-zones";
import type { SessionEnd } from "../auth/end-sessions";
import type { DeskEndKind, DeskRoomUpdate } from "../chat/desk-link";
import { getConfig } from "../config";
import { chatRoom } from "../objects/room-service";
import { DESK_SOCKET_ROOM, deskUpgradeFrom } from "../sockets/desk-upgrade-headers";
import { SocketAdmissions } from "../sockets/socket-admissions";
import { SocketObject } from "../sockets/socket-object";
import { endedSessionResponse } from "../sockets/socket-session";
import { notAnUpgradeResponse, vouchedUpgrade } from "../sockets/upgrade-headers";
import { type Assignment, DeskBook, type Refusal, type WaitingVisitor } from "./desk-book";
import { DeskLedger, type EndedHow } from "./desk-ledger";
import { DeskPages, type DeskSocket } from "./desk-pages";
import { type ConversationRow, DESK_MIGRATIONS } from "./desk-tables";
import { DeskViews } from "./desk-views";
import { RoomNotices } from "./room-notices";
import { waitEstimateMinutes } from "./wait-estimate";

/**
 * Someone acting on the desk, as the Worker vouches for them (a listener, or the admin), with the
 * alias the admin set for them, which a visitor reads when they join, and the languages they answer
 * in (undefined: not looked up).
 */
export type DeskActor = { id: string; name: string; admin: boolean; alias?: string | null; languages?: Language[] };

type Outcome<T> = T | { refusal: string };

/** A listener the desk no longer knows (the admin removed them), as the figures name them. */
const FORMER_LISTENER = "Former listener";

/**
 * The support desk: the queue of support conversations waiting for a listener, who is
 * available and how much they hold, and every assignment. One object, so an assignment is decided
 * and written in one step: no conversation is ever given to two listeners. It takes only the
 * desk's transitions (a conversation joins the queue, is taken, transferred, resolved; a listener
 * comes or goes), never a message: the messages stay in each conversation's ChatRoom, which it
 * tells where it stands (docs/architecture.md, "The support desk").
 */
export class SupportDesk extends SocketObject<DeskSocket, DeskServerFrame> {
  private readonly book = new DeskBook(this.sql, getConfig().desk.capacity);
  private readonly views = new DeskViews(this.sql, getConfig().desk.capacity, this.book);
  private readonly pages = new DeskPages({
    ctx: this.ctx,
    book: this.book,
    views: this.views,
    sockets: () => this.liveSockets(),
    sendPayload: (ws, payload) => this.sendPayload(ws, payload),
  });
  private readonly ledger = new DeskLedger(this.sql);
  private readonly rooms = new RoomNotices(
    this.book,
    (promise) => this.ctx.waitUntil(promise),
    () => this.waitEstimate(Date.now()),
  );
  private readonly admissions = new SocketAdmissions({
    pairId: () => DESK_SOCKET_ROOM,
    openSockets: (userId) => this.openSockets(userId),
    waitUntil: (promise) => this.ctx.waitUntil(promise),
  });

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env, DESK_MIGRATIONS);
  }

  /** A listener's desk socket, forwarded by the Worker after it checked the session and the role. */
  override async fetch(request: Request): Promise<Response> {
    const upgrade = vouchedUpgrade(request);
    const desk = deskUpgradeFrom(request.headers);
    if (!upgrade || !desk) return notAnUpgradeResponse();
    const { userId, session } = upgrade;
    this.book.know({ id: userId, name: desk.userName, alias: desk.alias, languages: languagesOf(desk.languages) });
    const openedAt = Date.now();
    const admitted = await this.admissions.admit(userId, DESK_SOCKET_ROOM, session, () =>
      this.acceptSocket({ userId, admin: desk.admin, openedAt, ...session }, [userId]),
    );
    if ("ended" in admitted) return endedSessionResponse(admitted.ended);
    // Back within the grace (a reload, a network blip): nothing was handed back, and conversations
    // waiting in line may come to them again.
    this.book.markBack(userId);
    this.assigned(this.book.assignWaiting(Date.now()));
    await this.changed();
    this.send(admitted.opened.socket, { type: "desk-state", desk: this.views.of(userId, desk.admin) });
    return admitted.opened.response;
  }

  /** The desk socket only listens: writes are the pages' forms (route actions). */
  override async webSocketMessage(ws: WebSocket): Promise<void> {
    this.send(ws, { type: "error", message: DESK_TEXTS.socketOnly });
  }

  /**
   * A desk page closed. If it was the listener's last one there, nothing new is offered to them from
   * now and the grace before their waiting conversations go back starts. (Closes are welcome but not
   * relied on: a page that vanishes without one is found by its missing pings, `checkPages`.)
   */
  protected override async socketClosed(ws: WebSocket): Promise<void> {
    const socket = this.attachment(ws);
    if (!socket) return;
    this.admissions.leaveIfGone(socket.userId, ws);
    if (this.pages.there(Date.now(), ws).has(socket.userId)) return;
    this.book.markGone(socket.userId, Date.now());
    await this.changed();
  }

  /**
   * A session of a listener ended (sign-out, reset, inactivity, suspension): its desk sockets close
   * and, with no desk page left open, the listener is away (no new conversations; those waiting for
   * their reply go back after the grace). Answers how many desk sockets of theirs remain.
   */
  async endSessions(userId: string, end: SessionEnd): Promise<number> {
    this.closeEndedSessions(end, this.openSockets(userId));
    const remaining = this.openSockets(userId).filter((ws) => !this.attachment(ws)?.ended).length;
    if (remaining === 0 && this.book.listener(userId)) {
      this.book.setAvailable(userId, false, Date.now());
      await this.changed();
    }
    return remaining;
  }

  /** The desk as one listener sees it. */
  async snapshot(listenerId: string, admin: boolean): Promise<DeskSnapshot> {
    return this.views.of(listenerId, admin);
  }

  /**
   * Whether `actor` may open a support conversation on the desk, and as what. `opening`: the
   * holder's socket is about to open it, so it counts as opened now (a listener has joined), in the
   * same call rather than one more from the room when the socket arrives.
   */
  async accessOf(
    pairId: string,
    actor: Pick<DeskActor, "id" | "admin">,
    opening = false,
  ): Promise<"assigned" | "queued" | "admin" | null> {
    const row = this.book.conversation(pairId);
    if (row?.listener_id === actor.id) {
      if (opening) await this.listenerOpened(pairId, actor.id, Date.now());
      return "assigned";
    }
    if (row && row.listener_id === null) return "queued";
    return actor.admin ? "admin" : null;
  }

  /**
   * 'Available' / 'Away'. Available: queued conversations may come at once, while a desk page of
   * theirs is there (marked Available with none, they are taken for gone from the start).
   */
  async setAvailability(actor: DeskActor, available: boolean): Promise<void> {
    const now = Date.now();
    this.book.know(actor);
    this.book.setAvailable(actor.id, available, now);
    if (available) {
      this.pages.check(now);
      this.assigned(this.book.assignWaiting(now));
    }
    await this.changed();
  }

  /** The admin changed a listener's alias: the next visitor they join reads the new one. */
  async renameListener(listener: { id: string; name: string; alias: string | null }): Promise<void> {
    this.book.know(listener);
  }

  /**
   * The admin changed the languages a listener answers in: the next assignments follow, and the
   * visitors in line learn whether anyone there speaks their language.
   */
  async setListenerLanguages(listener: { id: string; name: string; languages: Language[] }): Promise<void> {
    const languages = languagesOf(listener.languages);
    if (languages.length === 0) return;
    this.book.know({ id: listener.id, name: listener.name, languages });
    await this.changed();
  }

  /**
   * The listener holding a conversation opened it (its room saw their socket, or their message):
   * from now its visitor reads that a listener joined, as an event in the conversation.
   */
  async listenerOpened(pairId: string, listenerId: string, at: number): Promise<void> {
    if (!this.book.markOpened(pairId, listenerId, at)) return;
    this.rooms.tellAssigned(pairId, listenerId);
    await this.changed();
  }

  /** 'Take next': the conversation waiting longest (crisis-flagged first), if the listener has room. */
  async takeNext(actor: DeskActor): Promise<Outcome<{ pairId: string; visitorId: string }>> {
    this.book.know(actor);
    const outcome = this.book.takeNext(actor.id, Date.now());
    return this.answer(outcome, (made) => ({ pairId: made.pairId, visitorId: made.visitorId }));
  }

  /** Takes one queued conversation (from its page on the desk). */
  async take(pairId: string, actor: DeskActor): Promise<Outcome<{ visitorId: string }>> {
    this.book.know(actor);
    const outcome = this.book.take(pairId, actor.id, Date.now());
    return this.answer(outcome, (made) => ({ visitorId: made.visitorId }));
  }

  /**
   * Hands a held conversation to another available listener with room; the note (if any) is kept
   * with the conversation for the desk only. The visitor reads that a listener is on the way until
   * the new one opens it (never who, never the note).
   */
  async transfer(pairId: string, from: DeskActor, toId: string, note: string | null): Promise<Outcome<{ ok: true }>> {
    // Only to someone whose desk page is there now.
    this.pages.check(Date.now());
    const outcome = this.book.transfer(pairId, from.admin ? null : from.id, toId, Date.now());
    if ("refusal" in outcome) return { refusal: DESK_TEXTS[outcome.refusal] };
    if (note) await chatRoom(pairId).addDeskNote({ authorName: from.name, kind: "transfer", text: note });
    this.assigned([outcome], false);
    await this.changed();
    return { ok: true };
  }

  /**
   * 'Mark resolved', with the listener's wrap-up (kept with the opening for the figures, never shown
   * to the visitor): the listener's place is free; the visitor is told the conversation ended and
   * that writing again puts them back in line, and asked whether it helped; their next message
   * queues it again.
   */
  async resolve(pairId: string, by: DeskActor, wrapUp: WrapUp): Promise<Outcome<{ ok: true }>> {
    const held = this.book.heldFor(pairId, by.admin ? null : by.id);
    if ("refusal" in held) return { refusal: DESK_TEXTS[held.refusal] };
    // Never closed on a visitor nobody has answered: it goes back to the line or to another listener.
    if (!this.ledger.answered(pairId)) return { refusal: DESK_TEXTS.notAnswered };
    this.book.remove(pairId);
    const now = Date.now();
    this.endOpening(pairId, now, "resolved", by.id, wrapUp);
    this.pages.check(now);
    this.assigned(this.book.assignWaiting(now));
    await this.changed();
    return { ok: true };
  }

  /**
   * 'Return to line', before anyone replied: the conversation goes back to its place in line (its
   * visitor's wait goes on from their first message), for another listener; the one who returned it
   * is not offered it again at once. Once a listener replied it stays: transfer or resolve it.
   */
  async returnToLine(pairId: string, by: DeskActor): Promise<Outcome<{ ok: true }>> {
    const held = this.book.heldFor(pairId, by.admin ? null : by.id);
    if ("refusal" in held) return { refusal: DESK_TEXTS[held.refusal] };
    if (this.ledger.answered(pairId)) return { refusal: DESK_TEXTS.alreadyAnswered };
    this.book.returnToLine(pairId, held.listener_id);
    this.rooms.tellQueuedAgain(pairId);
    const now = Date.now();
    this.pages.check(now);
    this.assigned(this.book.assignWaiting(now));
    await this.changed();
    return { ok: true };
  }

  /**
   * The visitor of a support conversation nobody holds wrote (its ChatRoom calls once per opening,
   * not per message): it joins the queue, or goes to a listener at once. `crisis`: the crisis-phrase
   * check fired on their words, which puts it first (the room also calls, once, for crisis words in
   * a held conversation: kept for the figures). Answers where it stands now, for the room to tell its
   * visitor at once (the same word also reaches it the usual way; the newer one wins).
   */
  async visitorWaiting(told: WaitingVisitor): Promise<DeskRoomUpdate> {
    const now = Date.now();
    // Only a language the site speaks is kept (the room passes on what its socket was told).
    const entry = { ...told, language: languageOf(told.language) };
    const row = this.book.conversation(entry.pairId);
    if (entry.crisis && row) {
      this.ledger.flagCrisis(entry.pairId);
      this.book.flagCrisis(entry.pairId);
    }
    // Already held: the room's word was behind, and learns where it stands again.
    if (row?.listener_id) {
      if (entry.crisis && row.crisis === 0) this.pages.refreshSoon();
      return this.rooms.standing(entry.pairId, now);
    }
    // Not on the desk until now: a new opening, from the time of the message that opened it.
    if (!row) this.ledger.opened(entry.pairId, entry.at, entry.crisis, entry.language);
    this.book.enqueue(entry);
    this.pages.check(now);
    this.assigned(this.book.assignWaiting(now));
    await this.changed();
    return this.rooms.standing(entry.pairId, now);
  }

  /**
   * A listener's first reply in an opening (its room tells once per opening): the visitor counts as
   * answered, and the inactivity clock starts.
   */
  async listenerReplied(pairId: string, listenerId: string, at: number): Promise<void> {
    // A conversation on the desk since before its openings were recorded gets one now: otherwise no
    // reply could ever count, and it could never be resolved.
    const row = this.book.conversation(pairId);
    if (row) this.ledger.opened(pairId, row.waiting_since, row.crisis === 1, row.language);
    if (!this.ledger.replied(pairId, listenerId, at)) return;
    // The desk pages show it answered: 'Mark resolved' may now be used.
    this.pages.refreshSoon();
    if (row?.listener_id !== listenerId) return;
    this.book.setQuietCheck(pairId, at + getConfig().desk.inactivityMs);
    await this.scheduleAlarm(Date.now());
  }

  /**
   * 'End conversation', by its visitor: off the desk at once (the listener's place is free), counted
   * as ended by the visitor; they are asked whether it helped. Writing again opens it again.
   */
  async visitorEnded(pairId: string): Promise<{ ok: true } | { refusal: "notOpen" }> {
    const row = this.book.remove(pairId);
    if (!row) return { refusal: "notOpen" };
    const now = Date.now();
    const told = this.endOpening(pairId, now, "visitor", joinedBy(row));
    this.pages.check(now);
    this.assigned(this.book.assignWaiting(now));
    await this.changed();
    // The page that asked shows the end (and the survey) as soon as it answers.
    await told;
    return { ok: true };
  }

  /**
   * Every session of a visitor ended. One still waiting for a first reply has left the line: off the
   * desk, counted as abandoned, and told when they come back. One already answered stays with its listener.
   */
  async visitorLeft(pairId: string): Promise<void> {
    const row = this.book.conversation(pairId);
    if (!row || this.ledger.answered(pairId)) return;
    this.book.remove(pairId);
    const now = Date.now();
    this.endOpening(pairId, now, "session", joinedBy(row));
    this.pages.check(now);
    this.assigned(this.book.assignWaiting(now));
    await this.changed();
  }

  /** The visitor's answer to 'Did this conversation help?' for an ended opening: once. */
  async answerSurvey(
    pairId: string,
    openingId: number,
    answer: { helpful: HelpfulAnswer; comment: string },
  ): Promise<{ ok: true } | { refusal: SurveyRefusal }> {
    const outcome = this.ledger.answerSurvey(pairId, openingId, answer, Date.now());
    if ("refusal" in outcome) return outcome;
    // Asked no more: the room's next word has no survey (unless a newer opening already moved on).
    if (!this.book.conversation(pairId)) await this.rooms.tellIdle(pairId);
    return outcome;
  }

  /**
   * The admin's message to the listener who holds a conversation: kept with its notes, and shown at
   * once on that listener's desk pages; never on any socket of the conversation itself.
   */
  async whisper(pairId: string, from: DeskActor, text: string): Promise<Outcome<{ ok: true }>> {
    if (!from.admin) return { refusal: DESK_TEXTS.notAssigned };
    const holder = this.book.conversation(pairId)?.listener_id;
    if (!holder) return { refusal: WHISPER_TEXTS.notHeld };
    const note = await chatRoom(pairId).addDeskNote({ authorName: from.name, kind: "whisper", text });
    for (const ws of this.openSockets(holder)) {
      if (!this.attachment(ws)?.ended) this.send(ws, { type: "whisper", pairId, note });
    }
    return { ok: true };
  }

  /** The desk's figures for a period, as the admin reads them (/admin/desk), days and hours in `timeZone`. */
  async figures(period: FigurePeriod, timeZone: string = UTC): Promise<DeskFigures> {
    const now = Date.now();
    this.ledger.prune(now);
    return this.ledger.figures(period, now, (id) => this.book.listener(id)?.name ?? FORMER_LISTENER, timeZone);
  }

  /** Whether anyone takes conversations now, for a visitor who has not written yet. */
  async listenersAvailable(): Promise<boolean> {
    if (this.pages.check(Date.now())) await this.changed();
    return this.book.anyoneAvailable();
  }

  /** The admin removed a listener: their conversations go back now, and the desk forgets them. */
  async forgetListener(listenerId: string): Promise<void> {
    await this.handBack(listenerId);
    this.book.forget(listenerId);
    this.closeSocketsOf(listenerId, CLOSE_CODES.withdrawn, "No longer a listener");
    await this.changed();
  }

  override async alarm(): Promise<void> {
    await this.tick(Date.now());
  }

  /**
   * The desk's clock, at `now` (the alarm's time; a test's scripted time): pages silent past their
   * deadline are gone; a listener gone for the whole grace is Away and their conversations go back;
   * a conversation given to someone who never opened it goes back to its place in line; one quiet
   * for the inactivity time after a listener's reply closes; openings past the retention go.
   */
  async tick(now: number): Promise<void> {
    let changed = this.pages.check(now);
    this.ledger.prune(now);
    if (await this.closeQuiet(now)) changed = true;
    const { handbackGraceMs, openDeadlineMs } = getConfig().desk;
    for (const listenerId of this.book.goneSince(now - handbackGraceMs)) {
      this.book.settleGone(listenerId);
      await this.handBack(listenerId, now);
      changed = true;
    }
    for (const row of this.book.unopenedSince(now - openDeadlineMs)) {
      if (!row.listener_id || !this.book.lapse(row.pair_id, row.listener_id)) continue;
      this.rooms.tellQueuedAgain(row.pair_id);
      changed = true;
    }
    const made = this.book.assignWaiting(now);
    this.assigned(made);
    // A page that pinged in time changes nothing: only the alarm moves on.
    if (changed || made.length > 0) await this.changed(now);
    else await this.scheduleAlarm(now);
  }

  /**
   * The conversations a listener held go back: those whose visitor waits for a reply to the queue,
   * oldest first (each keeps the time of the visitor's unanswered message); the others leave the
   * desk until the visitor writes again. Each room says whether its visitor waits.
   */
  private async handBack(listenerId: string, now = Date.now()): Promise<void> {
    const held = this.book.heldBy(listenerId);
    const waits = await Promise.all(
      held.map((row) =>
        chatRoom(row.pair_id)
          .deskWaitingSince()
          .catch(() => row.waiting_since),
      ),
    );
    held.forEach((row, index) => {
      const outcome = this.book.handBack(row.pair_id, listenerId, waits[index] ?? null);
      if (outcome === "closed") {
        this.ledger.ended(row.pair_id, now, "returned", listenerId);
        this.rooms.tellIdle(row.pair_id);
      }
      if (outcome === "queued") this.rooms.tellQueuedAgain(row.pair_id);
    });
    this.pages.check(now);
    this.assigned(this.book.assignWaiting(now));
  }

  /** An outcome of the book: a refusal as its text, or the assignment made, told and answered. */
  private async answer<T>(outcome: Assignment | Refusal, result: (made: Assignment) => T): Promise<Outcome<T>> {
    if ("refusal" in outcome) return { refusal: DESK_TEXTS[outcome.refusal] };
    this.assigned([outcome]);
    await this.changed();
    return result(outcome);
  }

  /**
   * Each conversation just assigned: its room learns who may write in it. Taken from the line
   * (every assignment but a transfer), it sets the pace the wait is estimated from.
   */
  private assigned(made: Assignment[], fromLine = true): void {
    if (fromLine && made.length > 0) {
      const present = this.book.presentCount();
      for (const _ of made) this.ledger.assigned(Date.now(), present, WAIT_ESTIMATE_SAMPLES);
    }
    for (const { pairId, listenerId } of made) this.rooms.tellAssigned(pairId, listenerId);
  }

  /** The wait now: about how many minutes at each place in line, from the recent pace and who is there. */
  private waitEstimate(now: number): (position: number) => number | null {
    const recent = this.ledger.assignmentsSince(now - WAIT_ESTIMATE_WINDOW_MS);
    const present = this.book.presentCount();
    return (position) => waitEstimateMinutes(position, present, recent);
  }

  /** An opening ended: counted, and its visitor told how (and asked about it, unless they just left). */
  private endOpening(pairId: string, now: number, how: DeskEndKind, by: string | null = null, wrapUp?: WrapUp) {
    const openingId = this.ledger.ended(pairId, now, how satisfies EndedHow, by, wrapUp ?? null);
    return this.rooms.tellIdle(pairId, { at: now, how, survey: how === "session" ? null : openingId });
  }

  /**
   * The inactivity clock: each held conversation due a check asks its room how long it has been
   * quiet; quiet since a listener's reply for the whole time, it closes (the holder's place is free,
   * the visitor told and asked); otherwise its next check is set. Answers whether any closed.
   */
  private async closeQuiet(now: number): Promise<boolean> {
    const { inactivityMs } = getConfig().desk;
    const due = this.book.quietDue(now);
    const quiet = await Promise.all(
      due.map((row) =>
        chatRoom(row.pair_id)
          .deskQuiet()
          .catch(() => null),
      ),
    );
    let closed = false;
    due.forEach((row, index) => {
      // The desk may have moved it while the rooms answered.
      if (this.book.conversation(row.pair_id)?.listener_id !== row.listener_id) return;
      const state = quiet[index];
      if (state?.supportSpokeLast && state.at + inactivityMs <= now) {
        this.book.remove(row.pair_id);
        this.endOpening(row.pair_id, now, "inactive", row.listener_id);
        closed = true;
        return;
      }
      // The visitor spoke last (a listener's reply is due, not theirs): asked again a whole time later.
      this.book.setQuietCheck(row.pair_id, state?.supportSpokeLast ? state.at + inactivityMs : now + inactivityMs);
    });
    return closed;
  }

  /** Something changed: the places in line, the desk pages, and the desk's alarm follow. */
  private async changed(now = Date.now()): Promise<void> {
    this.rooms.placesChanged();
    this.pages.refreshSoon();
    await this.scheduleAlarm(now);
  }

  /**
   * The alarm is due at the first of: a gone listener's grace ending, an unopened assignment's
   * deadline, a present listener's page passing its deadline (a live page keeps pushing it on).
   */
  private async scheduleAlarm(now: number): Promise<void> {
    const { handbackGraceMs, openDeadlineMs } = getConfig().desk;
    const gone = this.book.earliestGone();
    const unopened = this.book.earliestUnopened();
    const candidates = [
      gone === null ? null : gone + handbackGraceMs,
      unopened === null ? null : unopened + openDeadlineMs,
      this.pages.nextDeadline(),
      this.book.earliestQuietCheck(),
    ].filter((at): at is number => at !== null);
    const due = candidates.length === 0 ? null : Math.max(now, Math.min(...candidates));
    const current = await this.ctx.storage.getAlarm();
    if (due === null) {
      if (current !== null) await this.ctx.storage.deleteAlarm();
    } else if (current !== due) {
      await this.ctx.storage.setAlarm(due);
    }
  }

  /** The open desk sockets with their attachments, none whose session ended. */
  private liveSockets(): { ws: WebSocket; socket: Readonly<DeskSocket> }[] {
    return this.openSockets().flatMap((ws) => {
      const socket = this.attachment(ws);
      return socket && !socket.ended ? [{ ws, socket }] : [];
    });
  }

  /** Closes one user's desk sockets. */
  private closeSocketsOf(userId: string, code: number, reason: string): void {
    for (const ws of this.openSockets(userId)) {
      try {
        ws.close(code, reason);
      } catch {
        // Already closing.
      }
    }
  }
}

/** The languages the site speaks among `codes` (from a header, or an RPC's caller). */
function languagesOf(codes: readonly string[]): Language[] {
  return codes.flatMap((code) => languageOf(code) ?? []);
}

/**
 * The listener a visitor leaves when they end a conversation or sign out: its holder once they had
 * opened it (the visitor had read that a listener joined), else nobody (they left the line).
 */
function joinedBy(row: ConversationRow): string | null {
  return row.opened_at !== null ? row.listener_id : null;
}
