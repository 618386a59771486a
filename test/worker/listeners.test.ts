import { env } from "cloudflare:workers";
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { userContext } from "~/context";
import { middleware as adminGuard } from "~/routes/admin/admin-layout";
import { action, loader } from "~/routes/admin/listeners";
import type { SignedInUser } from "~/shared/accounts";
import { ADMIN_TEXTS } from "~/shared/admin";
import { LISTENER_INTENTS, LISTENER_TEXTS, MAX_LISTENER_ALIAS } from "~/shared/listeners";
import { PATHS } from "~/shared/routes";
import { suspendAccount } from "../../worker/accounts/suspension";
import {
  addListener,
  canUseDesk,
  isListener,
  ListenerError,
  listListeners,
  removeListener,
  setListenerAlias,
} from "../../worker/desk/listeners";
import { insertAdmin, insertUser } from "./support/accounts";
import { APP_ORIGIN } from "./support/auth-requests";
import { type ActionAnswer, callAction, callLoader, signedInUser } from "./support/route-action";

type SignedUp = Awaited<ReturnType<typeof insertUser>>;

async function admin(): Promise<SignedInUser> {
  return { ...signedInUser(await insertAdmin()), role: "admin" };
}

/** A post to /admin/listeners as `user` (null: signed out), through the admin pages' guard. */
function post(user: SignedInUser | null, fields: Record<string, string>): Promise<ActionAnswer> {
  return callAction(action, PATHS.adminListeners, new URLSearchParams(fields), { user, middleware: adminGuard });
}

/** /admin/listeners read as `user` (null: signed out), through the admin pages' guard. */
function read(user: SignedInUser | null): Promise<ActionAnswer> {
  return callLoader({ loader, middleware: adminGuard }, PATHS.adminListeners, { user });
}

const add = (user: SignedInUser | null, username: string) => post(user, { intent: LISTENER_INTENTS.add, username });
const remove = (user: SignedInUser | null, userId: string) => post(user, { intent: LISTENER_INTENTS.remove, userId });
const nameAlias = (user: SignedInUser | null, userId: string, alias: string) =>
  post(user, { intent: LISTENER_INTENTS.alias, userId, alias });

/** The listener rows as stored (storage is shared by the tests of this file). */
const listenerRows = async () =>
  (
    await env.DB.prepare("SELECT user_id, alias, created_at FROM listeners ORDER BY user_id").all<{
      user_id: string;
      alias: string | null;
      created_at: number;
    }>()
  ).results;

const aliasOf = async (userId: string) =>
  (await env.DB.prepare("SELECT alias FROM listeners WHERE user_id = ?").bind(userId).first<{ alias: string | null }>())
    ?.alias;

/** Gives an account a chosen username (sign-up generates one), to test letter case and order. */
async function rename(person: SignedUp, username: string): Promise<void> {
  await env.DB.prepare("UPDATE users SET username = ? WHERE id = ?").bind(username, person.user.id).run();
}

