import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { ChatRoom } from "../../worker/chat/chat-room";
import { UserInbox } from "../../worker/inbox/user-inbox";
import { messageCount } from "./support/room-state";

describe("Durable Object classes", () => {
  it("the runtime loads ChatRoom behind CHAT_ROOM with its message storage", async () => {
    const stub = env.CHAT_ROOM.getByName("alice_bob");
    const tables = await runInDurableObject(stub, (instance, state) => {
      expect(instance).toBeInstanceOf(ChatRoom);
      return state.storage.sql
        .exec<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
        .toArray()
        .map((r) => r.name);
    });
    expect(tables).toEqual(expect.arrayContaining(["members", "messages"]));
    expect(await messageCount("alice_bob")).toBe(0);
  });

  it("the runtime loads UserInbox behind USER_INBOX with its summary storage", async () => {
    const stub = env.USER_INBOX.getByName("alice");
    await runInDurableObject(stub, (instance) => expect(instance).toBeInstanceOf(UserInbox));
    expect(await stub.unreadCount()).toBe(0);
  });
});
