import { META_TABLE, Meta } from "./meta";

export type Migration = (sql: SqlStorage) => void;

const VERSION_KEY = "schema_version";

/**
 * Runs the steps not yet run, then stores the count, so a started object reads one row instead of
 * running its DDL. Steps are only appended, and each must be idempotent: objects created before the
 * count was kept run every step once.
 */
export function runMigrations(sql: SqlStorage, steps: readonly Migration[]): void {
  sql.exec(META_TABLE);
  const meta = new Meta(sql);
  const done = Number(meta.get(VERSION_KEY) ?? 0);
  if (done >= steps.length) return;
  for (const step of steps.slice(done)) step(sql);
  meta.set(VERSION_KEY, String(steps.length));
}

export const sqlMigration =
  (statements: string): Migration =>
  (sql) => {
    sql.exec(statements);
  };

export const addColumnMigration =
  (table: string, column: string, definition: string): Migration =>
  (sql) => {
    const columns = sql.exec<{ name: string }>(`PRAGMA table_info(${table})`).toArray();
    if (!columns.some((existing) => existing.name === column)) {
      sql.exec(`ALTER TABLE ${table} ADD COLUMN ${column} ${definition}`);
    }
  };
