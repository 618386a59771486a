import { env } from "cloudflare:workers";

let made = 0;

/**
 * An account written straight into D1, with no password and no session: for a test that needs
 * someone to exist (a visitor in line, a listener to assign) and is not about signing up. A
 * sign-up hashes a password, which with dozens of accounts at once on two busy cores took a test
 * past its time limit.
 */
export async function insertAccount(): Promise<{ user: { id: string; username: string } }> {
  made += 1;
  const id = `acct-${crypto.randomUUID()}`;
  const username = `Inserted${made}${crypto.randomUUID().slice(0, 6)}`;
  await env.DB.prepare("INSERT INTO users (id, name, email, username) VALUES (?, ?, ?, ?)")
    .bind(id, username, `${id}@example.com`, username)
    .run();
  return { user: { id, username } };
}

/** A listener written straight into D1 (see insertAccount), and the actor the desk takes for them. */
export async function insertListener() {
  const account = await insertAccount();
  await env.DB.prepare("INSERT INTO listeners (user_id, created_at) VALUES (?, ?)")
    .bind(account.user.id, Date.now())
    .run();
  return { ...account, actor: { id: account.user.id, name: account.user.username, admin: false } };
}
