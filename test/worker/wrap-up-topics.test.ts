import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { middleware as adminGuard } from "~/routes/admin/admin-layout";
import { action, loader } from "~/routes/admin/wrap-up-topics";
import type { SignedInUser } from "~/shared/accounts";
import { ADMIN_TEXTS } from "~/shared/admin";
import { CRISIS_LINE_PLACEHOLDER } from "~/shared/crisis-help";
import {
  LIST_INTENTS,
  LIST_TEXTS,
  MAX_TOPIC_NAME,
  SavedReplySchema,
  SEEDED_WRAP_UP_TOPICS,
  WRAP_UP_TEXTS,
  WRAP_UP_TOPIC_TEXTS,
} from "~/shared/desk-operations";
import { PATHS } from "~/shared/routes";
import { listSavedReplies } from "../../worker/desk/saved-replies";
import {
  addWrapUpTopic,
  checkWrapUp,
  listWrapUpTopics,
  moveWrapUpTopic,
  removeWrapUpTopic,
  renameWrapUpTopic,
  TopicError,
} from "../../worker/desk/wrap-up-topics";
import { insertAdmin, insertListener, insertUser } from "./support/accounts";
import { type ActionAnswer, callAction, callLoader, signedInUser } from "./support/route-action";

async function admin(): Promise<SignedInUser> {
  return { ...signedInUser(await insertAdmin()), role: "admin" };
}

/** A post to /admin/topics as `user` (null: signed out), through the admin pages' guard. */
function post(user: SignedInUser | null, fields: Record<string, string>): Promise<ActionAnswer> {
  return callAction(action, PATHS.adminTopics, new URLSearchParams(fields), { user, middleware: adminGuard });
}

function read(user: SignedInUser | null): Promise<ActionAnswer> {
  return callLoader({ loader, middleware: adminGuard }, PATHS.adminTopics, { user });
}

const stored = async () =>
  (await env.DB.prepare("SELECT id, name, position FROM wrap_up_topics ORDER BY position").all()).results;

/** The names in the list's order, and whether the positions run 1 to n without a gap. */
async function names(): Promise<string[]> {
  const topics = await listWrapUpTopics();
  expect(topics.map((topic) => topic.position)).toEqual(topics.map((_, index) => index + 1));
  return topics.map((topic) => topic.name);
}

async function refusal(call: Promise<unknown>): Promise<TopicError> {
  const error = await call.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof TopicError)) throw new Error(`expected a refusal, got ${String(error)}`);
  return error;
}

/** The migration that made the two tables, and its statements that fill them. */
function seedingStatements(): string[] {
  const migration = env.TEST_MIGRATIONS.find((m) => m.queries.some((q) => q.includes("CREATE TABLE `wrap_up_topics`")));
  expect(migration?.name).toBe("0009_saved_replies_and_wrap_up_topics.sql");
  // The later migration that made the seeded replies share each visitor's own crisis line.
  const perCountry = env.TEST_MIGRATIONS.find((m) => m.name === "0011_crisis_country_choices.sql");
  // And the one that gave replies a language, with the seeded replies in Spanish.
  const perLanguage = env.TEST_MIGRATIONS.find((m) => m.name === "0014_saved_reply_languages.sql");
  return [
    ...(migration?.queries ?? []).filter((query) => /INSERT INTO/.test(query)),
    ...(perCountry?.queries ?? []).filter((query) => /UPDATE `saved_replies`/.test(query)),
    ...(perLanguage?.queries ?? []).filter((query) => /INSERT INTO `saved_replies`/.test(query)),
  ];
}

beforeEach(async () => {
  await env.DB.batch([env.DB.prepare("DELETE FROM wrap_up_topics"), env.DB.prepare("DELETE FROM saved_replies")]);
});

