import { env, exports } from "cloudflare:workers";
import { type ServerFrame, ServerFrameSchema } from "~/shared/schemas/chat-protocol";
import { InboxFrameSchema } from "~/shared/schemas/inbox-protocol";
import { CLOSE_CODES } from "~/shared/socket-protocol";
import { APP_ORIGIN } from "./auth-requests";

/**
 * What the browser would do with a frame: the page parses every frame with the protocol's schema
 * and ignores one that does not fit. Here such a frame is a failure of the server.
 */
function outsideProtocol(schema: typeof ServerFrameSchema | typeof InboxFrameSchema, data: unknown): string | null {
  const parsed = schema.safeParse(JSON.parse(data as string));
  return parsed.success ? null : `${data as string}: ${parsed.error.message}`;
}

export type TestSocket = {
  ws: WebSocket;
  frames: ServerFrame[];
  send(frame: unknown): void;
  /** The first frame (from `from` on) matching the predicate, waiting up to 3 s. */
  waitFor<T extends ServerFrame>(predicate: (frame: ServerFrame) => frame is T, from?: number): Promise<T>;
  waitFor(predicate: (frame: ServerFrame) => boolean, from?: number): Promise<ServerFrame>;
};

export function openChatSocket(
  cookie: string | null,
  pairId: string,
  origin: string | null = APP_ORIGIN,
  extraHeaders: Record<string, string> = {},
) {
  return openConversationSocket(cookie, `/api/chats/${pairId}/ws`, origin, extraHeaders);
}

/** A socket into a conversation's room at `path` (a member's, or a listener's on the desk). */
export async function openConversationSocket(
  cookie: string | null,
  path: string,
  origin: string | null = APP_ORIGIN,
  extraHeaders: Record<string, string> = {},
) {
  const headers: Record<string, string> = { Upgrade: "websocket", ...extraHeaders };
  if (origin) headers.Origin = origin;
  if (cookie) headers.Cookie = cookie;
  const response = await exports.default.fetch(`${APP_ORIGIN}${path}`, { headers });
  const ws = response.webSocket;
  if (!ws) return { status: response.status, socket: null };
  ws.accept();
  const frames: ServerFrame[] = [];
  const outside: string[] = [];
  ws.addEventListener("message", (event) => {
    const problem = outsideProtocol(ServerFrameSchema, event.data);
    if (problem) outside.push(problem);
    frames.push(JSON.parse(event.data as string) as ServerFrame);
  });
  const socket: TestSocket = {
    ws,
    frames,
    send: (frame) => ws.send(typeof frame === "string" ? frame : JSON.stringify(frame)),
    async waitFor(predicate: (frame: ServerFrame) => boolean, from = 0) {
      const deadline = Date.now() + 3000;
      while (Date.now() < deadline) {
        if (outside.length > 0) throw new Error(`the room sent frames the browser would ignore: ${outside.join("; ")}`);
        const found = frames.slice(from).find(predicate);
        if (found) return found;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      throw new Error(`no matching frame; got ${JSON.stringify(frames.slice(from))}`);
    },
  };
  return { status: response.status, socket };
}

/**
 * The room's answer to a send of this socket's: the new message's own frame (the sender's copy is
 * its acknowledgement) or, for a resend of a message already stored, an 'ack'.
 */
export const isAck =
  (clientId: string) =>
  (frame: ServerFrame): frame is Extract<ServerFrame, { type: "ack" | "message" }> =>
    (frame.type === "ack" && frame.clientId === clientId) ||
    (frame.type === "message" && frame.message.clientId === clientId);

/** The seq and time the room gave a message this socket sent, from its answer. */
export async function acked(socket: TestSocket, clientId: string): Promise<{ seq: number; timestamp: number }> {
  const answer = await socket.waitFor(isAck(clientId));
  const { seq, timestamp } = answer.type === "ack" ? answer : answer.message;
  return { seq, timestamp };
}

/**
 * Resolves once the room has handled every frame sent before on this socket: a socket's frames are
 * handled in order, and the 'presence' question sent after them always gets an answer. This, not a
 * pause, is how a test knows a frame that changes nothing was processed.
 */
export async function answered(socket: TestSocket): Promise<void> {
  const from = socket.frames.length;
  socket.send({ type: "presence" });
  await socket.waitFor((frame) => frame.type === "presence", from);
}

/** An accepted socket, or a failed test saying why the upgrade was refused. */
export async function connect(cookie: string, pairId: string): Promise<TestSocket> {
  const { status, socket } = await openChatSocket(cookie, pairId);
  if (!socket) throw new Error(`the upgrade was refused with ${status}`);
  return socket;
}

/** The user's app-wide inbox socket. */
export async function openInboxSocket(cookie: string | null, origin: string | null = APP_ORIGIN) {
  const headers: Record<string, string> = { Upgrade: "websocket" };
  if (origin) headers.Origin = origin;
  if (cookie) headers.Cookie = cookie;
  const response = await exports.default.fetch(`${APP_ORIGIN}/api/inbox/ws`, { headers });
  const ws = response.webSocket;
  if (!ws) return { status: response.status, frames: [] as unknown[], ws: null };
  ws.accept();
  const frames: unknown[] = [];
  ws.addEventListener("message", (event) => {
    // A frame outside the protocol is kept as a marker, so the test that reads it fails saying why.
    const problem = outsideProtocol(InboxFrameSchema, event.data);
    frames.push(problem ? { type: "outside-the-protocol", problem } : JSON.parse(event.data as string));
  });
  return { status: response.status, frames, ws };
}

/** An image stored for a conversation under the kind of key the upload endpoint gives; its app URL. */
export async function storedChatImage(pairId: string): Promise<string> {
  const key = `chats/${pairId}/${crypto.randomUUID()}.png`;
  await env.IMAGES.put(key, new Uint8Array([0x89, 0x50, 0x4e, 0x47]), { httpMetadata: { contentType: "image/png" } });
  return `/images/${key}`;
}

export type Closed = { code: number; reason: string };

/**
 * Call before the step that should close the socket; the returned function resolves with the close
 * frame's code and reason, and fails the test if it does not come within 1 s of being awaited.
 */
export function closing(ws: WebSocket): () => Promise<Closed> {
  const closed = new Promise<Closed>((resolve) => {
    ws.addEventListener("close", (event) => resolve({ code: event.code, reason: event.reason }));
  });
  return () =>
    Promise.race([
      closed,
      new Promise<Closed>((_, reject) => setTimeout(() => reject(new Error("the socket stayed open for 1 s")), 1000)),
    ]);
}

/**
 * How an upgrade is answered, to the end: a refusal's status, or a socket's status and how it
 * closed (within a second), with the frames sent on it first. An ended session is answered with a
 * socket that closes at once with its reason, which a status alone cannot tell from a live one.
 */
export async function upgradeAnswer(path: string, cookie: string) {
  const response = await exports.default.fetch(`${APP_ORIGIN}${path}`, {
    headers: { Upgrade: "websocket", Origin: APP_ORIGIN, Cookie: cookie },
  });
  const ws = response.webSocket;
  if (!ws) return { status: response.status };
  const frames: unknown[] = [];
  ws.addEventListener("message", (event) => frames.push(event.data));
  const closed = closing(ws);
  ws.accept();
  return { status: response.status, closed: await closed(), frames };
}

/** The answer to an upgrade whose session ended for `reason`: told so, and nothing else. */
export const endedSession = (reason: string) => ({
  status: 101,
  closed: { code: CLOSE_CODES.sessionEnded, reason },
  frames: [],
});
