import { execFile } from "node:child_process";
import { promisify } from "node:util";

const run = promisify(execFile);

/**
 * Where the e2e server keeps its state: the same default and override as scripts/e2e-server.sh, so
 * a run on its own state (E2E_STATE) reads the database its server writes.
 */
const E2E_STATE = process.env.E2E_STATE ?? ".wrangler/e2e";

/** Runs SQL against the e2e server's local D1 and returns the rows. */
export async function queryLocalD1<T>(sql: string): Promise<T[]> {
  const { stdout } = await run(
    "npx",
    ["wrangler", "d1", "execute", "DB", "--local", "--persist-to", E2E_STATE, "--json", "--command", sql],
    { env: { ...process.env, CI: "true" } },
  );
  const [result] = JSON.parse(stdout) as { results: T[] }[];
  return result?.results ?? [];
}

/** A string as an SQL literal. */
export const sqlText = (value: string) => `'${value.replaceAll("'", "''")}'`;
