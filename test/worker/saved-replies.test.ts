import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { middleware as adminGuard } from "~/routes/admin/admin-layout";
import { action, loader } from "~/routes/admin/saved-replies";
import type { SignedInUser } from "~/shared/accounts";
import { ADMIN_TEXTS } from "~/shared/admin";
import {
  LIST_INTENTS,
  LIST_TEXTS,
  MAX_SAVED_REPLY,
  MAX_SAVED_REPLY_TITLE,
  SAVED_REPLY_PAGE_TEXTS,
  SAVED_REPLY_TEXTS,
} from "~/shared/desk-operations";
import { PATHS } from "~/shared/routes";
import {
  addSavedReply,
  listSavedReplies,
  moveSavedReply,
  removeSavedReply,
  SavedReplyError,
  updateSavedReply,
} from "../../worker/desk/saved-replies";
import { insertAdmin, insertListener, insertUser } from "./support/accounts";
import { APP_ORIGIN } from "./support/auth-requests";
import { type ActionAnswer, callAction, callActionWithRequest, callLoader, signedInUser } from "./support/route-action";

async function admin(): Promise<SignedInUser> {
  return { ...signedInUser(await insertAdmin()), role: "admin" };
}

/** A post to /admin/replies as `user` (null: signed out), through the admin pages' guard. */
function post(user: SignedInUser | null, fields: Record<string, string>): Promise<ActionAnswer> {
  return callAction(action, PATHS.adminReplies, new URLSearchParams(fields), { user, middleware: adminGuard });
}

/** /admin/replies read as `user`, through the admin pages' guard. */
function read(user: SignedInUser | null): Promise<ActionAnswer> {
  return callLoader({ loader, middleware: adminGuard }, PATHS.adminReplies, { user });
}

/** The rows as stored, in order. */
const stored = async () =>
  (await env.DB.prepare("SELECT id, title, text, language, position FROM saved_replies ORDER BY position").all())
    .results;

/** The titles in the list's order, and whether the positions run 1 to n without a gap. */
async function order(): Promise<string[]> {
  const replies = await listSavedReplies();
  expect(replies.map((reply) => reply.position)).toEqual(replies.map((_, index) => index + 1));
  return replies.map((reply) => reply.title);
}

/** What a refused service call threw. */
async function refusal(call: Promise<unknown>): Promise<SavedReplyError> {
  const error = await call.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof SavedReplyError)) throw new Error(`expected a refusal, got ${String(error)}`);
  return error;
}

// Each test starts from an empty list (the migration's own replies are tested in wrap-up-topics.test.ts).
beforeEach(async () => {
  await env.DB.prepare("DELETE FROM saved_replies").run();
});

