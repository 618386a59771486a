import { env } from "cloudflare:workers";
import { asc, eq, sql } from "drizzle-orm";
import { SAVED_REPLY_TEXTS, type SavedReply, SavedReplySchema } from "~/shared/desk-operations";
import { createDb } from "../db/client";
import { savedReplies } from "../db/schema";
import { type Direction, moveRow, nextPositionSql, removeRow } from "./ordered-rows";

// Who may change saved replies is the admin pages' guard; who may read them, the desk page's (only the holder).

export type SavedReplyProblems = Partial<Record<SavedReplyField, string>>;
type SavedReplyField = "title" | "text" | "language";
const FIELDS: readonly string[] = ["title", "text", "language"] satisfies SavedReplyField[];

export type SavedReplyInput = { title: unknown; text: unknown; language: unknown };

/** `problems` are the fields' own; else `message` concerns the whole form. */
export class SavedReplyError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 404,
    readonly problems: SavedReplyProblems = {},
  ) {
    super(message);
  }
}

const columns = {
  id: savedReplies.id,
  title: savedReplies.title,
  text: savedReplies.text,
  language: savedReplies.language,
  position: savedReplies.position,
};

export async function listSavedReplies(): Promise<SavedReply[]> {
  return createDb(env.DB).select(columns).from(savedReplies).orderBy(asc(savedReplies.position));
}

function checked(input: SavedReplyInput): Omit<SavedReply, "id" | "position"> {
  const parsed = SavedReplySchema.safeParse(input);
  if (parsed.success) return parsed.data;
  const problems: SavedReplyProblems = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (typeof field === "string" && FIELDS.includes(field) && !problems[field as SavedReplyField]) {
      problems[field as SavedReplyField] = issue.message;
    }
  }
  const first = problems.title ?? problems.text ?? problems.language ?? SAVED_REPLY_TEXTS.emptyTitle;
  throw new SavedReplyError(first, 400, problems);
}

export async function addSavedReply(input: SavedReplyInput): Promise<SavedReply> {
  const reply = checked(input);
  const [added] = await createDb(env.DB)
    .insert(savedReplies)
    .values({ ...reply, position: sql.raw(nextPositionSql("saved_replies")) })
    .returning(columns);
  if (!added) throw new Error("a saved reply's insert returned no row");
  return added;
}

export async function updateSavedReply(id: number, input: SavedReplyInput): Promise<SavedReply> {
  const reply = checked(input);
  const [updated] = await createDb(env.DB)
    .update(savedReplies)
    .set(reply)
    .where(eq(savedReplies.id, id))
    .returning(columns);
  if (!updated) throw new SavedReplyError(SAVED_REPLY_TEXTS.notFound, 404);
  return updated;
}

export async function removeSavedReply(id: number): Promise<SavedReply> {
  const removed = await removeRow<SavedReply>("saved_replies", id);
  if (!removed) throw new SavedReplyError(SAVED_REPLY_TEXTS.notFound, 404);
  const { title, text, language, position } = removed;
  return { id: removed.id, title, text, language, position };
}

export async function moveSavedReply(id: number, direction: Direction): Promise<{ reply: SavedReply; count: number }> {
  const moved = await moveRow<SavedReply>("saved_replies", id, direction);
  if (!moved) throw new SavedReplyError(SAVED_REPLY_TEXTS.notFound, 404);
  const { title, text, language, position } = moved.row;
  return { reply: { id, title, text, language, position }, count: moved.count };
}
