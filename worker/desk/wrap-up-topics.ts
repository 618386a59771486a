import { env } from "cloudflare:workers";
import { asc, eq, sql } from "drizzle-orm";
import {
  TopicNameSchema,
  WRAP_UP_TEXTS,
  WRAP_UP_TOPIC_TEXTS,
  type WrapUp,
  type WrapUpTopic,
} from "~/shared/desk-operations";
import { type PostedWrapUp, parseWrapUp, type WrapUpProblems } from "~/shared/wrap-up-form";
import { createDb } from "../db/client";
import { wrapUpTopics } from "../db/schema";
import { type Direction, moveRow, nextPositionSql, removeRow } from "./ordered-rows";

// The database's unique index decides names in any letter case, so two admins adding one name at once get one row.

/** `field` is "name" when it concerns the name typed. */
export class TopicError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 404 | 409,
    readonly field: "name" | null = null,
  ) {
    super(message);
  }
}

const columns = { id: wrapUpTopics.id, name: wrapUpTopics.name, position: wrapUpTopics.position };

export async function listWrapUpTopics(): Promise<WrapUpTopic[]> {
  return createDb(env.DB).select(columns).from(wrapUpTopics).orderBy(asc(wrapUpTopics.position));
}

function checkedName(name: unknown): string {
  const parsed = TopicNameSchema.safeParse(name);
  if (!parsed.success) {
    throw new TopicError(parsed.error.issues[0]?.message ?? WRAP_UP_TOPIC_TEXTS.emptyName, 400, "name");
  }
  return parsed.data;
}

/** drizzle wraps D1's error. */
function isDuplicate(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if (cause.message.includes("UNIQUE constraint failed")) return true;
  }
  return false;
}

export async function addWrapUpTopic(name: unknown): Promise<WrapUpTopic> {
  const checked = checkedName(name);
  const [added] = await createDb(env.DB)
    .insert(wrapUpTopics)
    .values({ name: checked, position: sql.raw(nextPositionSql("wrap_up_topics")) })
    .onConflictDoNothing()
    .returning(columns);
  if (!added) throw new TopicError(WRAP_UP_TOPIC_TEXTS.duplicate(checked), 409, "name");
  return added;
}

/** Wrap-ups made before keep the name they were made with. */
export async function renameWrapUpTopic(id: number, name: unknown): Promise<{ from: string; to: string }> {
  const checked = checkedName(name);
  const db = createDb(env.DB);
  const [before] = await db.select(columns).from(wrapUpTopics).where(eq(wrapUpTopics.id, id)).limit(1);
  if (!before) throw new TopicError(WRAP_UP_TOPIC_TEXTS.notFound, 404);
  try {
    const [updated] = await db
      .update(wrapUpTopics)
      .set({ name: checked })
      .where(eq(wrapUpTopics.id, id))
      .returning(columns);
    if (!updated) throw new TopicError(WRAP_UP_TOPIC_TEXTS.notFound, 404);
    return { from: before.name, to: updated.name };
  } catch (error) {
    if (isDuplicate(error)) throw new TopicError(WRAP_UP_TOPIC_TEXTS.duplicate(checked), 409, "name");
    throw error;
  }
}

export async function removeWrapUpTopic(id: number): Promise<WrapUpTopic> {
  const removed = await removeRow<WrapUpTopic>("wrap_up_topics", id);
  if (!removed) throw new TopicError(WRAP_UP_TOPIC_TEXTS.notFound, 404);
  return { id: removed.id, name: removed.name, position: removed.position };
}

export async function moveWrapUpTopic(
  id: number,
  direction: Direction,
): Promise<{ topic: WrapUpTopic; count: number }> {
  const moved = await moveRow<WrapUpTopic>("wrap_up_topics", id, direction);
  if (!moved) throw new TopicError(WRAP_UP_TOPIC_TEXTS.notFound, 404);
  return { topic: { id, name: moved.row.name, position: moved.row.position }, count: moved.count };
}

/** The topics come back in the list's order, each once; problems are all reported at once. */
export async function checkWrapUp(posted: PostedWrapUp): Promise<{ wrapUp: WrapUp } | { problems: WrapUpProblems }> {
  const { wrapUp, problems } = parseWrapUp(posted);
  if (problems.topics) return { problems };
  const names = (await listWrapUpTopics()).map((topic) => topic.name);
  if (posted.topics.some((topic) => !names.includes(topic))) {
    return { problems: { ...problems, topics: WRAP_UP_TEXTS.unknownTopic } };
  }
  if (!wrapUp) return { problems };
  return { wrapUp: { ...wrapUp, topics: names.filter((name) => wrapUp.topics.includes(name)) } };
}
