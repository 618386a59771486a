import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { SESSION_TIMEOUT_MS } from "~/shared/inactivity";
import { pairIdFor } from "~/shared/pair-id";
import { CLOSE_CODES } from "~/shared/socket-protocol";
import { insertUser } from "./support/accounts";
import { APP_ORIGIN, postJson } from "./support/auth-requests";
import { closing, connect, isAck } from "./support/chat-sockets";
import { until } from "./support/until";

/** The conversations a user's inbox holds as open (each reached when the user's session ends). */
const liveRooms = (userId: string) =>
  runInDurableObject(env.USER_INBOX.getByName(userId), (_inbox, state) =>
    state.storage.sql
      .exec<{ pair_id: string }>("SELECT pair_id FROM rooms")
      .toArray()
      .map((row) => row.pair_id),
  );

/**
 * Holds every event addressed to the user's inbox until `release` is called, so a test can decide
 * what the inbox hears first. Resolves once the hold is in place.
 */
async function holdInbox(userId: string): Promise<() => void> {
  let released = false;
  let held = false;
  void runInDurableObject(env.USER_INBOX.getByName(userId), (_inbox, state) => {
    void state.blockConcurrencyWhile(async () => {
      held = true;
      while (!released) await new Promise((resolve) => setTimeout(resolve, 5));
    });
  });
  await until(() => held);
  return () => {
    released = true;
  };
}

describe("a conversation socket closed and at once reopened", () => {
  it("leaves the conversation live on the person's inbox, so the end of their session still reaches it", async () => {
    const alice = await insertUser();
    const bob = await insertUser();
    const pairId = pairIdFor(alice.user.id, bob.user.id);
    const room = env.CHAT_ROOM.getByName(pairId);
    const first = await connect(alice.cookie, pairId);
    expect(await liveRooms(alice.user.id)).toEqual([pairId]);
    const session = await env.DB.prepare("SELECT id FROM sessions WHERE user_id = ?")
      .bind(alice.user.id)
      .first<{ id: string }>();

    // React's development mode mounts the page twice: the second socket's upgrade reaches the room
    // and waits there for the inbox to admit it while the first socket's close arrives.
    const release = await holdInbox(alice.user.id);
    const nameKey = `name:${alice.user.id}`;
    await runInDurableObject(room, (_room, state) => {
      state.storage.sql.exec("DELETE FROM meta WHERE key = ?", nameKey);
    });
    const reopening = room.fetch(
      new Request(`${APP_ORIGIN}/api/chats/${pairId}/ws`, {
        headers: {
          Upgrade: "websocket",
          "X-Kindred-User-Id": alice.user.id,
          "X-Kindred-User-Name": alice.user.username,
          "X-Kindred-Pair-Id": pairId,
          "X-Kindred-Session-Id": session?.id ?? "",
          "X-Kindred-Idle-Deadline": String(Date.now() + SESSION_TIMEOUT_MS),
          "X-Kindred-Session-Started-At": String(Date.now() - 10),
        },
      }),
    );
    // The room writes the member's name as it takes an upgrade, just before asking the inbox: once
    // it is back, the second upgrade is waiting on the inbox.
    await until(() =>
      runInDurableObject(
        room,
        (_room, state) => state.storage.sql.exec("SELECT 1 FROM meta WHERE key = ?", nameKey).toArray().length > 0,
      ),
    );
    const firstClosed = closing(first.ws);
    first.ws.close(1000, "unmounted");
    // 'closing' is the room's own answer: its close handler has run.
    expect(await firstClosed()).toEqual({ code: 1000, reason: "closing" });
    release();

    const response = await reopening;
    const ws = response.webSocket;
    if (!ws) throw new Error(`the second upgrade was refused with ${response.status}`);
    ws.accept();
    // Anything the room told the inbox before has been handled once the inbox answers this.
    expect(await liveRooms(alice.user.id)).toEqual([pairId]);

    // The reopened socket works, and signing out closes it.
    const frames: string[] = [];
    ws.addEventListener("message", (event) => frames.push(event.data as string));
    ws.send(JSON.stringify({ type: "send", clientId: "temp-again", text: "Still here" }));
    await until(() => frames.some((frame) => isAck("temp-again")(JSON.parse(frame))));
    const closed = closing(ws);
    expect((await postJson("/api/auth/sign-out", {}, { cookie: alice.cookie })).status).toBe(200);
    expect(await closed()).toEqual({ code: CLOSE_CODES.sessionEnded, reason: "signed-out" });
  });
});