describe("the migration that makes the desk's lists", () => {
  it("seeds the wrap-up topics in SEEDED_WRAP_UP_TOPICS' order, and saved replies in English and Spanish that share the visitor's own crisis line", async () => {
    // The setup empties every table after migrating; the migration's own statements fill them again.
    for (const statement of seedingStatements()) await env.DB.prepare(statement).run();
    expect(await names()).toEqual([...SEEDED_WRAP_UP_TOPICS]);
    const replies = await listSavedReplies();
    expect(replies.map((reply) => [reply.title, reply.language])).toEqual([
      ["Welcome", "en"],
      ["Checking on safety", "en"],
      ["Their crisis line", "en"],
      ["Crisis Text Line (US only)", "en"],
      ["Closing", "en"],
      ["Bienvenida", "es"],
      ["Preguntar por su seguridad", "es"],
      ["Su línea de crisis", "es"],
      ["Despedida", "es"],
    ]);
    expect(replies.map((reply) => reply.position)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    // Each one is a reply the admin's form would take as it is.
    for (const reply of replies) {
      expect(SavedReplySchema.safeParse(reply).success, reply.title).toBe(true);
      expect(SavedReplySchema.parse(reply)).toEqual({ title: reply.title, text: reply.text, language: reply.language });
    }
    const texts = replies.map((reply) => reply.text).join("\n");
    // No reply offers 988 to everyone: the desk writes each visitor's own line in its place.
    expect(texts).not.toContain("988");
    const shared = replies.filter((reply) => reply.text.includes(CRISIS_LINE_PLACEHOLDER)).map((reply) => reply.title);
    expect(shared).toEqual(["Their crisis line", "Closing", "Su línea de crisis", "Despedida"]);
  });
});

describe("wrap-up topics", () => {
  it("are listed in order; a new one goes at the end, trimmed", async () => {
    expect(await addWrapUpTopic("  Anxiety ")).toEqual({ id: expect.any(Number), name: "Anxiety", position: 1 });
    await addWrapUpTopic("Grief");
    await addWrapUpTopic("Other");
    expect(await names()).toEqual(["Anxiety", "Grief", "Other"]);
  });

  it("refuse a name already on the list in any letter case, an empty one and an overlong one, changing nothing", async () => {
    const grief = await addWrapUpTopic("Grief");
    await addWrapUpTopic("Other");
    const before = await stored();
    expect(await refusal(addWrapUpTopic(" grief "))).toMatchObject({
      status: 409,
      field: "name",
      message: WRAP_UP_TOPIC_TEXTS.duplicate("grief"),
    });
    expect(await refusal(addWrapUpTopic("   "))).toMatchObject({ status: 400, message: WRAP_UP_TOPIC_TEXTS.emptyName });
    expect(await refusal(addWrapUpTopic("n".repeat(MAX_TOPIC_NAME + 1)))).toMatchObject({
      status: 400,
      message: WRAP_UP_TOPIC_TEXTS.nameTooLong,
    });
    expect(await refusal(addWrapUpTopic(null))).toMatchObject({ status: 400, message: WRAP_UP_TOPIC_TEXTS.emptyName });
    // Renamed to another topic's name: refused too; to its own name in another case: taken.
    expect(await refusal(renameWrapUpTopic(grief.id, "OTHER"))).toMatchObject({
      status: 409,
      message: WRAP_UP_TOPIC_TEXTS.duplicate("OTHER"),
    });
    expect(await stored()).toEqual(before);
    expect(await renameWrapUpTopic(grief.id, "grief")).toEqual({ from: "Grief", to: "grief" });
    expect(await names()).toEqual(["grief", "Other"]);
    await addWrapUpTopic("n".repeat(MAX_TOPIC_NAME));
  });

  it("added twice at the same moment are added once", async () => {
    const tries = await Promise.allSettled([
      addWrapUpTopic("Family"),
      addWrapUpTopic("family"),
      addWrapUpTopic("FAMILY"),
    ]);
    expect(tries.filter((attempt) => attempt.status === "fulfilled")).toHaveLength(1);
    expect(await names()).toHaveLength(1);
  });

  it("are renamed in place; a topic that is gone is said to be", async () => {
    const anxiety = await addWrapUpTopic("Anxiety");
    await addWrapUpTopic("Other");
    expect(await renameWrapUpTopic(anxiety.id, " Worry ")).toEqual({ from: "Anxiety", to: "Worry" });
    expect(await names()).toEqual(["Worry", "Other"]);
    expect(await refusal(renameWrapUpTopic(anxiety.id + 1000, "New"))).toMatchObject({
      status: 404,
      message: WRAP_UP_TOPIC_TEXTS.notFound,
    });
  });

  it("move a place at a time and are removed, the places always 1 to n", async () => {
    const [a, b, c] = [await addWrapUpTopic("a"), await addWrapUpTopic("b"), await addWrapUpTopic("c")];
    expect(await moveWrapUpTopic(a.id, "down")).toEqual({ topic: { ...a, position: 2 }, count: 3 });
    expect(await names()).toEqual(["b", "a", "c"]);
    await moveWrapUpTopic(c.id, "up");
    expect(await names()).toEqual(["b", "c", "a"]);
    await moveWrapUpTopic(b.id, "up");
    await moveWrapUpTopic(a.id, "down");
    expect(await names()).toEqual(["b", "c", "a"]);
    expect(await removeWrapUpTopic(c.id)).toEqual({ ...c, position: 2 });
    expect(await names()).toEqual(["b", "a"]);
    expect((await refusal(removeWrapUpTopic(c.id))).status).toBe(404);
    expect((await refusal(moveWrapUpTopic(c.id, "up"))).status).toBe(404);
  });
});

describe("a wrap-up", () => {
  beforeEach(async () => {
    for (const name of SEEDED_WRAP_UP_TOPICS) await addWrapUpTopic(name);
  });

  it("is taken with topics of the current list (each once, in the list's order) and the risk answered", async () => {
    expect(await checkWrapUp({ topics: ["Other", "Anxiety", "Other"], riskDiscussed: "yes" })).toEqual({
      wrapUp: { topics: ["Anxiety", "Other"], riskDiscussed: true },
    });
    expect(await checkWrapUp({ topics: ["Grief"], riskDiscussed: "no" })).toEqual({
      wrapUp: { topics: ["Grief"], riskDiscussed: false },
    });
  });

  it("says what is missing: no topic, a topic not on the list, no risk answer, all at once", async () => {
    expect(await checkWrapUp({ topics: [], riskDiscussed: "no" })).toEqual({
      problems: { topics: WRAP_UP_TEXTS.chooseTopic },
    });
    expect(await checkWrapUp({ topics: ["Anxiety", "Boredom"], riskDiscussed: "no" })).toEqual({
      problems: { topics: WRAP_UP_TEXTS.unknownTopic },
    });
    expect(await checkWrapUp({ topics: ["Anxiety"], riskDiscussed: null })).toEqual({
      problems: { riskDiscussed: WRAP_UP_TEXTS.chooseRisk },
    });
    expect(await checkWrapUp({ topics: ["Anxiety"], riskDiscussed: "maybe" })).toEqual({
      problems: { riskDiscussed: WRAP_UP_TEXTS.chooseRisk },
    });
    expect(await checkWrapUp({ topics: [], riskDiscussed: null })).toEqual({
      problems: { topics: WRAP_UP_TEXTS.chooseTopic, riskDiscussed: WRAP_UP_TEXTS.chooseRisk },
    });
    expect(await checkWrapUp({ topics: ["Nope"], riskDiscussed: null })).toEqual({
      problems: { topics: WRAP_UP_TEXTS.unknownTopic, riskDiscussed: WRAP_UP_TEXTS.chooseRisk },
    });
    expect(await checkWrapUp({ topics: ["n".repeat(MAX_TOPIC_NAME + 1)], riskDiscussed: "yes" })).toEqual({
      problems: { topics: WRAP_UP_TEXTS.unknownTopic },
    });
  });

  it("refuses a topic the admin removed or renamed since the form was shown", async () => {
    const grief = (await listWrapUpTopics()).find((topic) => topic.name === "Grief");
    if (!grief) throw new Error("no Grief");
    await renameWrapUpTopic(grief.id, "Loss");
    expect(await checkWrapUp({ topics: ["Grief"], riskDiscussed: "no" })).toEqual({
      problems: { topics: WRAP_UP_TEXTS.unknownTopic },
    });
    expect(await checkWrapUp({ topics: ["Loss"], riskDiscussed: "no" })).toEqual({
      wrapUp: { topics: ["Loss"], riskDiscussed: false },
    });
  });
});

describe("/admin/topics", () => {
  it("answers everyone but the admin with a 403, reading and for every write, and changes nothing", async () => {
    const topic = await addWrapUpTopic("Anxiety");
    await addWrapUpTopic("Other");
    const before = await stored();
    for (const user of [signedInUser(await insertUser()), signedInUser(await insertListener())]) {
      expect(await read(user)).toMatchObject({ status: 403, thrown: true, data: ADMIN_TEXTS.forbidden });
      for (const fields of <Record<string, string>[]>[
        { intent: LIST_INTENTS.add, name: "Sneaky" },
        { intent: LIST_INTENTS.save, id: String(topic.id), name: "Renamed" },
        { intent: LIST_INTENTS.remove, id: String(topic.id) },
        { intent: LIST_INTENTS.up, id: String(topic.id) },
        { intent: LIST_INTENTS.down, id: String(topic.id) },
      ]) {
        expect(await post(user, fields), fields.intent).toMatchObject({
          status: 403,
          thrown: true,
          data: ADMIN_TEXTS.forbidden,
        });
      }
    }
    expect(await stored()).toEqual(before);
  });

  it("lets the admin add, rename, move and remove, and refuses a duplicate beside the field with what was typed", async () => {
    const boss = await admin();
    expect(await post(boss, { intent: LIST_INTENTS.add, name: "Grief" })).toMatchObject({
      status: 200,
      data: { intent: "add", done: WRAP_UP_TOPIC_TEXTS.added("Grief"), problem: null },
    });
    await post(boss, { intent: LIST_INTENTS.add, name: "Other" });
    const before = await stored();
    expect(await post(boss, { intent: LIST_INTENTS.add, name: "  GRIEF" })).toMatchObject({
      status: 409,
      thrown: false,
      data: {
        intent: "add",
        problem: { id: null, field: "name", message: WRAP_UP_TOPIC_TEXTS.duplicate("GRIEF"), typed: "  GRIEF" },
      },
    });
    const [grief] = await listWrapUpTopics();
    const id = String(grief?.id);
    expect(await post(boss, { intent: LIST_INTENTS.save, id, name: "" })).toMatchObject({
      status: 400,
      data: { problem: { id: grief?.id, field: "name", message: WRAP_UP_TOPIC_TEXTS.emptyName, typed: "" } },
    });
    expect(await post(boss, { intent: "shuffle", id })).toMatchObject({
      status: 400,
      data: { problem: { field: null, message: LIST_TEXTS.unknownIntent } },
    });
    expect(await post(boss, { intent: LIST_INTENTS.remove, id: "" })).toMatchObject({
      status: 400,
      data: { problem: { field: null, message: LIST_TEXTS.malformed } },
    });
    expect(await stored()).toEqual(before);

    expect((await post(boss, { intent: LIST_INTENTS.save, id, name: "Loss" })).data).toMatchObject({
      done: WRAP_UP_TOPIC_TEXTS.renamed("Grief", "Loss"),
    });
    expect((await post(boss, { intent: LIST_INTENTS.down, id })).data).toMatchObject({
      done: WRAP_UP_TOPIC_TEXTS.moved("Loss", 2, 2),
    });
    expect(await names()).toEqual(["Other", "Loss"]);
    expect((await post(boss, { intent: LIST_INTENTS.remove, id })).data).toMatchObject({
      done: WRAP_UP_TOPIC_TEXTS.removed("Loss"),
    });
    expect(await post(boss, { intent: LIST_INTENTS.remove, id })).toMatchObject({
      status: 404,
      data: { problem: { field: null, message: WRAP_UP_TOPIC_TEXTS.notFound } },
    });
    expect(await read(boss)).toMatchObject({ data: { topics: [{ name: "Other", position: 1 }] } });
  });
});
