import { META_TABLE, Meta } from "./meta";

/** One change to an object's SQLite schema. */
export type Migration = (sql: SqlStorage) => void;

/** How many of the object's migrations its storage has run (a `meta` key). */
const VERSION_KEY = "schema_version";

/**
 * Brings an object's storage up to date at start: the steps it has not run yet, in order, then the
 * count of steps run is remembered, so a started object reads one row instead of running its DDL.
 * Steps are only ever appended. Each must be idempotent: objects created before the count was kept
 * run every step once, on tables some earlier code already made.
 */
export function runMigrations(sql: SqlStorage, steps: readonly Migration[]): void {
  sql.exec(META_TABLE);
  const meta = new Meta(sql);
  const done = Number(meta.get(VERSION_KEY) ?? 0);
  if (done >= steps.length) return;
  for (const step of steps.slice(done)) step(sql);
  meta.set(VERSION_KEY, String(steps.length));
}

/** A migration that runs SQL (CREATE ... IF NOT EXISTS and the like: idempotent by itself). */
export const sqlMigration =
  (statements: string): Migration =>
  (sql) => {
    sql.exec(statements);
  };

/** A migration that adds a column to a table unless it has it already. */
export const addColumnMigration =
  (table: string, column: string, definition: string): Migration =>
  (sql) => {
    const columns = sql.exec<{ name: string }>(`PRAGMA table_info(${table})`).toArray();
    if (!columns.some((existing) => existing.name === column)) {
      sql.exec(`ALTER TABLE ${table} ADD COLUMN ${column} ${definition}`);
    }
  };
