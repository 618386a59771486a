import { execFile } from "node:child_process";
import { promisify } from "node:util";

const run = promisify(execFile);

/** Runs SQL against the e2e server's local D1 (its state in .wrangler/e2e) and returns the rows. */
export async function queryLocalD1<T>(sql: string): Promise<T[]> {
  const { stdout } = await run(
    "npx",
    ["wrangler", "d1", "execute", "DB", "--local", "--persist-to", ".wrangler/e2e", "--json", "--command", sql],
    { env: { ...process.env, CI: "true" } },
  );
  const [result] = JSON.parse(stdout) as { results: T[] }[];
  return result?.results ?? [];
}

/** A string as an SQL literal. */
export const sqlText = (value: string) => `'${value.replaceAll("'", "''")}'`;