describe("the listener role", () => {
  it("is granted by the admin by exact username in any letter case, and lets the listener use the desk", async () => {
    const boss = await admin();
    const person = await insertUser();
    expect(await isListener(person.user.id)).toBe(false);
    expect(await canUseDesk({ id: person.user.id, role: "user" })).toBe(false);

    const before = Date.now();
    const answer = await add(boss, `  ${person.user.username.toUpperCase()} `);
    expect(answer).toMatchObject({ status: 200, thrown: false });
    expect(answer.data).toEqual({
      intent: "add",
      done: LISTENER_TEXTS.added(person.user.username),
      problem: null,
    });
    expect(await isListener(person.user.id)).toBe(true);
    expect(await canUseDesk({ id: person.user.id, role: "user" })).toBe(true);
    // Their account menu learns of it from their inbox (no D1 read per page view).
    expect((await env.USER_INBOX.getByName(person.user.id).headerFacts()).listener).toBe(true);
    const listed = (await listListeners()).find((listener) => listener.id === person.user.id);
    expect(listed).toEqual({
      id: person.user.id,
      username: person.user.username,
      alias: null,
      // Every listener answers in English until the admin says otherwise.
      languages: ["en"],
      addedAt: expect.any(Number),
    });
    expect(listed?.addedAt).toBeGreaterThanOrEqual(before);
    expect(listed?.addedAt).toBeLessThanOrEqual(Date.now());
  });

  it("lets the admin use the desk without being a listener, and nobody else", async () => {
    const boss = await admin();
    const someone = await insertUser();
    expect(await isListener(boss.id)).toBe(false);
    expect(await canUseDesk(boss)).toBe(true);
    expect(await canUseDesk({ id: someone.user.id, role: "user" })).toBe(false);
  });

  it("lists listeners by username in any letter case, with their alias and when they were added", async () => {
    const [charlie, alpha, bravo] = [await insertUser(), await insertUser(), await insertUser()];
    const tag = crypto.randomUUID().slice(0, 6);
    await rename(charlie, `order${tag}charlie`);
    await rename(alpha, `Order${tag}Alpha`);
    await rename(bravo, `order${tag}bravo`);
    await addListener(`order${tag}charlie`, 1_000);
    await addListener(`order${tag}alpha`, 2_000);
    await addListener(`ORDER${tag}BRAVO`, 3_000);
    await setListenerAlias(bravo.user.id, "Kind Voice");
    const ours = (await listListeners()).filter((listener) =>
      listener.username.toLowerCase().startsWith(`order${tag}`),
    );
    expect(ours).toEqual([
      { id: alpha.user.id, username: `Order${tag}Alpha`, alias: null, languages: ["en"], addedAt: 2_000 },
      { id: bravo.user.id, username: `order${tag}bravo`, alias: "Kind Voice", languages: ["en"], addedAt: 3_000 },
      { id: charlie.user.id, username: `order${tag}charlie`, alias: null, languages: ["en"], addedAt: 1_000 },
    ]);
  });

  it("is taken away by the admin with Remove, leaving the account itself", async () => {
    const boss = await admin();
    const person = await insertUser();
    await addListener(person.user.username);
    const answer = await remove(boss, person.user.id);
    expect(answer).toMatchObject({ status: 200, data: { done: LISTENER_TEXTS.removed(person.user.username) } });
    expect(await isListener(person.user.id)).toBe(false);
    expect(await canUseDesk({ id: person.user.id, role: "user" })).toBe(false);
    expect((await env.USER_INBOX.getByName(person.user.id).headerFacts()).listener).toBe(false);
    expect((await listListeners()).map((listener) => listener.id)).not.toContain(person.user.id);
    const account = await env.DB.prepare("SELECT id FROM users WHERE id = ?").bind(person.user.id).first();
    expect(account).toEqual({ id: person.user.id });

    // Removing again (a second tab, a repeated post) says so and changes nothing.
    const again = await remove(boss, person.user.id);
    expect(again).toMatchObject({
      status: 404,
      data: { problem: { field: null, message: LISTENER_TEXTS.notListener } },
    });
  });

  it("ends with the account: deleting an account deletes its listener row", async () => {
    const person = await insertUser();
    await addListener(person.user.username);
    await env.DB.prepare("DELETE FROM users WHERE id = ?").bind(person.user.id).run();
    expect((await listenerRows()).map((row) => row.user_id)).not.toContain(person.user.id);
  });

  it("goes to one admin of two adding the same person at once; the other is told they already are", async () => {
    const person = await insertUser();
    const results = await Promise.allSettled([addListener(person.user.username), addListener(person.user.username)]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((result) => result.status === "rejected");
    const reason = refused?.status === "rejected" ? refused.reason : null;
    expect(reason).toBeInstanceOf(ListenerError);
    expect(reason).toMatchObject({ message: LISTENER_TEXTS.alreadyListener(person.user.username), field: "username" });
    expect((await listenerRows()).filter((row) => row.user_id === person.user.id)).toHaveLength(1);
  });
});

describe("adding a listener refuses, says why next to the username, keeps what was typed and changes nothing", () => {
  async function expectRefused(answer: ActionAnswer, status: number, message: string, typed: string) {
    expect(answer).toMatchObject({ status, thrown: false });
    expect(answer.data).toEqual({
      intent: "add",
      done: null,
      problem: { field: "username", message, username: typed },
    });
  }

  it("an empty username", async () => {
    const boss = await admin();
    const before = await listenerRows();
    const answer = await add(boss, "   ");
    expect(answer.status).toBe(400);
    expect(answer.data).toEqual({
      intent: null,
      done: null,
      problem: { field: "username", message: LISTENER_TEXTS.usernameRequired, username: "   " },
    });
    expect(await listenerRows()).toEqual(before);
  });

  it("a username longer than any account's", async () => {
    const boss = await admin();
    const before = await listenerRows();
    const typed = "x".repeat(101);
    const answer = await add(boss, typed);
    expect(answer.status).toBe(400);
    expect(answer.data).toMatchObject({ problem: { field: "username", message: LISTENER_TEXTS.usernameTooLong } });
    expect(await listenerRows()).toEqual(before);
  });

  it("a username no account has, or only part of one", async () => {
    const boss = await admin();
    const person = await insertUser();
    const before = await listenerRows();
    const part = person.user.username.slice(0, 6);
    await expectRefused(await add(boss, part), 404, LISTENER_TEXTS.unknownUsername(part), part);
    await expectRefused(
      await add(boss, "Nobody00000"),
      404,
      LISTENER_TEXTS.unknownUsername("Nobody00000"),
      "Nobody00000",
    );
    expect(await listenerRows()).toEqual(before);
  });

  it("the support account itself, which listeners answer as", async () => {
    const boss = await admin();
    await env.DB.prepare("INSERT OR IGNORE INTO users (id, name, email, username) VALUES (?, 'Support', ?, 'Support')")
      .bind(env.SUPPORT_USER_ID, "support-test@example.com")
      .run();
    const before = await listenerRows();
    await expectRefused(await add(boss, "support"), 409, LISTENER_TEXTS.supportAccount, "support");
    expect(await isListener(env.SUPPORT_USER_ID)).toBe(false);
    expect(await listenerRows()).toEqual(before);
  });

  it("a suspended account", async () => {
    const boss = await admin();
    const person = await insertUser();
    await suspendAccount(person.user.id);
    const before = await listenerRows();
    await expectRefused(
      await add(boss, person.user.username),
      409,
      LISTENER_TEXTS.suspended(person.user.username),
      person.user.username,
    );
    expect(await isListener(person.user.id)).toBe(false);
    expect(await listenerRows()).toEqual(before);
  });

  it("someone already a listener, keeping their alias and the day they were added", async () => {
    const boss = await admin();
    const person = await insertUser();
    await addListener(person.user.username, 5_000);
    await setListenerAlias(person.user.id, "Evening Voice");
    const before = await listenerRows();
    const typed = person.user.username.toLowerCase();
    await expectRefused(await add(boss, typed), 409, LISTENER_TEXTS.alreadyListener(person.user.username), typed);
    expect(await listenerRows()).toEqual(before);
    expect(before.find((row) => row.user_id === person.user.id)).toEqual({
      user_id: person.user.id,
      alias: "Evening Voice",
      created_at: 5_000,
    });
  });
});

describe("a listener's alias", () => {
  it("is set trimmed, shown in the list, and cleared by saving it empty", async () => {
    const boss = await admin();
    const person = await insertUser();
    await addListener(person.user.username);

    const saved = await nameAlias(boss, person.user.id, "  Quiet Harbor  ");
    expect(saved).toMatchObject({
      status: 200,
      data: { intent: "alias", done: LISTENER_TEXTS.aliasSaved(person.user.username, "Quiet Harbor"), problem: null },
    });
    expect(await aliasOf(person.user.id)).toBe("Quiet Harbor");
    expect((await listListeners()).find((listener) => listener.id === person.user.id)?.alias).toBe("Quiet Harbor");

    const cleared = await nameAlias(boss, person.user.id, "   ");
    expect(cleared).toMatchObject({ status: 200, data: { done: LISTENER_TEXTS.aliasCleared(person.user.username) } });
    expect(await aliasOf(person.user.id)).toBeNull();
  });

  it(`may be ${MAX_LISTENER_ALIAS} characters, and one more is refused next to the field with what was typed`, async () => {
    const boss = await admin();
    const person = await insertUser();
    await addListener(person.user.username);
    const longest = "A".repeat(MAX_LISTENER_ALIAS);
    expect((await nameAlias(boss, person.user.id, longest)).status).toBe(200);
    expect(await aliasOf(person.user.id)).toBe(longest);

    const tooLong = "B".repeat(MAX_LISTENER_ALIAS + 1);
    const answer = await nameAlias(boss, person.user.id, tooLong);
    expect(answer.status).toBe(400);
    expect(answer.data).toEqual({
      intent: null,
      done: null,
      problem: { field: "alias", message: LISTENER_TEXTS.aliasTooLong, userId: person.user.id, alias: tooLong },
    });
    expect(await aliasOf(person.user.id)).toBe(longest);
    // The service checks again, whoever calls it.
    await expect(setListenerAlias(person.user.id, tooLong)).rejects.toThrow(LISTENER_TEXTS.aliasTooLong);
    expect(await aliasOf(person.user.id)).toBe(longest);
  });

  it("is never the listener's own username, in any letter case", async () => {
    const boss = await admin();
    const person = await insertUser();
    await addListener(person.user.username);
    await setListenerAlias(person.user.id, "Steady Light");
    const typed = ` ${person.user.username.toLowerCase()} `;
    const answer = await nameAlias(boss, person.user.id, typed);
    expect(answer.status).toBe(400);
    expect(answer.data).toMatchObject({
      problem: { field: "alias", message: LISTENER_TEXTS.aliasIsUsername, userId: person.user.id, alias: typed },
    });
    expect(await aliasOf(person.user.id)).toBe("Steady Light");
  });

  it("is refused for an account that is not a listener, and none is made", async () => {
    const boss = await admin();
    const person = await insertUser();
    const answer = await nameAlias(boss, person.user.id, "Hopeful");
    expect(answer).toMatchObject({
      status: 404,
      data: { problem: { field: null, message: LISTENER_TEXTS.notListener } },
    });
    expect(await isListener(person.user.id)).toBe(false);
    await expect(removeListener(person.user.id)).rejects.toThrow(LISTENER_TEXTS.notListener);
  });
});

describe("/admin/listeners", () => {
  it("answers everyone but the admin as /admin/reports does, reading and acting, and changes nothing", async () => {
    const person = await insertUser();
    const listener = await insertUser();
    await addListener(listener.user.username);
    const before = await listenerRows();
    for (const user of [signedInUser(person), signedInUser(listener)]) {
      expect(await read(user)).toMatchObject({ status: 403, thrown: true, data: ADMIN_TEXTS.forbidden });
      for (const answer of [
        await add(user, person.user.username),
        await remove(user, listener.user.id),
        await nameAlias(user, listener.user.id, "Not Allowed"),
      ]) {
        expect(answer).toMatchObject({ status: 403, thrown: true, data: ADMIN_TEXTS.forbidden });
      }
    }
    expect(await listenerRows()).toEqual(before);
    expect(ADMIN_TEXTS.forbidden).toBe("This page is for the admin only.");
  });

  it("sends a signed-out visitor to sign in and back, reading and acting, and changes nothing", async () => {
    const listener = await insertUser();
    await addListener(listener.user.username);
    const before = await listenerRows();
    const signIn = `${PATHS.signup}?next=${encodeURIComponent(PATHS.adminListeners)}`;
    expect(await read(null)).toMatchObject({ status: 302, location: signIn, thrown: true });
    const acted = await remove(null, listener.user.id);
    expect(acted).toMatchObject({ status: 302, location: signIn, thrown: true });
    expect(await listenerRows()).toEqual(before);
  });

  it("shows the admin every listener", async () => {
    const boss = await admin();
    const person = await insertUser();
    await addListener(person.user.username);
    const shown = await read(boss);
    expect(shown.status).toBe(200);
    expect((shown.data as { listeners: { id: string }[] }).listeners.map((listener) => listener.id)).toContain(
      person.user.id,
    );
  });

  it("refuses an unknown action, an incomplete or empty form and a body that is no form, changing nothing", async () => {
    const boss = await admin();
    const listener = await insertUser();
    await addListener(listener.user.username);
    const before = await listenerRows();
    expect(await post(boss, { intent: "promote", userId: listener.user.id })).toMatchObject({
      status: 400,
      data: { problem: { field: null, message: LISTENER_TEXTS.unknownIntent } },
    });
    expect(await post(boss, { intent: LISTENER_INTENTS.remove })).toMatchObject({
      status: 400,
      data: { problem: { field: null, message: LISTENER_TEXTS.malformed } },
    });
    expect(await post(boss, { intent: LISTENER_INTENTS.alias, userId: listener.user.id })).toMatchObject({
      status: 400,
      data: { problem: { field: null, message: LISTENER_TEXTS.malformed } },
    });
    const empty = await callAction(action, PATHS.adminListeners, new FormData(), { user: boss });
    expect(empty).toMatchObject({
      status: 400,
      data: { problem: { field: null, message: LISTENER_TEXTS.unknownIntent } },
    });
    const context = new RouterContextProvider();
    context.set(userContext, boss);
    const json = new Request(`${APP_ORIGIN}${PATHS.adminListeners}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ intent: "remove", userId: listener.user.id }),
    });
    const notAForm = await action({ request: json, context, params: {} } as unknown as Parameters<typeof action>[0]);
    expect(notAForm).toMatchObject({
      init: { status: 400 },
      data: { problem: { message: LISTENER_TEXTS.unknownIntent } },
    });
    expect(await listenerRows()).toEqual(before);
  });
});
