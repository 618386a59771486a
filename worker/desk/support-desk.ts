import { DESK_TEXTS, DeskClientFrameSchema, type DeskServerFrame, type DeskSnapshot } from "~/shared/desk";
import {
  type DeskFigures,
  type FigurePeriod,
  type HelpfulAnswer,
  type SurveyRefusal,
  WHISPER_TEXTS,
  type WrapUp,
} from "~/shared/desk-operations";
import { type Language, languageOf } from "~/shared/languages";
import { CLOSE_CODES } from "~/shared/socket-protocol";
import { UTC } from "~/shared/time-zones";
import type { SessionEnd } from "../auth/end-sessions";
import type { DeskRoomUpdate } from "../chat/desk-link";
import { chatRoom } from "../objects/room-service";
import { DESK_SOCKET_ROOM, deskUpgradeFrom } from "../sockets/desk-upgrade-headers";
import { SocketAdmissions } from "../sockets/socket-admissions";
import { SocketObject } from "../sockets/socket-object";
import { endedSessionResponse } from "../sockets/socket-session";
import { notAnUpgradeResponse, vouchedUpgrade } from "../sockets/upgrade-headers";
import type { WaitingVisitor } from "./desk-book";
import type { DeskSocket } from "./desk-pages";
import { deskParts } from "./desk-parts";
import { DESK_MIGRATIONS } from "./desk-tables";
import type { Outcome } from "./desk-transitions";

/** As the Worker vouches for them; `languages` undefined: not looked up. */
export type DeskActor = { id: string; name: string; admin: boolean; alias?: string | null; languages?: Language[] };

const FORMER_LISTENER = "Former listener";

/**
 * One object, so an assignment is decided and written in one step: no conversation is ever given to two listeners.
 * It takes only the desk's transitions, never a message (docs/architecture.md, "The support desk").
 */
