import { execFile } from "node:child_process";
import { promisify } from "node:util";

const run = promisify(execFile);

/**
 * The newest email to an address in the e2e server's local outbox (the email_outbox table, the
 * delivery when no Resend key is configured), polled until it arrives.
 */
export async function latestEmailTo(address: string, timeoutMs = 20_000): Promise<{ subject: string; text: string }> {
  const deadline = Date.now() + timeoutMs;
  const sql = `SELECT subject, text FROM email_outbox WHERE "to" = '${address.replaceAll("'", "''")}' ORDER BY created_at DESC LIMIT 1`;
  while (Date.now() < deadline) {
    const { stdout } = await run(
      "npx",
      ["wrangler", "d1", "execute", "DB", "--local", "--persist-to", ".wrangler/e2e", "--json", "--command", sql],
      { env: { ...process.env, CI: "true" } },
    );
    const [result] = JSON.parse(stdout) as { results: { subject: string; text: string }[] }[];
    const email = result?.results[0];
    if (email) return email;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`no email to ${address} within ${timeoutMs} ms`);
}
