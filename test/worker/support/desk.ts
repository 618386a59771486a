import { runInDurableObject } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { type DeskNote, DeskServerFrameSchema, type DeskSnapshot } from "~/shared/desk";
import { pairIdFor } from "~/shared/pair-id";
import { LOCAL_SUPPORT_ACCOUNT, seedSupportAccount } from "../../../worker/db/seed";
import { insertUser } from "./accounts";
import { APP_ORIGIN } from "./auth-requests";
import { connect, openConversationSocket, type TestSocket } from "./chat-sockets";
import { until } from "./until";

export const SUPPORT_ID = env.SUPPORT_USER_ID;

/** The support account every visitor talks to, in D1 (the chat route checks both members exist). */
export async function seedSupport(): Promise<void> {
  await seedSupportAccount(env.DB, {
    userId: SUPPORT_ID,
    email: LOCAL_SUPPORT_ACCOUNT.email,
    username: LOCAL_SUPPORT_ACCOUNT.username,
    displayName: LOCAL_SUPPORT_ACCOUNT.displayName,
    passwordHash: "salt:not-used-here",
  });
}

export function desk() {
  return env.SUPPORT_DESK.getByName("desk");
}

/** The desk starts empty for each test: nobody listening, nothing queued. */
export async function clearDesk(): Promise<void> {
  await runInDurableObject(desk(), (_instance, state) => {
    state.storage.sql.exec("DELETE FROM desk_conversations");
    state.storage.sql.exec("DELETE FROM desk_openings");
    state.storage.sql.exec("DELETE FROM desk_hours");
    state.storage.sql.exec("DELETE FROM desk_listener_hours");
    state.storage.sql.exec("DELETE FROM desk_assignment_times");
    state.storage.sql.exec("DELETE FROM desk_listeners");
  });
}

/** A visitor with their support conversation's socket open. */
export async function visitorInSupportChat() {
  const visitor = await insertUser();
  const pairId = pairIdFor(visitor.user.id, SUPPORT_ID);
  const socket = await connect(visitor.cookie, pairId);
  return { ...visitor, pairId, socket };
}

let sent = 0;
/** Sends a message on a socket and waits for the room's answer to it. */
export async function say(socket: TestSocket, text: string): Promise<number> {
  sent += 1;
  const clientId = `temp-desk-${sent}`;
  socket.send({ type: "send", clientId, text });
  const frame = await socket.waitFor((f) => f.type === "message" && f.message.clientId === clientId);
  return frame.type === "message" ? frame.message.seq : -1;
}

/** The room's record of the desk's last word on a conversation. */
export async function roomDeskStatus(pairId: string): Promise<{ state: string; listenerId: string | null } | null> {
  return runInDurableObject(env.CHAT_ROOM.getByName(pairId), (_instance, state) => {
    const row = state.storage.sql
      .exec<{ value: string }>("SELECT value FROM meta WHERE key = 'desk_status'")
      .toArray()[0];
    return row ? (JSON.parse(row.value) as { state: string; listenerId: string | null }) : null;
  });
}

/** Waits until the desk holds `pairId` as expected (the room's visitor wrote and the desk heard). */
export async function deskHolds(pairId: string, listenerId: string | null, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = await roomDeskStatus(pairId);
    const want = listenerId === null ? status?.state === "queued" : status?.listenerId === listenerId;
    if (want) return;
    if (Date.now() > deadline) throw new Error(`${pairId} stands ${JSON.stringify(status)}, not with ${listenerId}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * A listener's desk socket, with every desk frame it received. Like the desk page, it answers each
 * probe at once unless `answersProbes` is false (a page that is gone); `probes` are the nonces it was sent.
 */
export async function openDeskSocket(cookie: string, { answersProbes = true } = {}) {
  const response = await exports.default.fetch(`${APP_ORIGIN}/api/desk/ws`, {
    headers: { Upgrade: "websocket", Origin: APP_ORIGIN, Cookie: cookie },
  });
  const ws = response.webSocket;
  const errors: string[] = [];
  const whispers: { pairId: string; note: DeskNote }[] = [];
  const probes: string[] = [];
  if (!ws) {
    return { status: response.status, ws: null, errors, whispers, probes, latest: () => null as DeskSnapshot | null };
  }
  ws.accept();
  const desks: DeskSnapshot[] = [];
  ws.addEventListener("message", (event) => {
    if (event.data === "pong") return;
    const frame = DeskServerFrameSchema.parse(JSON.parse(event.data as string));
    if (frame.type === "desk-state") desks.push(frame.desk);
    else if (frame.type === "whisper") whispers.push({ pairId: frame.pairId, note: frame.note });
    else if (frame.type === "probe") {
      probes.push(frame.nonce);
      if (answersProbes) ws.send(JSON.stringify({ type: "probe-answer", nonce: frame.nonce }));
    } else errors.push(frame.message);
  });
  return { status: response.status, ws, errors, whispers, probes, latest: () => desks.at(-1) ?? null };
}

/** A listener's socket into a support conversation, on the desk. */
export function openDeskConversation(cookie: string, visitorId: string) {
  return openConversationSocket(cookie, `/api/desk/conversations/${visitorId}/ws`);
}

/**
 * A listener at the desk: a desk page of theirs open (its socket is their proof of being there),
 * then marked Available. Answers the page's socket, to close or leave silent.
 */
export async function availableAtDesk(
  listener: { cookie: string; actor: { id: string; name: string; admin: boolean } },
  options: { answersProbes?: boolean } = {},
) {
  const page = await openDeskSocket(listener.cookie, options);
  if (!page.ws) throw new Error(`desk socket refused: ${page.status}`);
  await desk().setAvailability(listener.actor, true);
  return page;
}

/**
 * The holder replies in a conversation from its desk page's socket, and the desk has counted the
 * opening answered (only then may it be marked resolved). Answers the listener's socket.
 */
export async function replyOnDesk(
  listener: { cookie: string; user: { id: string } },
  visitor: { user: { id: string }; pairId: string },
  text = "I'm here. What's on your mind?",
) {
  const room = await openDeskConversation(listener.cookie, visitor.user.id);
  if (!room.socket) throw new Error(`desk conversation refused: ${room.status}`);
  await say(room.socket, text);
  await until(async () =>
    (await desk().snapshot(listener.user.id, false)).mine.some(
      (conversation) => conversation.pairId === visitor.pairId && conversation.answered,
    ),
  );
  return room.socket;
}
