// ws://HOST/room/NAME: send {"id": "...", "body": "..."}; every socket in the room receives
// {"seq", "id", "body"} once the row is stored (the output gate holds the send until the write is durable).
import { DurableObject } from "cloudflare:workers";

export default {
  async fetch(request, env) {
    const match = new URL(request.url).pathname.match(/^\/room\/([\w-]+)$/);
    if (!match || request.headers.get("Upgrade") !== "websocket") return new Response("ws /room/NAME", { status: 426 });
    return env.ROOM.getByName(match[1]).fetch(request);
  },
};

export class BareRoom extends DurableObject {
  constructor(ctx, env) {
    super(ctx, env);
    ctx.storage.sql.exec(
      "CREATE TABLE IF NOT EXISTS msg (seq INTEGER PRIMARY KEY AUTOINCREMENT, client_id TEXT UNIQUE, body TEXT, ts INTEGER)",
    );
  }
  async fetch() {
    const [client, server] = Object.values(new WebSocketPair());
    this.ctx.acceptWebSocket(server);
    return new Response(null, { status: 101, webSocket: client });
  }
  async webSocketMessage(_ws, message) {
    const { id, body } = JSON.parse(message);
    const sql = this.ctx.storage.sql;
    const row =
      sql
        .exec(
          "INSERT INTO msg (client_id, body, ts) VALUES (?, ?, ?) ON CONFLICT(client_id) DO NOTHING RETURNING seq",
          id,
          body,
          Date.now(),
        )
        .toArray()[0] ?? sql.exec("SELECT seq FROM msg WHERE client_id = ?", id).one();
    const frame = JSON.stringify({ seq: row.seq, id, body });
    for (const socket of this.ctx.getWebSockets()) socket.send(frame);
  }
  async webSocketClose(ws, code, reason) {
    ws.close(code, reason);
  }
}
