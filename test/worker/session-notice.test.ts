import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { pairIdFor } from "~/shared/pair-id";
import { CHAT_MESSAGES, SESSION_LENGTH_MS } from "~/shared/schemas/chat-protocol";
import { insertUser } from "./support/accounts";
import { connect, isAck } from "./support/chat-sockets";
import { messageCount } from "./support/room-state";
import { until } from "./support/until";

describe("the 20-minute session", () => {
  it("tells both members once when a session reaches 20 minutes, and cuts nobody off", async () => {
    const alice = await insertUser();
    const bob = await insertUser();
    const pairId = pairIdFor(alice.user.id, bob.user.id);
    const a = await connect(alice.cookie, pairId);
    const b = await connect(bob.cookie, pairId);
    a.send({ type: "send", clientId: "temp-1", text: "hello" });
    await a.waitFor(isAck("temp-1"));

    const room = env.CHAT_ROOM.getByName(pairId);
    const started = await runInDurableObject(room, (_instance, state) =>
      Number(
        state.storage.sql.exec<{ value: string }>("SELECT value FROM meta WHERE key = 'session_started_at'").one()
          .value,
      ),
    );
    expect(Date.now() - started).toBeLessThan(10_000);
    // Once the inboxes have the message (and the alarm, their backstop, has fired), it waits for
    // the session's end.
    const alarm = () => runInDurableObject(room, (_instance, state) => state.storage.getAlarm());
    // The backstop fires 5 s after the inbox updates fell due; 5 s more for the rest.
    await until(async () => (await alarm()) === started + SESSION_LENGTH_MS, 10_000);
    expect((await env.USER_INBOX.getByName(bob.user.id).list())[0]?.lastSeq).toBe(1);

    // A reply within the session does not start a new one.
    b.send({ type: "send", clientId: "temp-2", text: "hi" });
    await b.waitFor(isAck("temp-2"));
    await runInDurableObject(room, (_instance, state) => {
      state.storage.sql.exec(
        "UPDATE meta SET value = ? WHERE key = 'session_started_at'",
        String(Date.now() - SESSION_LENGTH_MS - 1000),
      );
    });

    expect(await runDurableObjectAlarm(room)).toBe(true);
    const notice = { type: "session-notice", message: CHAT_MESSAGES.sessionNotice };
    expect(await a.waitFor((f) => f.type === "session-notice")).toEqual(notice);
    expect(await b.waitFor((f) => f.type === "session-notice")).toEqual(notice);

    // Once per session, and the conversation goes on.
    await runDurableObjectAlarm(room);
    a.send({ type: "send", clientId: "temp-3", text: "still here" });
    await a.waitFor(isAck("temp-3"));
    expect(a.frames.filter((f) => f.type === "session-notice")).toHaveLength(1);
    expect(await messageCount(pairId)).toBe(3);
  });
});