export class SupportDesk extends SocketObject<DeskSocket, DeskServerFrame> {
  private readonly parts = deskParts(this.ctx, this.sql, {
    sockets: () => this.liveSockets(),
    sendPayload: (ws, payload) => this.sendPayload(ws, payload),
  });
  private readonly admissions = new SocketAdmissions({
    pairId: () => DESK_SOCKET_ROOM,
    openSockets: (userId) => this.openSockets(userId),
    waitUntil: (promise) => this.ctx.waitUntil(promise),
  });

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env, DESK_MIGRATIONS);
  }

  /** Forwarded by the Worker after it checked the session and the role. */
  override async fetch(request: Request): Promise<Response> {
    const upgrade = vouchedUpgrade(request);
    const desk = deskUpgradeFrom(request.headers);
    if (!upgrade || !desk) return notAnUpgradeResponse();
    const { userId, session } = upgrade;
    this.parts.book.know({
      id: userId,
      name: desk.userName,
      alias: desk.alias,
      languages: languagesOf(desk.languages),
    });
    const socket = { userId, admin: desk.admin, openedAt: Date.now(), socketId: crypto.randomUUID(), ...session };
    const admitted = await this.admissions.admit(userId, DESK_SOCKET_ROOM, session, () =>
      this.acceptSocket(socket, [userId]),
    );
    if ("ended" in admitted) return endedSessionResponse(admitted.ended);
    // Back within the grace (a reload, a network blip): nothing was handed back.
    this.parts.book.markBack(userId);
    await this.parts.clock.rebalance(Date.now());
    this.send(admitted.opened.socket, { type: "desk-state", desk: this.parts.views.of(userId, desk.admin) });
    return admitted.opened.response;
  }

  /** The one frame a desk socket sends is a probe's answer; writes are the pages' forms. */
  override async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    const socket = this.attachment(ws);
    if (!socket || socket.ended) return;
    const frame = typeof message === "string" ? DeskClientFrameSchema.safeParse(safeJson(message)) : null;
    if (!frame?.success) return this.send(ws, { type: "error", message: DESK_TEXTS.socketOnly });
    const now = Date.now();
    const answer = socket.socketId ? this.parts.probes.answered(frame.data.nonce, socket.socketId) : null;
    if (!answer || answer.listenerId !== socket.userId) return;
    this.parts.pages.answeredProbe(ws, now);
    // Late (a busy desk, a slow network): nothing is given, but the page spoke, so they are back.
    if (answer.late) await this.parts.clock.rebalance(now);
    else await this.parts.clock.probeAnswered(answer.listenerId, now);
  }

  protected override async socketClosed(ws: WebSocket): Promise<void> {
    const socket = this.attachment(ws);
    if (!socket) return;
    this.admissions.leaveIfGone(socket.userId, ws);
    if (this.parts.pages.there(Date.now(), ws).has(socket.userId)) return;
    this.parts.book.markGone(socket.userId, Date.now());
    await this.parts.clock.rebalance(Date.now());
  }

  async endSessions(userId: string, end: SessionEnd): Promise<number> {
    this.closeEndedSessions(end, this.openSockets(userId));
    const remaining = this.openSockets(userId).filter((ws) => !this.attachment(ws)?.ended).length;
    if (remaining === 0 && this.parts.book.listener(userId)) {
      this.parts.book.setAvailable(userId, false, Date.now());
      await this.parts.clock.rebalance(Date.now());
    }
    return remaining;
  }

  async snapshot(listenerId: string, admin: boolean): Promise<DeskSnapshot> {
    return this.parts.views.of(listenerId, admin);
  }

  /** `opening`: the holder's socket opens it now. */
  async accessOf(
    pairId: string,
    actor: Pick<DeskActor, "id" | "admin">,
    opening = false,
  ): Promise<"assigned" | "queued" | "admin" | null> {
    const row = this.parts.book.conversation(pairId);
    if (row?.listener_id === actor.id) {
      if (opening) await this.listenerOpened(pairId, actor.id, Date.now());
      return "assigned";
    }
    if (row && row.listener_id === null) return "queued";
    return actor.admin ? "admin" : null;
  }

  /** Marked Available with no desk page there, they are gone from the start. */
  async setAvailability(actor: DeskActor, available: boolean): Promise<void> {
    this.parts.book.know(actor);
    this.parts.book.setAvailable(actor.id, available, Date.now());
    await this.parts.clock.rebalance(Date.now());
  }

  async renameListener(listener: { id: string; name: string; alias: string | null }): Promise<void> {
    this.parts.book.know(listener);
  }

  async setListenerLanguages(listener: { id: string; name: string; languages: Language[] }): Promise<void> {
    const languages = languagesOf(listener.languages);
    if (languages.length === 0) return;
    this.parts.book.know({ id: listener.id, name: listener.name, languages });
    await this.parts.clock.rebalance(Date.now());
  }

  async listenerOpened(pairId: string, listenerId: string, at: number): Promise<void> {
    if (!this.parts.book.markOpened(pairId, listenerId, at)) return;
    this.parts.rooms.tellAssigned(pairId, listenerId);
    await this.parts.clock.rebalance(Date.now());
  }

  async takeNext(actor: DeskActor): Promise<Outcome<{ pairId: string; visitorId: string }>> {
    this.parts.book.know(actor);
    const outcome = this.parts.book.takeNext(actor.id, Date.now());
    return this.parts.transitions.taken(outcome, (made) => ({ pairId: made.pairId, visitorId: made.visitorId }));
  }

  async take(pairId: string, actor: DeskActor): Promise<Outcome<{ visitorId: string }>> {
    this.parts.book.know(actor);
    return this.parts.transitions.taken(this.parts.book.take(pairId, actor.id, Date.now()), (made) => ({
      visitorId: made.visitorId,
    }));
  }

  /** The note stays on the desk. */
  transfer(pairId: string, from: DeskActor, toId: string, note: string | null): Promise<Outcome<{ ok: true }>> {
    return this.parts.transitions.transfer(pairId, from, toId, note);
  }

  /** The wrap-up is for the figures only. */
  resolve(pairId: string, by: DeskActor, wrapUp: WrapUp): Promise<Outcome<{ ok: true }>> {
    return this.parts.transitions.resolve(pairId, by, wrapUp);
  }

  returnToLine(pairId: string, by: DeskActor): Promise<Outcome<{ ok: true }>> {
    return this.parts.transitions.returnToLine(pairId, by);
  }

  /** Its room calls once per opening. */
  visitorWaiting(told: WaitingVisitor): Promise<DeskRoomUpdate> {
    return this.parts.transitions.visitorWaiting(told);
  }

  listenerReplied(pairId: string, listenerId: string, at: number): Promise<void> {
    return this.parts.transitions.listenerReplied(pairId, listenerId, at);
  }

  visitorEnded(pairId: string): Promise<{ ok: true } | { refusal: "notOpen" }> {
    return this.parts.transitions.visitorEnded(pairId);
  }

  visitorLeft(pairId: string): Promise<void> {
    return this.parts.transitions.visitorLeft(pairId);
  }

  answerSurvey(
    pairId: string,
    openingId: number,
    answer: { helpful: HelpfulAnswer; comment: string },
  ): Promise<{ ok: true } | { refusal: SurveyRefusal }> {
    return this.parts.transitions.answerSurvey(pairId, openingId, answer);
  }

  /** Shown on the holder's desk pages only. */
  async whisper(pairId: string, from: DeskActor, text: string): Promise<Outcome<{ ok: true }>> {
    if (!from.admin) return { refusal: DESK_TEXTS.notAssigned };
    const holder = this.parts.book.conversation(pairId)?.listener_id;
    if (!holder) return { refusal: WHISPER_TEXTS.notHeld };
    const note = await chatRoom(pairId).addDeskNote({ authorName: from.name, kind: "whisper", text });
    for (const ws of this.openSockets(holder)) {
      if (!this.attachment(ws)?.ended) this.send(ws, { type: "whisper", pairId, note });
    }
    return { ok: true };
  }

  async figures(period: FigurePeriod, timeZone: string = UTC): Promise<DeskFigures> {
    const now = Date.now();
    this.parts.ledger.prune(now);
    const nameOf = (id: string) => this.parts.book.listener(id)?.name ?? FORMER_LISTENER;
    return this.parts.ledger.figures(period, now, nameOf, timeZone);
  }

  /** For a visitor who has not written yet. */
  async listenersAvailable(): Promise<boolean> {
    if (this.parts.pages.check(Date.now())) await this.parts.clock.rebalance(Date.now());
    return this.parts.book.anyoneAvailable();
  }

  async forgetListener(listenerId: string): Promise<void> {
    await this.parts.clock.handBack(listenerId);
    this.parts.book.forget(listenerId);
    this.parts.probes.forget(listenerId);
    for (const ws of this.openSockets(listenerId)) closeQuietly(ws, CLOSE_CODES.withdrawn, "No longer a listener");
    await this.parts.clock.rebalance(Date.now());
  }

  override async alarm(): Promise<void> {
    await this.parts.clock.tick(Date.now());
  }

  /** The alarm's time, or a test's scripted time. */
  async tick(now: number): Promise<void> {
    await this.parts.clock.tick(now);
  }

  private liveSockets(): { ws: WebSocket; socket: Readonly<DeskSocket> }[] {
    return this.openSockets().flatMap((ws) => {
      const socket = this.attachment(ws);
      return socket && !socket.ended ? [{ ws, socket }] : [];
    });
  }
}

function languagesOf(codes: readonly string[]): Language[] {
  return codes.flatMap((code) => languageOf(code) ?? []);
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
