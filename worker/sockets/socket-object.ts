import { DurableObject } from "cloudflare:workers";
import type { SessionEnd } from "../auth/end-sessions";
import { completeClosingHandshake } from "./closing-handshake";
import { Meta } from "./meta";
import { type Migration, runMigrations } from "./migrations";
import { setSocketAttachment, socketAttachment } from "./socket-attachment";
import { type ConfirmSession, closeEndedSocket, endCovers, frameAllowed, type SocketSession } from "./socket-session";

/**
 * Shared by the Durable Objects with hibernatable sockets: pings answered by the runtime, the meta
 * table and migrations, cached attachments, safe sends, the session gate on every frame.
 */
export abstract class SocketObject<Attachment extends Partial<SocketSession>, Frame> extends DurableObject<Env> {
  protected readonly sql: SqlStorage;
  protected readonly meta: Meta;

  constructor(ctx: DurableObjectState, env: Env, migrations: readonly Migration[]) {
    super(ctx, env);
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair("ping", "pong"));
    this.sql = ctx.storage.sql;
    this.meta = new Meta(this.sql);
    runMigrations(this.sql, migrations);
  }

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

  protected openSockets(tag?: string): WebSocket[] {
    return this.ctx.getWebSockets(tag).filter((ws) => ws.readyState === WebSocket.OPEN);
  }

  protected send(ws: WebSocket, frame: Frame): void {
    this.sendPayload(ws, JSON.stringify(frame));
  }

  /** A socket that closed meanwhile is skipped: a reconnect catches up. */
  protected sendPayload(ws: WebSocket, payload: string): void {
    try {
      ws.send(payload);
    } catch {
      // Closed meanwhile.
    }
  }

  protected broadcast(frame: Frame, except?: { tag?: string | null; socket?: WebSocket }): void {
    this.broadcastPayload(JSON.stringify(frame), except);
  }

  protected broadcastPayload(payload: string, except: { tag?: string | null; socket?: WebSocket } = {}): void {
    for (const socket of this.ctx.getWebSockets()) {
      if (socket === except.socket || socket.readyState !== WebSocket.OPEN) continue;
      if (except.tag && this.ctx.getTags(socket).includes(except.tag)) continue;
      this.sendPayload(socket, payload);
    }
  }

  protected closeSockets(code: number, reason: string): void {
    for (const ws of this.openSockets()) {
      try {
        ws.close(code, reason);
      } catch {
        // Already closing.
      }
    }
  }

  protected frameAllowed(ws: WebSocket, attachment: Attachment, confirm: ConfirmSession): Promise<boolean> {
    return frameAllowed(ws, attachment, confirm);
  }

  /** Marks each covered socket ended, so nothing it sends afterwards is processed, and closes it. */
  protected closeEndedSessions(end: SessionEnd, sockets: WebSocket[]): void {
    for (const ws of sockets) {
      const attachment = this.attachment(ws);
      if (!attachment || attachment.ended || !endCovers(end, attachment)) continue;
      this.setAttachment(ws, { ...attachment, ended: end.reason });
      closeEndedSocket(ws, end.reason);
    }
  }

  override async webSocketClose(ws: WebSocket, code: number): Promise<void> {
    completeClosingHandshake(ws, code);
    await this.socketClosed(ws);
  }

  protected socketClosed(_ws: WebSocket): void | Promise<void> {}
}
