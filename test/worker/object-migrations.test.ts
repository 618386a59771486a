import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { pairIdFor } from "~/shared/pair-id";
import { type Migration, runMigrations } from "../../worker/sockets/migrations";
import { insertUser } from "./support/accounts";
import { connect, isAck } from "./support/chat-sockets";
import { readPosition, roomRows } from "./support/room-state";

/** A step that notes it ran, in a table of the test's own. */
const noting =
  (name: string): Migration =>
  (sql) => {
    sql.exec("CREATE TABLE IF NOT EXISTS steps_run (name TEXT NOT NULL)");
    sql.exec("INSERT INTO steps_run (name) VALUES (?)", name);
  };

describe("a Durable Object's schema steps", () => {
  it("run in order, each once, with only the steps added later running at a later start", async () => {
    const stub = env.CHAT_ROOM.getByName("steps-once");
    const runs = await runInDurableObject(stub, (_room, state) => {
      const { sql } = state.storage;
      // Storage that has run no step (the room's own steps ran at its start; their count goes).
      sql.exec("DELETE FROM meta WHERE key = 'schema_version'");
      runMigrations(sql, [noting("first"), noting("second")]);
      runMigrations(sql, [noting("first"), noting("second")]);
      runMigrations(sql, [noting("first"), noting("second"), noting("third")]);
      return sql.exec<{ name: string }>("SELECT name FROM steps_run").toArray();
    });
    expect(runs.map((run) => run.name)).toEqual(["first", "second", "third"]);
  });

  it("bring a room stored before they were counted (and before delivery receipts) up to date when it starts", async () => {
    const alice = await insertUser();
    const bob = await insertUser();
    const pairId = pairIdFor(alice.user.id, bob.user.id);
    const a = await connect(alice.cookie, pairId);
    a.send({ type: "send", clientId: "temp-1", text: "Before the upgrade" });
    await a.waitFor(isAck("temp-1"));
    a.ws.close(1000);
    const room = env.CHAT_ROOM.getByName(pairId);
    // As an old room's storage was: no count of steps run, no delivered column. Then a restart.
    await runInDurableObject(room, (_room, state) => {
      state.storage.sql.exec("DELETE FROM meta WHERE key = 'schema_version'");
      state.storage.sql.exec("ALTER TABLE members DROP COLUMN last_delivered_seq");
      state.abort("restart");
    }).catch(() => undefined);

    const b = await connect(bob.cookie, pairId);
    b.send({ type: "resume", afterSeq: 0 });
    await b.waitFor((frame) => frame.type === "messages");
    b.send({ type: "delivered", upToSeq: 1 });
    b.send({ type: "send", clientId: "temp-2", text: "After it" });
    await b.waitFor(isAck("temp-2"));
    expect(await readPosition(pairId, bob.user.id)).toEqual({ read: 2, delivered: 2 });
    expect(await roomRows(pairId, "SELECT text FROM messages ORDER BY seq")).toEqual([
      { text: "Before the upgrade" },
      { text: "After it" },
    ]);
  });
});
