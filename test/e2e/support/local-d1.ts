import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { promisify } from "node:util";

const run = promisify(execFile);

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
 * Writes to the e2e server's local D1 through Wrangler, as the server's own runtime writes: a write
 * from another SQLite library beside the running server made the server's next statement fail as
 * busy. Slow (a process per call), so only for the few tests that must set what no screen can, and
 * for accounts written in batches (accounts.ts). `sql` may hold many statements: Wrangler runs them
 * as one D1 batch, all or nothing, so a call that meets a busy database is tried again.
 */
export async function writeLocalD1(sql: string): Promise<void> {
  // A file, not --command: a batch of statements is longer than one argument may be.
  const folder = mkdtempSync(join(tmpdir(), "local-d1-"));
  const file = join(folder, "write.sql");
  writeFileSync(file, sql);
  let lastError: unknown;
  try {
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      try {
        await run("npx", ["wrangler", "d1", "execute", "DB", "--local", "--persist-to", E2E_STATE, "--file", file], {
          env: { ...process.env, CI: "true" },
          maxBuffer: 16 * 1024 * 1024,
        });
        return;
      } catch (error) {
        lastError = error;
        await new Promise((resolve) => setTimeout(resolve, 250 * attempt));
      }
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  const { stderr, stdout } = (lastError ?? {}) as { stderr?: string; stdout?: string };
  throw new Error(`wrangler d1 execute failed 4 times: ${(stderr || stdout || String(lastError)).slice(-2000)}`);
}

/** A string as an SQL literal. */
export const sqlText = (value: string) => `'${value.replaceAll("'", "''")}'`;
