import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createDb, type Db } from "../../worker/db/client";
import { PresenceKeeper } from "../../worker/inbox/presence";
import { Meta } from "../../worker/sockets/meta";
import { insertBareAccount } from "./support/accounts";

/** A D1 that refuses every update, as the local one now and then does under load. */
const refusingDb = {
  update: () => ({ set: () => ({ where: () => Promise.reject(new Error("D1_ERROR: refused")) }) }),
} as unknown as Db;

const isOnlineInD1 = async (userId: string) =>
  (await env.DB.prepare("SELECT is_online FROM users WHERE id = ?").bind(userId).first<{ is_online: number }>())
    ?.is_online;

describe("presence's copy in D1", () => {
  it("refused by D1, does not fail the page's socket, and is written by the next change", async () => {
    const { user } = await insertBareAccount();
    const inbox = env.USER_INBOX.getByName(user.id);
    await runInDurableObject(inbox, async (_inbox, state) => {
      const meta = new Meta(state.storage.sql);
      let db: Db = refusingDb;
      const keeper = new PresenceKeeper(
        state,
        meta,
        () => db,
        () => user.id,
      );
      await expect(keeper.set(true)).resolves.toBeUndefined();
      // The inbox does not take the refused write as done.
      expect(meta.get("online")).toBeUndefined();
      db = createDb(env.DB);
      await keeper.set(true);
      expect(meta.get("online")).toBe("1");
    });
    expect(await isOnlineInD1(user.id)).toBe(1);
  });
});
