import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { SESSION_TIMEOUT_MS } from "~/shared/inactivity";
import { withNext } from "~/shared/redirect-target";
import { chatWith, PATHS } from "~/shared/routes";
import { sessionEndPath } from "~/shared/session-end";
import * as chatScreen from "../../app/routes/chat/chat-screen";
import { SESSION_LIFETIME_SECONDS } from "../../worker/auth/ended-sessions";
import { runHousekeeping } from "../../worker/jobs/housekeeping";
import { insertUser } from "./support/accounts";
import { setLastActivity } from "./support/activity";
import { postJson } from "./support/auth-requests";
import { callLoader } from "./support/route-action";

/** A conversation's page asked for with the browser's cookies (or none), as the root middleware sees them. */
function openConversationPage(contactId: string, cookie?: string) {
  return callLoader(chatScreen, chatWith(contactId), {
    cookie,
    sessionFromCookie: true,
    params: { userId: contactId },
  });
}

/** How many session rows a user has left. */
async function sessionRowsOf(userId: string) {
  const row = await env.DB.prepare("SELECT count(*) AS n FROM sessions WHERE user_id = ?")
    .bind(userId)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

/**
 * The person's session ends for idleness on the server, with none of their pages open: the next
 * request carrying it (here, a stray heartbeat) finds it idle past its deadline, and the server
 * deletes its row. The browser keeps the session's cookie; its cache cookie has long expired (the
 * cookies sent below are the session token alone).
 */
async function endedByInactivity() {
  const person = await insertUser();
  await setLastActivity(person.user.id, Date.now() - SESSION_TIMEOUT_MS - 1000);
  expect((await postJson("/api/session/activity", { idleMs: 0 }, { cookie: person.cookie })).status).toBe(401);
  expect(await sessionRowsOf(person.user.id)).toBe(0);
  return person;
}

describe("a browser that comes back holding an ended session's cookie", () => {
  it("is told the session ended for inactivity, with the page to come back to after signing in", async () => {
    const contact = await insertUser();
    const person = await endedByInactivity();

    const answer = await openConversationPage(contact.user.id, person.cookie);

    expect(answer).toMatchObject({ thrown: true, location: sessionEndPath("inactivity", chatWith(contact.user.id)) });
    expect(answer.location).toContain("reason=inactivity");
    // The cookie stays, so whichever page comes next that needs a session can still say why.
    expect(answer.cookies.filter((cookie) => cookie.startsWith("kindred.session_token="))).toEqual([]);
    const again = await openConversationPage(contact.user.id, person.cookie);
    expect(again.location).toBe(answer.location);
  });

  it("goes to sign-up as before when it carries no cookie at all (a fresh browser)", async () => {
    const contact = await insertUser();
    const answer = await openConversationPage(contact.user.id);
    expect(answer).toMatchObject({ thrown: true, location: withNext(PATHS.signup, chatWith(contact.user.id)) });
  });

  it("is not told of inactivity for a session that ended another way the app does not remember", async () => {
    const contact = await insertUser();
    const person = await insertUser();
    // Signed out elsewhere with this cookie copied: the row is gone, and inactivity had nothing to do with it.
    expect((await postJson("/api/auth/sign-out", {}, { cookie: person.cookie })).status).toBe(200);
    const answer = await openConversationPage(contact.user.id, person.cookie);
    expect(answer.location).toBe(withNext(PATHS.signup, chatWith(contact.user.id)));
  });

  it("goes to sign-up as before once the cookie could no longer be alive (housekeeping forgets the end)", async () => {
    const contact = await insertUser();
    const person = await endedByInactivity();
    await runHousekeeping(env.DB, Date.now() + SESSION_LIFETIME_SECONDS * 1000 + 60_000);
    const answer = await openConversationPage(contact.user.id, person.cookie);
    expect(answer.location).toBe(withNext(PATHS.signup, chatWith(contact.user.id)));
  });
});
