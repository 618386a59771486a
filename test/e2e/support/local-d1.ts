import { readdirSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";

/**
 * Where the e2e server keeps its state: the same default and override as scripts/e2e-server.sh, so
 * a run on its own state (E2E_STATE) reads the database its server writes.
 */
export const E2E_STATE = process.env.E2E_STATE ?? ".wrangler/e2e";

/** The local D1's SQLite file (the one database of the app; metadata.sqlite is the runtime's). */
function localD1File(): string {
  const folder = join(E2E_STATE, "v3", "d1", "miniflare-D1DatabaseObject");
  const file = readdirSync(folder).find((name) => name.endsWith(".sqlite") && name !== "metadata.sqlite");
  if (!file) throw new Error(`no local D1 database in ${folder}: is the e2e server running on this state?`);
  return join(folder, file);
}

/**
 * Reads the e2e server's local D1 straight from its SQLite file, read-only
 * (docs/decisions/144-browser-tests-read-the-local-d1-file-directly.md): the running server has the
 * file open in WAL mode, where a reader never stands in a writer's way. Opened for each read and
 * closed after it (a few milliseconds), so nothing of the test process stays open beside the server.
 */
export async function queryLocalD1<T>(sql: string): Promise<T[]> {
  const reader = new DatabaseSync(localD1File(), { readOnly: true, timeout: 10_000 });
  try {
    return reader.prepare(sql).all() as T[];
  } finally {
    reader.close();
  }
}

/**
 * Writes to the e2e server's local D1 through the server itself: Wrangler's local explorer, which
 * `wrangler dev` serves beside the app (scripts/e2e-server.sh turns it on), runs them in the
 * server's own D1 (docs/decisions/188-browser-tests-make-accounts-straight-in-d1.md). A write from
 * any other process, another SQLite library or `wrangler d1 execute` alike, holds the file's lock
 * while the server's own statements fail as busy. The statements run as one D1 batch: all or nothing.
 */
export async function writeLocalD1(statements: string | string[]): Promise<void> {
  const batch = (Array.isArray(statements) ? statements : [statements]).map((sql) => ({ sql }));
  const response = await fetch(`${EXPLORER}/d1/database/${await databaseId()}/raw`, {
    method: "POST",
    headers: { "content-type": "application/json", ...OWN_SERVER_ONLY },
    body: JSON.stringify({ batch }),
  });
  const answer = (await response.json().catch(() => null)) as { success?: boolean; errors?: unknown } | null;
  if (!response.ok || !answer?.success) {
    throw new Error(`the local D1 refused the write (${response.status}): ${JSON.stringify(answer?.errors ?? answer)}`);
  }
}

/** Wrangler's local explorer API on the e2e server (the same port as the tests' baseURL). */
const EXPLORER = `http://127.0.0.1:${process.env.E2E_PORT ?? 8799}/cdn-cgi/local/explorer/api`;

/**
 * Without it the explorer also asks every other `wrangler dev` on the machine (its dev registry),
 * logging an error for each one it cannot reach: the tests' writes are for their own server only.
 */
const OWN_SERVER_ONLY = { "X-Miniflare-Explorer-No-Aggregate": "true" };

let d1Id: Promise<string> | undefined;

/** The explorer's id for the app's one D1 database. */
function databaseId(): Promise<string> {
  d1Id ??= fetch(`${EXPLORER}/d1/database`, { headers: OWN_SERVER_ONLY })
    .then((response) => response.json() as Promise<{ result?: { uuid: string }[] }>)
    .then(({ result }) => {
      if (result?.length !== 1 || !result[0])
        throw new Error("the e2e server's local explorer lists no one D1 database");
      return result[0].uuid;
    });
  return d1Id;
}

/** A string as an SQL literal. */
export const sqlText = (value: string) => `'${value.replaceAll("'", "''")}'`;
