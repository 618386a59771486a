import { env, exports } from "cloudflare:workers";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { m } from "~/paraglide/messages";
import * as root from "~/root";
import * as deskConversation from "~/routes/desk/desk-conversation";
import * as crisisCountry from "~/routes/safety/crisis-country";
import { COUNTRY_CHOOSER, CRISIS_HELP_TEXTS, type CrisisHelp, withCrisisLine } from "~/shared/crisis-help";
import { SAVED_REPLY_PARAM } from "~/shared/desk-operations";
import { pairIdFor } from "~/shared/pair-id";
import { deskConversationPath } from "~/shared/routes";
import { crisisHelpFor } from "../../worker/crisis-help/country-help";
import { addSavedReply } from "../../worker/desk/saved-replies";
import { insertListener, insertUser } from "./support/accounts";
import { APP_ORIGIN, postJson, sessionCookie } from "./support/auth-requests";
import { openChatSocket } from "./support/chat-sockets";
import { availableAtDesk, clearDesk, desk, deskHolds, say, seedSupport } from "./support/desk";
import {
  type ActionAnswer,
  callAction,
  callActionWithRequest,
  callLoader,
  cookieHeaderOf,
  signedInUser,
} from "./support/route-action";

/**
 * Which country's crisis help a visitor is shown: the chooser's post (a known country is kept in this
 * browser and on the account; anything else changes nothing), the order the root loader reads the
 * clues in, and what the desk learns of a visitor's country (their country, nothing more precise, to
 * their listener), filled into a saved reply that shares the visitor's own line.
 */

const choose = (
  body: Record<string, string>,
  options: { user?: ReturnType<typeof signedInUser> | null; cookie?: string } = {},
) => callAction(crisisCountry.action, COUNTRY_CHOOSER.path, new URLSearchParams(body), options);

/** The crisis help the root loader gives a page for this request. */
async function pageHelp(options: {
  cookie?: string;
  headers?: Record<string, string>;
  user?: ReturnType<typeof signedInUser>;
}) {
  const answer = await callLoader(root, "/signup", options);
  return (answer.data as { crisisHelp: CrisisHelp }).crisisHelp;
}

const countryCookieOf = (answer: ActionAnswer) =>
  answer.cookies.find((cookie) => cookie.startsWith(`${COUNTRY_CHOOSER.cookie}=`)) ?? null;

const choices = async () =>
  (
    await env.DB.prepare("SELECT user_id, country FROM crisis_country_choices").all<{
      user_id: string;
      country: string;
    }>()
  ).results;

beforeAll(seedSupport);

describe("the country chooser's post", () => {
  it("keeps a known country in this browser and goes back where the visitor was", async () => {
    const answer = await choose({ country: "MX", back: "/privacypolicy" });
    expect(answer.status).toBe(303);
    expect(answer.location).toBe("/privacypolicy");
    const cookie = countryCookieOf(answer);
    expect(cookie).toMatch(/^kindred_crisis_country=MX;/);
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("Path=/");
    // The next page, with the browser's cookie, is Mexico's, whatever the browser's language says.
    const help = await pageHelp({ cookie: cookieHeaderOf(answer.cookies), headers: { "Accept-Language": "en-GB" } });
    expect(help).toEqual(crisisHelpFor("MX"));
  });

  it("without a page to go back to, stays on the chooser, saying what it shows now", async () => {
    const answer = await choose({ country: "is" });
    expect(answer.location).toBe(`${COUNTRY_CHOOSER.path}?chosen=1`);
    expect(countryCookieOf(answer)).toMatch(/^kindred_crisis_country=IS;/);
  });

  it("refuses a forged, unknown or missing country with a 400 and changes nothing", async () => {
    for (const country of ["ZZ", "XX", "<script>", "MEX", "", "1"]) {
      const answer = await choose({ country, back: "/" });
      expect(answer.status, country).toBe(400);
      expect(answer.data, country).toEqual({ error: CRISIS_HELP_TEXTS.chooserInvalid, back: "/" });
      expect(countryCookieOf(answer), country).toBeNull();
    }
    const missing = await choose({});
    expect(missing.status).toBe(400);
    expect(await choices()).toEqual([]);
  });

  it("never goes back off the site", async () => {
    for (const back of ["https://evil.example/", "//evil.example", "/\\evil.example"]) {
      const answer = await choose({ country: "DE", back });
      expect(answer.location, back).toBe(`${COUNTRY_CHOOSER.path}?chosen=1`);
    }
  });

  it("is refused from another site before the action runs", async () => {
    const response = await exports.default.fetch(`${APP_ORIGIN}${COUNTRY_CHOOSER.path}`, {
      method: "POST",
      headers: { Origin: "https://evil.example", "Content-Type": "application/x-www-form-urlencoded" },
      body: "country=MX",
    });
    expect(response.status).toBe(403);
    expect(response.headers.getSetCookie().some((cookie) => cookie.startsWith(COUNTRY_CHOOSER.cookie))).toBe(false);
  });

  it("answers a body that is no form with a 400", async () => {
    const request = new Request(`${APP_ORIGIN}${COUNTRY_CHOOSER.path}`, {
      method: "POST",
      headers: { Origin: APP_ORIGIN, "Content-Type": "application/json" },
      body: JSON.stringify({ country: "MX" }),
    });
    const answer = await callActionWithRequest(crisisCountry.action, request);
    expect(answer.status).toBe(400);
  });
});

