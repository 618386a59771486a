import {
  createExecutionContext,
  createScheduledController,
  runDurableObjectAlarm,
  runInDurableObject,
  waitOnExecutionContext,
} from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { pairIdFor } from "~/shared/pair-id";
import { MESSAGE_RETENTION_MS } from "../../worker/chat/message-retention";
import worker from "../../worker/index";
import { pngWithMetadata } from "../unit/images/fixtures";
import { insertUser } from "./support/accounts";
import { APP_ORIGIN } from "./support/auth-requests";
import { connect, isAck } from "./support/chat-sockets";
import { messageCount } from "./support/room-state";
import { until } from "./support/until";

const DAY = 24 * 60 * 60 * 1000;

async function uploadChatImage(cookie: string, pairId: string): Promise<{ key: string; url: string }> {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(pngWithMetadata())], { type: "image/png" }), "p.png");
  form.append("pairId", pairId);
  const response = await exports.default.fetch(`${APP_ORIGIN}/api/uploads?purpose=chat`, {
    method: "POST",
    headers: { Origin: APP_ORIGIN, Cookie: cookie },
    body: form,
  });
  return (await response.json()) as { key: string; url: string };
}

/** A conversation whose first two messages (one with an image) are older than the retention. */
async function conversationWithOldMessages() {
  const alice = await insertUser();
  const bob = await insertUser();
  const pairId = pairIdFor(alice.user.id, bob.user.id);
  const image = await uploadChatImage(alice.cookie, pairId);
  const a = await connect(alice.cookie, pairId);
  a.send({ type: "send", clientId: "temp-1", text: "an old message" });
  a.send({ type: "send", clientId: "temp-2", text: "", imageUrl: image.url });
  await a.waitFor(isAck("temp-2"));
  // Delivered to the inboxes first: the alarm that delivers would otherwise purge the aged messages too.
  await until(async () => (await env.USER_INBOX.getByName(bob.user.id).list()).length === 1);
  const room = env.CHAT_ROOM.getByName(pairId);
  await runInDurableObject(room, (_instance, state) => {
    state.storage.sql.exec("UPDATE messages SET timestamp = timestamp - ?", MESSAGE_RETENTION_MS + DAY);
  });
  return { alice, bob, pairId, image, room, a };
}

describe("message retention (7 days)", () => {
  it("the room's alarm deletes old messages with their images and clears the summaries, twice safely", async () => {
    const { alice, bob, image, room, pairId } = await conversationWithOldMessages();
    expect(await env.IMAGES.head(image.key)).not.toBeNull();

    expect(await runDurableObjectAlarm(room)).toBe(true);
    expect(await messageCount(pairId)).toBe(0);
    expect(await env.IMAGES.head(image.key)).toBeNull();
    expect(await env.USER_INBOX.getByName(bob.user.id).list()).toEqual([]);
    expect(await env.USER_INBOX.getByName(alice.user.id).list()).toEqual([]);
    expect(await env.USER_INBOX.getByName(bob.user.id).unreadCount()).toBe(0);

    // An alarm firing again (or the sweep) finds nothing more to do.
    expect(await room.purgeExpired(Date.now())).toEqual({ messages: 0, images: 0 });
  });

  it("keeps recent messages and the summary that shows one of them", async () => {
    const { bob, room, a, image, pairId } = await conversationWithOldMessages();
    a.send({ type: "send", clientId: "temp-3", text: "a fresh message" });
    await a.waitFor(isAck("temp-3"));
    await until(async () => (await env.USER_INBOX.getByName(bob.user.id).list())[0]?.lastSeq === 3);

    // Whichever runs first, the re-armed alarm or this call, the old messages and image go.
    await room.purgeExpired(Date.now());
    await until(async () => (await messageCount(pairId)) === 1);
    expect(await env.IMAGES.head(image.key)).toBeNull();
    expect((await env.USER_INBOX.getByName(bob.user.id).list())[0]).toMatchObject({ lastMessage: "a fresh message" });
  });

  it("the cron sweep purges conversations whose alarm did not run", async () => {
    const { pairId, image, room } = await conversationWithOldMessages();
    await runInDurableObject(room, (_instance, state) => state.storage.deleteAlarm());
    await env.DB.prepare("UPDATE chats SET updated_at = ? WHERE pair_id = ?")
      .bind(Date.now() - 8 * DAY, pairId)
      .run();

    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ scheduledTime: Date.now(), cron: "17 * * * *" }), env, ctx);
    await waitOnExecutionContext(ctx);

    expect(await messageCount(pairId)).toBe(0);
    expect(await env.IMAGES.head(image.key)).toBeNull();
    const registry = await env.DB.prepare("SELECT updated_at FROM chats WHERE pair_id = ?").bind(pairId).first<{
      updated_at: number;
    }>();
    expect(Date.now() - (registry?.updated_at ?? 0)).toBeLessThan(60_000);
  });
});
