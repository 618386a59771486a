import { readdirSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";

/**
 * Where the e2e server keeps its state: the same default and override as scripts/e2e-server.sh, so
 * a run on its own state (E2E_STATE) reads the database its server writes.
 */
const E2E_STATE = process.env.E2E_STATE ?? ".wrangler/e2e";

/** The local D1's SQLite file (the one database of the app; metadata.sqlite is the runtime's). */
function localD1File(): string {
  const folder = join(E2E_STATE, "v3", "d1", "miniflare-D1DatabaseObject");
  const file = readdirSync(folder).find((name) => name.endsWith(".sqlite") && name !== "metadata.sqlite");
  if (!file) throw new Error(`no local D1 database in ${folder}: is the e2e server running on this state?`);
  return join(folder, file);
}

let database: DatabaseSync | null = null;

/**
 * Runs SQL against the e2e server's local D1 and returns the rows, straight from its SQLite file
 * (docs/decisions/144-browser-tests-read-the-local-d1-file-directly.md). The running server has the
 * same file open in WAL mode and takes SQLite's own file locks, so a statement waits for the
 * server's write to end rather than failing (the busy timeout).
 */
export async function queryLocalD1<T>(sql: string): Promise<T[]> {
  database ??= new DatabaseSync(localD1File(), { timeout: 10_000 });
  return database.prepare(sql).all() as T[];
}

/** A string as an SQL literal. */
export const sqlText = (value: string) => `'${value.replaceAll("'", "''")}'`;