describe("saved replies", () => {
  it("are listed in the admin's order; a new one goes at the end, trimmed", async () => {
    const first = await addSavedReply({ language: "en", title: " Welcome ", text: "  Hi, I'm glad you wrote.\n" });
    expect(first).toEqual({
      id: expect.any(Number),
      title: "Welcome",
      text: "Hi, I'm glad you wrote.",
      language: "en",
      position: 1,
    });
    await addSavedReply({ language: "en", title: "Safety", text: "Are you safe right now?" });
    await addSavedReply({ language: "en", title: "Closing", text: "Take care." });
    expect(await order()).toEqual(["Welcome", "Safety", "Closing"]);
    expect(await listSavedReplies()).toContainEqual({ ...first, position: 1 });
  });

  it("added at the same moment each get a place of their own", async () => {
    await Promise.all(
      ["a", "b", "c", "d", "e"].map((title) => addSavedReply({ language: "en", title, text: `Reply ${title}` })),
    );
    expect((await order()).sort()).toEqual(["a", "b", "c", "d", "e"]);
  });

  it("take up to 1,000 characters of text and 80 of title, and refuse more, saying so beside the field", async () => {
    const longest = await addSavedReply({
      language: "en",
      title: "T".repeat(MAX_SAVED_REPLY_TITLE),
      text: "x".repeat(MAX_SAVED_REPLY),
    });
    expect(longest.text).toHaveLength(1000);
    const tooLong = await refusal(
      addSavedReply({ language: "en", title: "Long", text: "x".repeat(MAX_SAVED_REPLY + 1) }),
    );
    expect(tooLong).toMatchObject({ status: 400, problems: { text: SAVED_REPLY_TEXTS.textTooLong } });
    expect(SAVED_REPLY_TEXTS.textTooLong).toBe("A saved reply can be at most 1000 characters.");
    const longTitle = await refusal(
      addSavedReply({ language: "en", title: "T".repeat(MAX_SAVED_REPLY_TITLE + 1), text: "fine" }),
    );
    expect(longTitle.problems).toEqual({ title: SAVED_REPLY_TEXTS.titleTooLong });
    // Spaces around the text do not count: what is stored is trimmed.
    const padded = await addSavedReply({ language: "en", title: "Padded", text: `  ${"y".repeat(MAX_SAVED_REPLY)}  ` });
    expect(padded.text).toHaveLength(MAX_SAVED_REPLY);
    expect(await order()).toEqual(["T".repeat(MAX_SAVED_REPLY_TITLE), "Padded"]);
  });

  it("refuse an empty title and text together, each with its own message, and a field that is no text", async () => {
    const empty = await refusal(addSavedReply({ language: "en", title: "  ", text: "" }));
    expect(empty.problems).toEqual({ title: SAVED_REPLY_TEXTS.emptyTitle, text: SAVED_REPLY_TEXTS.emptyText });
    const missing = await refusal(addSavedReply({ language: "en", title: null, text: new File(["x"], "x.txt") }));
    expect(missing.problems).toEqual({ title: SAVED_REPLY_TEXTS.emptyTitle, text: SAVED_REPLY_TEXTS.emptyText });
    expect(await stored()).toEqual([]);
  });

  it("are edited in place, validated the same way", async () => {
    const reply = await addSavedReply({ language: "en", title: "Welcome", text: "Hello." });
    await addSavedReply({ language: "en", title: "Closing", text: "Bye." });
    const edited = await updateSavedReply(reply.id, {
      language: "en",
      title: "Warm welcome",
      text: " Hello, I'm here. ",
    });
    expect(edited).toEqual({
      id: reply.id,
      title: "Warm welcome",
      text: "Hello, I'm here.",
      language: "en",
      position: 1,
    });
    const before = await stored();
    const refused = await refusal(
      updateSavedReply(reply.id, { language: "en", title: "Warm welcome", text: "z".repeat(1001) }),
    );
    expect(refused.problems).toEqual({ text: SAVED_REPLY_TEXTS.textTooLong });
    expect(
      await refusal(updateSavedReply(reply.id + 1000, { language: "en", title: "Gone", text: "Gone" })),
    ).toMatchObject({
      status: 404,
      message: SAVED_REPLY_TEXTS.notFound,
    });
    expect(await stored()).toEqual(before);
  });

  it("are written in one of the site's languages, English unless the admin chooses another", async () => {
    const spanish = await addSavedReply({ title: "Bienvenida", text: "Hola.", language: "es" });
    expect(spanish.language).toBe("es");
    expect(await updateSavedReply(spanish.id, { title: "Bienvenida", text: "Hola.", language: "en" })).toMatchObject({
      language: "en",
    });
    // A reply stored before replies had a language (a row without one) is English.
    await env.DB.prepare("INSERT INTO saved_replies (title, text, position) VALUES ('Old', 'Old one.', 2)").run();
    expect((await listSavedReplies()).map((reply) => reply.language)).toEqual(["en", "en"]);
    const before = await stored();
    for (const language of ["fr", "", "ES", "english", null, undefined]) {
      const added = await refusal(addSavedReply({ title: "Salut", text: "Bonjour.", language }));
      expect(added, String(language)).toMatchObject({
        status: 400,
        problems: { language: SAVED_REPLY_TEXTS.chooseLanguage },
      });
      const saved = await refusal(updateSavedReply(spanish.id, { title: "Changed", text: "Changed.", language }));
      expect(saved.problems, String(language)).toEqual({ language: SAVED_REPLY_TEXTS.chooseLanguage });
    }
    expect(await stored()).toEqual(before);
  });

  it("move up and down a place at a time, staying put at either end, the places always 1 to n", async () => {
    const [a, b, c] = [
      await addSavedReply({ language: "en", title: "a", text: "a" }),
      await addSavedReply({ language: "en", title: "b", text: "b" }),
      await addSavedReply({ language: "en", title: "c", text: "c" }),
    ];
    expect(await moveSavedReply(c.id, "up")).toEqual({ reply: { ...c, position: 2 }, count: 3 });
    expect(await order()).toEqual(["a", "c", "b"]);
    await moveSavedReply(c.id, "up");
    expect(await order()).toEqual(["c", "a", "b"]);
    expect(await moveSavedReply(c.id, "up")).toEqual({ reply: { ...c, position: 1 }, count: 3 });
    expect(await order()).toEqual(["c", "a", "b"]);
    await moveSavedReply(a.id, "down");
    expect(await order()).toEqual(["c", "b", "a"]);
    expect(await moveSavedReply(a.id, "down")).toEqual({ reply: { ...a, position: 3 }, count: 3 });
    expect(await order()).toEqual(["c", "b", "a"]);
    await moveSavedReply(b.id, "down");
    expect(await order()).toEqual(["c", "a", "b"]);
    expect((await refusal(moveSavedReply(b.id + 1000, "up"))).status).toBe(404);
  });

  it("are removed, the ones after moving up a place", async () => {
    const [a, b] = [
      await addSavedReply({ language: "en", title: "a", text: "a" }),
      await addSavedReply({ language: "en", title: "b", text: "b" }),
    ];
    await addSavedReply({ language: "en", title: "c", text: "c" });
    expect(await removeSavedReply(b.id)).toEqual(b);
    expect(await order()).toEqual(["a", "c"]);
    await removeSavedReply(a.id);
    expect(await order()).toEqual(["c"]);
    expect(await refusal(removeSavedReply(a.id))).toMatchObject({ status: 404, message: SAVED_REPLY_TEXTS.notFound });
    expect(await order()).toEqual(["c"]);
    // A new one after a removal still goes at the end, with the next place.
    await addSavedReply({ language: "en", title: "d", text: "d" });
    expect(await order()).toEqual(["c", "d"]);
  });
});

