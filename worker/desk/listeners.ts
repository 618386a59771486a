import { env } from "cloudflare:workers";
import { eq, sql } from "drizzle-orm";
import { isAdmin, type SignedInUser } from "~/shared/accounts";
import { DEFAULT_LANGUAGE, type Language, languageOf } from "~/shared/languages";
import { LISTENER_TEXTS } from "~/shared/listeners";
import { ListenerAliasSchema, ListenerLanguagesSchema, ListenerUsernameSchema } from "~/shared/schemas/listeners";
import { findAccountByUsername } from "../accounts/find-user";
import { getConfig } from "../config";
import { createDb } from "../db/client";
import { listeners, users } from "../db/schema";
import { supportDesk } from "../objects/desk-service";
import { userInbox } from "../objects/inbox-service";

// The role lives in D1 beside the account, which a listener keeps for the community area; the admin route grants it.

export class ListenerError extends Error {
  constructor(
    message: string,
    readonly field: "username" | "alias" | "languages" | null = null,
    readonly status: 400 | 404 | 409 = 409,
  ) {
    super(message);
  }
}

type Listener = { id: string; username: string; alias: string | null; languages: Language[]; addedAt: number };

/** A code the site no longer speaks is left out. */
function languagesOf(stored: unknown): Language[] {
  const known = Array.isArray(stored) ? stored.flatMap((code) => languageOf(code) ?? []) : [];
  return known.length > 0 ? known : [DEFAULT_LANGUAGE];
}

export async function isListener(userId: string): Promise<boolean> {
  const [row] = await createDb(env.DB)
    .select({ userId: listeners.userId })
    .from(listeners)
    .where(eq(listeners.userId, userId))
    .limit(1);
  return row !== undefined;
}

export async function canUseDesk(user: Pick<SignedInUser, "id" | "role">): Promise<boolean> {
  return (await deskStanding(user)) !== null;
}

/** null for anyone who may not use the desk; the admin who is not a listener has no alias and the default language. */
export async function deskStanding(
  user: Pick<SignedInUser, "id" | "role">,
): Promise<{ alias: string | null; languages: Language[] } | null> {
  const [row] = await createDb(env.DB)
    .select({ alias: listeners.alias, languages: listeners.languages })
    .from(listeners)
    .where(eq(listeners.userId, user.id))
    .limit(1);
  if (row) return { alias: row.alias, languages: languagesOf(row.languages) };
  return isAdmin(user) ? { alias: null, languages: [DEFAULT_LANGUAGE] } : null;
}

export async function listListeners(): Promise<Listener[]> {
  const rows = await createDb(env.DB)
    .select({
      id: users.id,
      username: users.username,
      alias: listeners.alias,
      languages: listeners.languages,
      createdAt: listeners.createdAt,
    })
    .from(listeners)
    .innerJoin(users, eq(users.id, listeners.userId))
    .orderBy(sql`lower(${users.username})`, users.username);
  return rows.map(({ createdAt, languages, ...row }) => ({
    ...row,
    languages: languagesOf(languages),
    addedAt: createdAt.getTime(),
  }));
}

/** Refuses the support account (listeners answer as it), a suspended account and an existing listener. */
export async function addListener(username: string, now = Date.now()): Promise<Listener> {
  const term = ListenerUsernameSchema.safeParse(username);
  if (!term.success) throw new ListenerError(term.error.issues[0]?.message ?? "", "username", 400);
  const account = await findAccountByUsername(term.data);
  if (!account) throw new ListenerError(LISTENER_TEXTS.unknownUsername(term.data), "username", 404);
  if (account.id === getConfig().public.supportUserId) {
    throw new ListenerError(LISTENER_TEXTS.supportAccount, "username");
  }
  if (account.suspended) throw new ListenerError(LISTENER_TEXTS.suspended(account.username), "username");
  // One statement decides: of two admins adding the same person at once, one is told they already are.
  const inserted = await createDb(env.DB)
    .insert(listeners)
    .values({ userId: account.id, createdAt: new Date(now) })
    .onConflictDoNothing()
    .returning({ userId: listeners.userId });
  if (inserted.length === 0) throw new ListenerError(LISTENER_TEXTS.alreadyListener(account.username), "username");
  // The header's copy, so their account menu links to the desk without a D1 read per page.
  await userInbox(account.id).setListener(true);
  return { id: account.id, username: account.username, alias: null, languages: [DEFAULT_LANGUAGE], addedAt: now };
}

export async function removeListener(userId: string): Promise<{ username: string }> {
  const db = createDb(env.DB);
  const username = await listenerUsername(userId);
  const removed = await db.delete(listeners).where(eq(listeners.userId, userId)).returning({ id: listeners.userId });
  if (removed.length === 0) throw new ListenerError(LISTENER_TEXTS.notListener, null, 404);
  await Promise.all([supportDesk().forgetListener(userId), userInbox(userId).setListener(false)]);
  return { username };
}

/** Never the listener's own username in any letter case: that would tell visitors who is answering. */
export async function setListenerAlias(
  userId: string,
  alias: string | null,
): Promise<{ username: string; alias: string | null }> {
  const parsed = ListenerAliasSchema.safeParse(alias ?? "");
  if (!parsed.success) throw new ListenerError(parsed.error.issues[0]?.message ?? "", "alias", 400);
  const username = await listenerUsername(userId);
  if (parsed.data !== null && parsed.data.toLowerCase() === username.toLowerCase()) {
    throw new ListenerError(LISTENER_TEXTS.aliasIsUsername, "alias", 400);
  }
  const updated = await createDb(env.DB)
    .update(listeners)
    .set({ alias: parsed.data })
    .where(eq(listeners.userId, userId))
    .returning({ id: listeners.userId });
  if (updated.length === 0) throw new ListenerError(LISTENER_TEXTS.notListener, null, 404);
  await supportDesk().renameListener({ id: userId, name: username, alias: parsed.data });
  return { username, alias: parsed.data };
}

export async function setListenerLanguages(
  userId: string,
  languages: readonly string[],
): Promise<{ username: string; languages: Language[] }> {
  const parsed = ListenerLanguagesSchema.safeParse(languages);
  if (!parsed.success) throw new ListenerError(parsed.error.issues[0]?.message ?? "", "languages", 400);
  const username = await listenerUsername(userId);
  const updated = await createDb(env.DB)
    .update(listeners)
    .set({ languages: parsed.data })
    .where(eq(listeners.userId, userId))
    .returning({ id: listeners.userId });
  if (updated.length === 0) throw new ListenerError(LISTENER_TEXTS.notListener, null, 404);
  await supportDesk().setListenerLanguages({ id: userId, name: username, languages: parsed.data });
  return { username, languages: parsed.data };
}

async function listenerUsername(userId: string): Promise<string> {
  const [row] = await createDb(env.DB)
    .select({ username: users.username })
    .from(listeners)
    .innerJoin(users, eq(users.id, listeners.userId))
    .where(eq(listeners.userId, userId))
    .limit(1);
  if (!row) throw new ListenerError(LISTENER_TEXTS.notListener, null, 404);
  return row.username;
}