describe("the account keeps the choice", () => {
  it("follows a signed-in visitor to a browser that holds no choice of its own", async () => {
    const visitor = await insertUser();
    const user = signedInUser(visitor);
    const answer = await choose({ country: "DE", back: "/chat" }, { user });
    expect(answer.status).toBe(303);
    expect(await choices()).toContainEqual({ user_id: visitor.user.id, country: "DE" });
    // Another device: only the session, a browser set to English (US).
    const session = visitor.cookie;
    expect((await pageHelp({ cookie: session, headers: { "Accept-Language": "en-US" } })).country?.code).toBe("DE");
    // Choosing again replaces it.
    await choose({ country: "AU" }, { user });
    expect((await pageHelp({ cookie: session })).country?.code).toBe("AU");
    // This browser's own choice comes first.
    expect((await pageHelp({ cookie: `${session}; ${COUNTRY_CHOOSER.cookie}=GB` })).country?.code).toBe("GB");
    // Signed out, the account's choice is not this browser's.
    expect((await pageHelp({ headers: { "Accept-Language": "en-US" } })).country?.code).toBe("US");
  });

  it("is read from D1 once every few minutes per browser, for the account it was read for only", async () => {
    const visitor = await insertUser();
    await choose({ country: "NZ" }, { user: signedInUser(visitor) });
    const first = await callLoader(root, "/signup", { cookie: visitor.cookie });
    const cache = first.cookies.find((cookie) => cookie.startsWith("kindred_crisis_account="));
    expect(cache).toMatch(new RegExp(`^kindred_crisis_account=${visitor.user.id}\\.NZ;`));
    expect(cache).toContain("Max-Age=300");
    // With the browser's copy, a change D1 has not told it of yet is not read on every page.
    await env.DB.prepare("UPDATE crisis_country_choices SET country = 'IE' WHERE user_id = ?")
      .bind(visitor.user.id)
      .run();
    const cookie = `${visitor.cookie}; ${cookieHeaderOf([cache ?? ""])}`;
    expect((await pageHelp({ cookie })).country?.code).toBe("NZ");
    // Another account signed in on this browser does not get it.
    const someoneElse = await insertUser();
    const theirs = `${someoneElse.cookie}; ${cookieHeaderOf([cache ?? ""])}`;
    expect((await pageHelp({ cookie: theirs, headers: { "Accept-Language": "en-GB" } })).country?.code).toBe("GB");
  });

  it("takes the country chosen in this browser before signing in, so other devices have it too", async () => {
    const email = `chooser-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const body = { email, password: "correct horse battery", gender: "female", name: "x" };
    const signedUp = await postJson("/api/auth/sign-up/email", body, { cookie: `${COUNTRY_CHOOSER.cookie}=IS` });
    expect(signedUp.status).toBe(200);
    const { user } = (await signedUp.json()) as { user: { id: string } };
    expect(await choices()).toContainEqual({ user_id: user.id, country: "IS" });
    // Signing in again with a browser that chose nothing leaves the account's choice as it was.
    const signedIn = await postJson("/api/auth/sign-in/email", { email, password: body.password });
    expect(signedIn.status).toBe(200);
    expect((await pageHelp({ cookie: sessionCookie(signedIn) })).country?.code).toBe("IS");
  });

  it("is not made by reading a page: a signed-out browser's language is never stored", async () => {
    const before = (await choices()).length;
    expect((await pageHelp({ headers: { "Accept-Language": "es-MX" } })).country?.code).toBe("MX");
    expect((await choices()).length).toBe(before);
  });
});

describe("the root loader's order", () => {
  it("reads the browser's language where nothing better says the country", async () => {
    for (const [language, code] of [
      ["en-US", "US"],
      ["es-MX,es;q=0.9", "MX"],
      ["de-DE", "DE"],
      ["en-IN", "IN"],
      ["en-GB", "GB"],
      ["en-AU", "AU"],
      ["is-IS", "IS"],
    ] as const) {
      expect((await pageHelp({ headers: { "Accept-Language": language } })).country?.code, language).toBe(code);
    }
  });

  it("does not trust the runtime's placeholder country unless configured to", async () => {
    // Locally request.cf says the same country for everyone; TRUST_REQUEST_COUNTRY is off in tests.
    expect((await pageHelp({ headers: { "Accept-Language": "fr" } })).country).toBeNull();
  });

  it("treats a forged cookie as no choice at all", async () => {
    const help = await pageHelp({ cookie: `${COUNTRY_CHOOSER.cookie}=%3Cscript%3E`, headers: {} });
    expect(help).toEqual(crisisHelpFor(null));
  });
});

describe("the desk and the visitor's country", () => {
  beforeEach(clearDesk);

  /** A visitor whose browser says `language`, in the support conversation, with its socket. */
  async function visitorFrom(language: string) {
    const visitor = await insertUser();
    const pairId = pairIdFor(visitor.user.id, env.SUPPORT_USER_ID);
    const { status, socket } = await openChatSocket(visitor.cookie, pairId, APP_ORIGIN, {
      "Accept-Language": language,
    });
    if (!socket) throw new Error(`the upgrade was refused with ${status}`);
    return { ...visitor, pairId, socket };
  }

  it("shows the listener the country the visitor writes from, and nothing more", async () => {
    const listener = await insertListener();
    await availableAtDesk(listener);
    const visitor = await visitorFrom("de-DE");
    await say(visitor.socket, "hello, is anyone there?");
    await deskHolds(visitor.pairId, listener.user.id);
    const [held] = (await desk().snapshot(listener.user.id, false)).mine;
    expect(held?.country).toEqual({ code: "DE", name: crisisHelpFor("DE").country?.name });
  });

  it("fills a saved reply's placeholder with the visitor's own line before the listener sees it", async () => {
    const reply = await addSavedReply({
      language: "en",
      title: "Their line",
      text: "You can reach {crisis line} any time.",
    });
    const listener = await insertListener();
    await availableAtDesk(listener);
    const visitor = await visitorFrom("en-GB");
    await say(visitor.socket, "I need someone");
    await deskHolds(visitor.pairId, listener.user.id);
    const page = await callLoader(
      deskConversation,
      `${deskConversationPath(visitor.user.id)}?${SAVED_REPLY_PARAM}=${reply.id}`,
      {
        user: signedInUser(listener),
        params: { visitorId: visitor.user.id },
      },
    );
    const data = page.data as {
      savedReplies: { id: number; text: string }[];
      composerText: string;
      visitorCountry: unknown;
    };
    const expected = withCrisisLine(reply.text, crisisHelpFor("GB"), "en");
    expect(expected).toContain(crisisHelpFor("GB").lines[0]?.name ?? "missing");
    expect(data.savedReplies.find((saved) => saved.id === reply.id)?.text).toBe(expected);
    expect(data.composerText).toBe(expected);
    expect(data.visitorCountry).toEqual(crisisHelpFor("GB").country);
  });

  it("writes the placeholder in each reply's language, the conversation's language's replies first", async () => {
    await env.DB.prepare("DELETE FROM saved_replies").run();
    const english = await addSavedReply({ language: "en", title: "Their line", text: "You can reach {crisis line}." });
    const spanish = await addSavedReply({
      language: "es",
      title: "Su línea",
      text: "Puedes comunicarte con {crisis line}.",
    });
    const listener = await insertListener();
    await availableAtDesk(listener);
    const visitor = await visitorFrom("es-MX,es;q=0.9");
    await say(visitor.socket, "necesito hablar con alguien");
    await deskHolds(visitor.pairId, listener.user.id);
    const page = await callLoader(
      deskConversation,
      `${deskConversationPath(visitor.user.id)}?${SAVED_REPLY_PARAM}=${spanish.id}`,
      { user: signedInUser(listener), params: { visitorId: visitor.user.id } },
    );
    const data = page.data as { savedReplies: { id: number; text: string }[]; composerText: string; language: unknown };
    expect(data.language).toBe("es");
    const directory = "https://findahelpline.com";
    const inSpanish = `Puedes comunicarte con ${m.saved_reply_emergency_in({ country: "México", numbers: "911", directory }, { locale: "es" })}.`;
    expect(inSpanish).toBe(
      "Puedes comunicarte con el número de emergencias de México (911) o una línea de ayuda de https://findahelpline.com.",
    );
    expect(data.savedReplies).toEqual([
      expect.objectContaining({ id: spanish.id, text: inSpanish }),
      expect.objectContaining({
        id: english.id,
        text: "You can reach the emergency number in Mexico (911), or a helpline from https://findahelpline.com.",
      }),
    ]);
    expect(data.composerText).toBe(inSpanish);
  });

  it("tells the other member of an ordinary conversation nothing of where someone is", async () => {
    const [one, other] = [await insertUser(), await insertUser()];
    const pairId = pairIdFor(one.user.id, other.user.id);
    const { socket } = await openChatSocket(one.cookie, pairId, APP_ORIGIN, { "Accept-Language": "de-DE" });
    if (!socket) throw new Error("the upgrade was refused");
    await say(socket, "hello");
    const frames = JSON.stringify(socket.frames);
    expect(frames).not.toContain('"DE"');
    expect(frames).not.toContain("Germany");
  });
});