describe("/admin/replies", () => {
  it("answers everyone but the admin with a 403, reading and for every write, and changes nothing", async () => {
    const reply = await addSavedReply({ language: "en", title: "Welcome", text: "Hello." });
    await addSavedReply({ language: "en", title: "Closing", text: "Bye." });
    const before = await stored();
    const someone = signedInUser(await insertUser());
    const listener = signedInUser(await insertListener());
    for (const user of [someone, listener]) {
      expect(await read(user)).toMatchObject({ status: 403, thrown: true, data: ADMIN_TEXTS.forbidden });
      for (const fields of <Record<string, string>[]>[
        { intent: LIST_INTENTS.add, title: "Sneaky", text: "Not allowed" },
        { intent: LIST_INTENTS.save, id: String(reply.id), title: "Changed", text: "Changed" },
        { intent: LIST_INTENTS.remove, id: String(reply.id) },
        { intent: LIST_INTENTS.up, id: String(reply.id) },
        { intent: LIST_INTENTS.down, id: String(reply.id) },
      ]) {
        expect(await post(user, fields), fields.intent).toMatchObject({
          status: 403,
          thrown: true,
          data: ADMIN_TEXTS.forbidden,
        });
      }
    }
    // Signed out: to sign in, and back.
    expect(await read(null)).toMatchObject({ status: 302, thrown: true });
    expect((await post(null, { intent: LIST_INTENTS.remove, id: String(reply.id) })).status).toBe(302);
    expect(await stored()).toEqual(before);
  });

  it("lets the admin read, add, save, move and remove, saying what happened", async () => {
    const boss = await admin();
    expect(await read(boss)).toMatchObject({ status: 200, data: { replies: [] } });
    const added = await post(boss, { intent: LIST_INTENTS.add, title: "Welcome", text: "Hello.", language: "en" });
    const [welcome] = await listSavedReplies();
    expect(added).toMatchObject({
      status: 200,
      data: { intent: "add", id: welcome?.id, done: SAVED_REPLY_PAGE_TEXTS.added("Welcome"), problem: null },
    });
    await post(boss, { intent: LIST_INTENTS.add, title: "Closing", text: "Take care.", language: "es" });
    const id = String(welcome?.id);
    expect(
      (await post(boss, { intent: LIST_INTENTS.save, id, title: "Hello", text: "Hi there.", language: "es" })).data,
    ).toMatchObject({ done: SAVED_REPLY_PAGE_TEXTS.saved("Hello") });
    expect((await listSavedReplies()).map((reply) => reply.language)).toEqual(["es", "es"]);
    expect((await post(boss, { intent: LIST_INTENTS.down, id })).data).toMatchObject({
      done: SAVED_REPLY_PAGE_TEXTS.moved("Hello", 2, 2),
    });
    expect(await order()).toEqual(["Closing", "Hello"]);
    expect((await post(boss, { intent: LIST_INTENTS.up, id })).data).toMatchObject({
      done: SAVED_REPLY_PAGE_TEXTS.moved("Hello", 1, 2),
    });
    expect((await post(boss, { intent: LIST_INTENTS.remove, id })).data).toMatchObject({
      done: SAVED_REPLY_PAGE_TEXTS.removed("Hello"),
    });
    expect(await order()).toEqual(["Closing"]);
    expect(await read(boss)).toMatchObject({
      data: { replies: [{ title: "Closing", text: "Take care.", language: "es" }] },
    });
  });

  it("refuses a bad reply with a 400, each problem beside its field and what was typed kept, and changes nothing", async () => {
    const boss = await admin();
    const reply = await addSavedReply({ language: "en", title: "Welcome", text: "Hello." });
    const before = await stored();
    const long = "w".repeat(MAX_SAVED_REPLY + 1);
    expect(await post(boss, { intent: LIST_INTENTS.add, title: "  ", text: long })).toMatchObject({
      status: 400,
      thrown: false,
      data: {
        intent: "add",
        problem: {
          id: null,
          fields: { title: SAVED_REPLY_TEXTS.emptyTitle, text: SAVED_REPLY_TEXTS.textTooLong },
          typed: { title: "  ", text: long },
        },
      },
    });
    expect(
      await post(boss, { intent: LIST_INTENTS.save, id: String(reply.id), title: "New title", text: "" }),
    ).toMatchObject({
      status: 400,
      data: {
        intent: "save",
        problem: {
          id: reply.id,
          fields: { text: SAVED_REPLY_TEXTS.emptyText },
          typed: { title: "New title", text: "" },
        },
      },
    });
    // A language the site does not speak, adding and saving: the field says so, nothing is stored.
    for (const fields of <Record<string, string>[]>[
      { intent: LIST_INTENTS.add, title: "Salut", text: "Bonjour.", language: "fr" },
      { intent: LIST_INTENTS.save, id: String(reply.id), title: "Salut", text: "Bonjour.", language: "fr" },
      { intent: LIST_INTENTS.add, title: "Salut", text: "Bonjour." },
    ]) {
      expect(await post(boss, fields), JSON.stringify(fields)).toMatchObject({
        status: 400,
        thrown: false,
        data: {
          problem: {
            fields: { language: SAVED_REPLY_TEXTS.chooseLanguage },
            typed: { title: "Salut", text: "Bonjour.", language: fields.language ?? "" },
          },
        },
      });
    }
    // A reply that is gone, an unknown action, a form without its row, a body that is no form.
    for (const [fields, status, message] of [
      [
        { intent: LIST_INTENTS.save, id: String(reply.id + 1000), title: "a", text: "b", language: "en" },
        404,
        SAVED_REPLY_TEXTS.notFound,
      ],
      [{ intent: LIST_INTENTS.remove, id: String(reply.id + 1000) }, 404, SAVED_REPLY_TEXTS.notFound],
      [{ intent: "rename", id: String(reply.id) }, 400, LIST_TEXTS.unknownIntent],
      [{ intent: LIST_INTENTS.remove }, 400, LIST_TEXTS.malformed],
      [{ intent: LIST_INTENTS.up, id: "1.5" }, 400, LIST_TEXTS.malformed],
      [{ intent: LIST_INTENTS.down, id: "-3" }, 400, LIST_TEXTS.malformed],
    ] as const) {
      expect(await post(boss, fields), JSON.stringify(fields)).toMatchObject({
        status,
        thrown: false,
        data: { problem: { message, fields: {} } },
      });
    }
    const json = new Request(`${APP_ORIGIN}${PATHS.adminReplies}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: APP_ORIGIN },
      body: JSON.stringify({ intent: "remove", id: reply.id }),
    });
    expect(await callActionWithRequest(action, json, { user: boss })).toMatchObject({
      status: 400,
      data: { problem: { message: LIST_TEXTS.unknownIntent } },
    });
    expect(await stored()).toEqual(before);
  });
});
