import { env } from "cloudflare:workers";
import { LIST_INTENTS, LIST_TEXTS, type ListIntent } from "~/shared/desk-operations";

/** Positions run 1 to n without gaps; each change is one statement or batch, so two admins at once cannot break it. */
export type OrderedTable = "saved_replies" | "wrap_up_topics";
export type Direction = "up" | "down";

/** Taken in the same statement as the INSERT. */
export const nextPositionSql = (table: OrderedTable) => `(SELECT coalesce(max(position), 0) + 1 FROM ${table})`;

/** At either end nothing changes. Answers the row as it stands now and the count, or null when there is no such row. */
export async function moveRow<Row extends { position: number }>(
  table: OrderedTable,
  id: number,
  direction: Direction,
): Promise<{ row: Row; count: number } | null> {
  const step = direction === "up" ? -1 : 1;
  // The two rows are chosen once, before anything changes (the IN list is read first), and each
  // takes the other's place; without a neighbour the list is empty and nothing moves.
  const [, after] = await env.DB.batch<Row & { count: number }>([
    env.DB.prepare(
      `UPDATE ${table} SET position = CASE WHEN id = ?1 THEN position + ?2 ELSE position - ?2 END
       WHERE id IN (
         SELECT pair.id FROM ${table} AS me
         JOIN ${table} AS neighbour ON neighbour.position = me.position + ?2
         JOIN ${table} AS pair ON pair.id IN (me.id, neighbour.id)
         WHERE me.id = ?1
       )`,
    ).bind(id, step),
    env.DB.prepare(`SELECT *, (SELECT count(*) FROM ${table}) AS count FROM ${table} WHERE id = ?1`).bind(id),
  ]);
  const found = after?.results[0];
  if (!found) return null;
  const { count, ...row } = found;
  return { row: row as unknown as Row, count };
}

export async function removeRow<Row>(table: OrderedTable, id: number): Promise<Row | null> {
  const [, deleted] = await env.DB.batch<Row>([
    env.DB.prepare(
      `UPDATE ${table} SET position = position - 1 WHERE position > (SELECT position FROM ${table} WHERE id = ?1)`,
    ).bind(id),
    env.DB.prepare(`DELETE FROM ${table} WHERE id = ?1 RETURNING *`).bind(id),
  ]);
  return deleted?.results[0] ?? null;
}

export type ListForm = { intent: typeof LIST_INTENTS.add } | { intent: Exclude<ListIntent, "add">; id: number };

/** A form without them is refused with what to tell the admin. */
export function readListForm(form: FormData): ListForm | { refusal: string } {
  const intent = form.get("intent");
  const known = Object.values(LIST_INTENTS).find((value) => value === intent);
  if (!known) return { refusal: LIST_TEXTS.unknownIntent };
  if (known === LIST_INTENTS.add) return { intent: known };
  const id = Number(form.get("id") ?? "");
  if (!Number.isSafeInteger(id) || id <= 0) return { refusal: LIST_TEXTS.malformed };
  return { intent: known, id };
}
