import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { SESSION_TIMEOUT_MS } from "~/shared/inactivity";

/**
 * Sets a user's last activity where the server keeps it, their inbox's idle deadline; back in time
 * too, which no request can do. Written straight into its SQLite (the production class has no
 * method for going back).
 */
export async function setLastActivity(userId: string, lastActivity: number): Promise<void> {
  await runInDurableObject(env.USER_INBOX.getByName(userId), (_inbox, state) => {
    state.storage.sql.exec(
      "INSERT OR REPLACE INTO meta (key, value) VALUES ('idle_deadline', ?)",
      String(lastActivity + SESSION_TIMEOUT_MS),
    );
  });
}
