import { DESK_TEXTS, DeskClientFrameSchema, type DeskServerFrame, type DeskSnapshot } from "~/shared/desk";
import {
  type DeskFigures,
  type FigurePeriod,
  type HelpfulAnswer,
  type SurveyRefusal,
  WAIT_ESTIMATE_WINDOW_MS,
  WHISPER_TEXTS,
  type WrapUp,
} from "~/shared/desk-operations";
import { type Language, languageOf } from "~/shared/languages";
import { CLOSE_CODES } from "~/shared/socket-protocol";
import { UTC } from "~/shared/time-zones";
import type { SessionEnd } from "../auth/end-sessions";
import type { DeskRoomUpdate } from "../chat/desk-link";
import { getConfig } from "../config";
import { chatRoom } from "../objects/room-service";
import { DESK_SOCKET_ROOM, deskUpgradeFrom } from "../sockets/desk-upgrade-headers";
import { SocketAdmissions } from "../sockets/socket-admissions";
import { SocketObject } from "../sockets/socket-object";
import { endedSessionResponse } from "../sockets/socket-session";
import { notAnUpgradeResponse, vouchedUpgrade } from "../sockets/upgrade-headers";
import { type Assignment, DeskBook, type Refusal, type WaitingVisitor } from "./desk-book";
import { DeskClock } from "./desk-clock";
import { DeskLedger } from "./desk-ledger";
import { DeskPages, type DeskSocket } from "./desk-pages";
import { DeskProbes } from "./desk-probes";
import { type ConversationRow, DESK_MIGRATIONS } from "./desk-tables";
import { DeskViews } from "./desk-views";
import { RoomNotices } from "./room-notices";
import { waitEstimateMinutes } from "./wait-estimate";

/**
 * Someone acting on the desk, as the Worker vouches for them (a listener, or the admin), with the
 * alias a visitor reads when they join, and the languages they answer in (undefined: not looked up).
 */
export type DeskActor = { id: string; name: string; admin: boolean; alias?: string | null; languages?: Language[] };

type Outcome<T> = T | { refusal: string };

/** A listener the desk no longer knows (the admin removed them), as the figures name them. */
const FORMER_LISTENER = "Former listener";

