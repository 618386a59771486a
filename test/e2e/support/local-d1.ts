import { execFile } from "node:child_process";
import { promisify } from "node:util";

const run = promisify(execFile);

/**
 * Where the e2e server keeps its state: the same default and override as scripts/e2e-server.sh, so
 * a run on its own state (E2E_STATE) reads the database its server writes.
 */
const E2E_STATE = process.env.E2E_STATE ?? ".wrangler/e2e";

/**
 * Runs SQL against the e2e server's local D1 and returns the rows. The running server writes the
 * same SQLite file, so a statement can meet a busy database: it is tried again (a failed statement
 * wrote nothing), and the last failure is reported with wrangler's own words.
 */
export async function queryLocalD1<T>(sql: string): Promise<T[]> {
  let lastError: unknown;
  for (let attempt = 1; attempt <= 4; attempt += 1) {
    try {
      const { stdout } = await run(
        "npx",
        ["wrangler", "d1", "execute", "DB", "--local", "--persist-to", E2E_STATE, "--json", "--command", sql],
        { env: { ...process.env, CI: "true" }, maxBuffer: 16 * 1024 * 1024 },
      );
      const [result] = JSON.parse(stdout) as { results: T[] }[];
      return result?.results ?? [];
    } catch (error) {
      lastError = error;
      await new Promise((resolve) => setTimeout(resolve, 250 * attempt));
    }
  }
  const { stderr, stdout } = (lastError ?? {}) as { stderr?: string; stdout?: string };
  throw new Error(`wrangler d1 execute failed 4 times: ${(stderr || stdout || String(lastError)).slice(-2000)}`);
}

/** A string as an SQL literal. */
export const sqlText = (value: string) => `'${value.replaceAll("'", "''")}'`;
