import { DurableObject } from "cloudflare:workers";
import type { SessionEnd } from "../auth/end-sessions";
import { completeClosingHandshake } from "./closing-handshake";
import { Meta } from "./meta";
import { type Migration, runMigrations } from "./migrations";
import { setSocketAttachment, socketAttachment } from "./socket-attachment";
import { type ConfirmSession, closeEndedSocket, endCovers, frameAllowed, type SocketSession } from "./socket-session";

/**
 * What the app's Durable Objects with hibernatable sockets (ChatRoom, UserInbox) share, written
 * once: "ping" answered by the runtime without waking the object, the `meta` table and the schema
 * migrations run at start, sockets accepted with an attachment (who they belong to, the session they
 * were opened with) kept in memory once read, safe sends and broadcasts, the session gate on every
 * frame and the closing handshake. What each object does with its sockets is its own.
 */
export abstract class SocketObject<Attachment extends Partial<SocketSession>, Frame> extends DurableObject<Env> {
  protected readonly sql: SqlStorage;
  protected readonly meta: Meta;

  /** `migrations`: the object's schema steps, in order, only ever appended (./migrations.ts). */
  constructor(ctx: DurableObjectState, env: Env, migrations: readonly Migration[]) {
    super(ctx, env);
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair("ping", "pong"));
    this.sql = ctx.storage.sql;
    this.meta = new Meta(this.sql);
    runMigrations(this.sql, migrations);
  }

  /**
   * Accepts the server end of a new socket with its attachment (and tags, to find a user's sockets
   * by); the caller answers the upgrade with `response`.
   */
  protected acceptSocket(attachment: Attachment, tags?: string[]): { socket: WebSocket; response: Response } {
    const { 0: client, 1: server } = new WebSocketPair();
    this.ctx.acceptWebSocket(server, tags);
    setSocketAttachment(server, attachment);
    return { socket: server, response: new Response(null, { status: 101, webSocket: client }) };
  }

  protected attachment(ws: WebSocket): Readonly<Attachment> | null {
    return socketAttachment<Attachment>(ws);
  }

  protected setAttachment(ws: WebSocket, attachment: Attachment): void {
    setSocketAttachment(ws, attachment);
  }

  /** The open sockets of the object, or of those tagged `tag`. */
  protected openSockets(tag?: string): WebSocket[] {
    return this.ctx.getWebSockets(tag).filter((ws) => ws.readyState === WebSocket.OPEN);
  }

  protected send(ws: WebSocket, frame: Frame): void {
    this.sendPayload(ws, JSON.stringify(frame));
  }

  /** Sends one serialized frame; a socket that closed meanwhile is skipped (a reconnect catches up). */
  protected sendPayload(ws: WebSocket, payload: string): void {
    try {
      ws.send(payload);
    } catch {
      // Closed meanwhile.
    }
  }

  /** One frame to every open socket, serialized once. */
  protected broadcast(frame: Frame, except?: { tag?: string | null; socket?: WebSocket }): void {
    this.broadcastPayload(JSON.stringify(frame), except);
  }

  /** A serialized frame to every open socket, except `socket` and those tagged `tag`. */
  protected broadcastPayload(payload: string, except: { tag?: string | null; socket?: WebSocket } = {}): void {
    for (const socket of this.ctx.getWebSockets()) {
      if (socket === except.socket || socket.readyState !== WebSocket.OPEN) continue;
      if (except.tag && this.ctx.getTags(socket).includes(except.tag)) continue;
      this.sendPayload(socket, payload);
    }
  }

  /** Closes every open socket with `code` and `reason` (one already closing is passed by). */
  protected closeSockets(code: number, reason: string): void {
    for (const ws of this.openSockets()) {
      try {
        ws.close(code, reason);
      } catch {
        // Already closing.
      }
    }
  }

  /**
   * Whether a socket's frame may be processed: never after its session ended; past its idle
   * deadline once `confirm` (the user's inbox) says the session lives on (./socket-session.ts).
   */
  protected frameAllowed(ws: WebSocket, attachment: Attachment, confirm: ConfirmSession): Promise<boolean> {
    return frameAllowed(ws, attachment, confirm);
  }

  /**
   * A session's end: each of these sockets it covers is marked ended (nothing it sends afterwards
   * is processed) and closed with the reason the page acts on.
   */
  protected closeEndedSessions(end: SessionEnd, sockets: WebSocket[]): void {
    for (const ws of sockets) {
      const attachment = this.attachment(ws);
      if (!attachment || attachment.ended || !endCovers(end, attachment)) continue;
      this.setAttachment(ws, { ...attachment, ended: end.reason });
      closeEndedSocket(ws, end.reason);
    }
  }

  /** Answers a close the browser started, then lets the object react to the socket's leaving. */
  override async webSocketClose(ws: WebSocket, code: number): Promise<void> {
    completeClosingHandshake(ws, code);
    await this.socketClosed(ws);
  }

  /** A socket closed; by default nothing follows. */
  protected socketClosed(_ws: WebSocket): void | Promise<void> {}
}