/**
 * The support desk: the line of support conversations waiting for a listener, who is present and
 * how much they hold, and every assignment. One object, so an assignment is decided and written in
 * one step: no conversation is ever given to two listeners. It takes only the desk's transitions,
 * never a message, and every one ends with the clock's rebalance step (./desk-clock.ts). Its words
 * are docs/desk-glossary.md's; where it lives, docs/architecture.md, "The support desk".
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
  private readonly probes = new DeskProbes(this.sql);
  private readonly clock = new DeskClock({
    storage: this.ctx.storage,
    book: this.book,
    pages: this.pages,
    probes: this.probes,
    ledger: this.ledger,
    rooms: this.rooms,
  });
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
    const socket = { userId, admin: desk.admin, openedAt: Date.now(), socketId: crypto.randomUUID(), ...session };
    const admitted = await this.admissions.admit(userId, DESK_SOCKET_ROOM, session, () =>
      this.acceptSocket(socket, [userId]),
    );
    if ("ended" in admitted) return endedSessionResponse(admitted.ended);
    // Back within the grace (a reload, a network blip): nothing was handed back.
    this.book.markBack(userId);
    await this.clock.rebalance(Date.now());
    this.send(admitted.opened.socket, { type: "desk-state", desk: this.views.of(userId, desk.admin) });
    return admitted.opened.response;
  }

  /** The desk socket takes one frame, a probe's answer; writes are the pages' forms (route actions). */
  override async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    const socket = this.attachment(ws);
    if (!socket || socket.ended) return;
    const frame = typeof message === "string" ? DeskClientFrameSchema.safeParse(safeJson(message)) : null;
    if (!frame?.success) return this.send(ws, { type: "error", message: DESK_TEXTS.socketOnly });
    const now = Date.now();
    const listenerId = socket.socketId ? this.probes.answered(frame.data.nonce, socket.socketId) : null;
    if (listenerId !== socket.userId) return;
    this.pages.answeredProbe(ws, now);
    await this.clock.probeAnswered(listenerId, now);
  }

  /** A desk page closed: with none of theirs left there, nothing new is offered and the grace starts. */
  protected override async socketClosed(ws: WebSocket): Promise<void> {
    const socket = this.attachment(ws);
    if (!socket) return;
    this.admissions.leaveIfGone(socket.userId, ws);
    if (this.pages.there(Date.now(), ws).has(socket.userId)) return;
    this.book.markGone(socket.userId, Date.now());
    await this.clock.rebalance(Date.now());
  }

  /** A session of a listener ended: its desk sockets close; with none left, they are away. */
  async endSessions(userId: string, end: SessionEnd): Promise<number> {
    this.closeEndedSessions(end, this.openSockets(userId));
    const remaining = this.openSockets(userId).filter((ws) => !this.attachment(ws)?.ended).length;
    if (remaining === 0 && this.book.listener(userId)) {
      this.book.setAvailable(userId, false, Date.now());
      await this.clock.rebalance(Date.now());
    }
    return remaining;
  }

  /** The desk as one listener sees it. */
  async snapshot(listenerId: string, admin: boolean): Promise<DeskSnapshot> {
    return this.views.of(listenerId, admin);
  }

  /** Whether `actor` may open a conversation on the desk; `opening`: the holder's socket opens it now. */
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

  /** 'Available' / 'Away'. Marked Available with no desk page there, they are gone from the start. */
  async setAvailability(actor: DeskActor, available: boolean): Promise<void> {
    this.book.know(actor);
    this.book.setAvailable(actor.id, available, Date.now());
    await this.clock.rebalance(Date.now());
  }

  /** The admin changed a listener's alias: the next visitor they join reads the new one. */
  async renameListener(listener: { id: string; name: string; alias: string | null }): Promise<void> {
    this.book.know(listener);
  }

  /** The admin changed the languages a listener answers in. */
  async setListenerLanguages(listener: { id: string; name: string; languages: Language[] }): Promise<void> {
    const languages = languagesOf(listener.languages);
    if (languages.length === 0) return;
    this.book.know({ id: listener.id, name: listener.name, languages });
    await this.clock.rebalance(Date.now());
  }

  /** The holder opened the conversation (its room saw their socket or message): its visitor reads they joined. */
  async listenerOpened(pairId: string, listenerId: string, at: number): Promise<void> {
    if (!this.book.markOpened(pairId, listenerId, at)) return;
    this.rooms.tellAssigned(pairId, listenerId);
    await this.clock.rebalance(Date.now());
  }

  /** 'Take next': the head of the line, if the listener has room. */
  async takeNext(actor: DeskActor): Promise<Outcome<{ pairId: string; visitorId: string }>> {
    this.book.know(actor);
    const outcome = this.book.takeNext(actor.id, Date.now());
    return this.answer(outcome, (made) => ({ pairId: made.pairId, visitorId: made.visitorId }));
  }

  /** 'Take': one conversation in line, from its page on the desk. */
  async take(pairId: string, actor: DeskActor): Promise<Outcome<{ visitorId: string }>> {
    this.book.know(actor);
    const outcome = this.book.take(pairId, actor.id, Date.now());
    return this.answer(outcome, (made) => ({ visitorId: made.visitorId }));
  }

  /** Hands a held conversation to another present listener with room; the note stays on the desk. */
  async transfer(pairId: string, from: DeskActor, toId: string, note: string | null): Promise<Outcome<{ ok: true }>> {
    this.pages.check(Date.now());
    const outcome = this.book.transfer(pairId, from.admin ? null : from.id, toId, Date.now());
    if ("refusal" in outcome) return { refusal: DESK_TEXTS[outcome.refusal] };
    if (note) await chatRoom(pairId).addDeskNote({ authorName: from.name, kind: "transfer", text: note });
    this.clock.assigned([outcome], false);
    await this.clock.rebalance(Date.now());
    return { ok: true };
  }

  /** 'Mark resolved', with the wrap-up (for the figures only); never on a visitor nobody answered. */
  async resolve(pairId: string, by: DeskActor, wrapUp: WrapUp): Promise<Outcome<{ ok: true }>> {
    const held = this.book.heldFor(pairId, by.admin ? null : by.id);
    if ("refusal" in held) return { refusal: DESK_TEXTS[held.refusal] };
    if (!this.ledger.answered(pairId)) return { refusal: DESK_TEXTS.notAnswered };
    this.book.remove(pairId);
    this.clock.endOpening(pairId, Date.now(), "resolved", by.id, wrapUp);
    await this.clock.rebalance(Date.now());
    return { ok: true };
  }

  /** 'Return to line', before anyone replied: back to its place, not offered to them again at once. */
  async returnToLine(pairId: string, by: DeskActor): Promise<Outcome<{ ok: true }>> {
    const held = this.book.heldFor(pairId, by.admin ? null : by.id);
    if ("refusal" in held) return { refusal: DESK_TEXTS[held.refusal] };
    if (this.ledger.answered(pairId)) return { refusal: DESK_TEXTS.alreadyAnswered };
    this.book.returnToLine(pairId, held.listener_id);
    this.rooms.tellQueuedAgain(pairId);
    await this.clock.rebalance(Date.now());
    return { ok: true };
  }

  /**
   * The visitor of a conversation nobody holds wrote (once per opening; again for crisis words): it
   * joins the line. Answers where it stands now, for the room to tell its visitor at once.
   */
  async visitorWaiting(told: WaitingVisitor): Promise<DeskRoomUpdate> {
    const now = Date.now();
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
    if (!row) this.ledger.opened(entry.pairId, entry.at, entry.crisis, entry.language);
    this.book.enqueue(entry);
    await this.clock.rebalance(now);
    return this.rooms.standing(entry.pairId, now);
  }

  /** A listener's first reply in an opening: answered (it may be resolved), and quiet close is clocked. */
  async listenerReplied(pairId: string, listenerId: string, at: number): Promise<void> {
    // A conversation on the desk from before openings were recorded gets one now, or it could never be resolved.
    const row = this.book.conversation(pairId);
    if (row) this.ledger.opened(pairId, row.waiting_since, row.crisis === 1, row.language);
    if (!this.ledger.replied(pairId, listenerId, at)) return;
    // The desk pages show it answered: 'Mark resolved' may now be used.
    this.pages.refreshSoon();
    if (row?.listener_id === listenerId) this.book.setQuietCheck(pairId, at + getConfig().desk.quietCloseMs);
    await this.clock.rebalance(Date.now(), false);
  }

  /** 'End conversation', by its visitor: off the desk at once; asked whether it helped. */
  async visitorEnded(pairId: string): Promise<{ ok: true } | { refusal: "notOpen" }> {
    const row = this.book.remove(pairId);
    if (!row) return { refusal: "notOpen" };
    const told = this.clock.endOpening(pairId, Date.now(), "visitor", joinedBy(row));
    await this.clock.rebalance(Date.now());
    // The page that asked shows the end (and the survey) as soon as it answers.
    await told;
    return { ok: true };
  }

  /** Every session of a visitor ended: one still waiting for a first reply has left the line. */
  async visitorLeft(pairId: string): Promise<void> {
    const row = this.book.conversation(pairId);
    if (!row || this.ledger.answered(pairId)) return;
    this.book.remove(pairId);
    this.clock.endOpening(pairId, Date.now(), "session", joinedBy(row));
    await this.clock.rebalance(Date.now());
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

  /** The admin's whisper to a conversation's holder: kept with its notes, shown on the holder's desk pages only. */
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
    if (this.pages.check(Date.now())) await this.clock.rebalance(Date.now());
    return this.book.anyoneAvailable();
  }

  /** The admin removed a listener: their conversations go back now, and the desk forgets them. */
  async forgetListener(listenerId: string): Promise<void> {
    await this.clock.handBack(listenerId);
    this.book.forget(listenerId);
    this.probes.forget(listenerId);
    for (const ws of this.openSockets(listenerId)) closeQuietly(ws, CLOSE_CODES.withdrawn, "No longer a listener");
    await this.clock.rebalance(Date.now());
  }

  override async alarm(): Promise<void> {
    await this.clock.tick(Date.now());
  }

  /** The desk's clock at `now` (the alarm's time; a test's scripted time). */
  async tick(now: number): Promise<void> {
    await this.clock.tick(now);
  }

  /** An outcome of the book: a refusal as its text, or the assignment made, told and answered. */
  private async answer<T>(outcome: Assignment | Refusal, result: (made: Assignment) => T): Promise<Outcome<T>> {
    if ("refusal" in outcome) return { refusal: DESK_TEXTS[outcome.refusal] };
    this.clock.assigned([outcome]);
    await this.clock.rebalance(Date.now());
    return result(outcome);
  }

  /** The wait now: about how many minutes at each place in line, from the recent pace and who is there. */
  private waitEstimate(now: number): (position: number) => number | null {
    const recent = this.ledger.assignmentsSince(now - WAIT_ESTIMATE_WINDOW_MS);
    const present = this.book.presentCount();
    return (position) => waitEstimateMinutes(position, present, recent);
  }

  /** The open desk sockets with their attachments, none whose session ended. */
  private liveSockets(): { ws: WebSocket; socket: Readonly<DeskSocket> }[] {
    return this.openSockets().flatMap((ws) => {
      const socket = this.attachment(ws);
      return socket && !socket.ended ? [{ ws, socket }] : [];
    });
  }
}

/** The languages the site speaks among `codes` (from a header, or an RPC's caller). */
function languagesOf(codes: readonly string[]): Language[] {
  return codes.flatMap((code) => languageOf(code) ?? []);
}

/** The listener a visitor leaves when they end or sign out: its holder once they had opened it, else nobody. */
function joinedBy(row: ConversationRow): string | null {
  return row.opened_at !== null ? row.listener_id : null;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function closeQuietly(ws: WebSocket, code: number, reason: string): void {
  try {
    ws.close(code, reason);
  } catch {
    // Already closing.
  }
}
