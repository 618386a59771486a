import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { middleware as adminGuard } from "~/routes/admin/admin-layout";
import * as listenersPage from "~/routes/admin/listeners";
import type { SignedInUser } from "~/shared/accounts";
import { ADMIN_TEXTS } from "~/shared/admin";
import { COMPOSER_FIELDS, SEND_INTENT } from "~/shared/conversation-page";
import { NO_COUNTRY_HELP } from "~/shared/crisis-help";
import { VISITOR_DESK_TEXTS, type VisitorDeskStatus, visitorDeskLine } from "~/shared/desk";
import { LANGUAGE_SWITCH } from "~/shared/languages";
import { LISTENER_INTENTS, LISTENER_TEXTS } from "~/shared/listeners";
import { pairIdFor } from "~/shared/pair-id";
import { chatWith, PATHS } from "~/shared/routes";
import * as chatScreen from "../../app/routes/chat/chat-screen";
import { DeskLedger } from "../../worker/desk/desk-ledger";
import { setListenerLanguages } from "../../worker/desk/listeners";
import { inLanguage } from "../../worker/i18n/request-language";
import { insertAdmin, insertListener, insertUser } from "./support/accounts";
import { APP_ORIGIN } from "./support/auth-requests";
import { openChatSocket, type TestSocket } from "./support/chat-sockets";
import { availableAtDesk, clearDesk, desk, deskHolds, SUPPORT_ID, say, seedSupport } from "./support/desk";
import { callAction, signedInUser } from "./support/route-action";

/**
 * Listeners matched by language: the visitor's language travels to the desk as their country does,
 * a conversation goes first to an available listener with room who speaks it (never waiting longer
 * for one), its visitor is told when nobody there speaks it, and the admin sets each listener's
 * languages and reads the figures by language.
 */

beforeAll(seedSupport);
beforeEach(clearDesk);

type Listener = Awaited<ReturnType<typeof insertListener>>;

/** A listener who answers in `languages` (set as the admin's page sets them), at the desk and Available. */
async function listenerSpeaking(...languages: string[]): Promise<Listener> {
  const listener = await insertListener();
  await setListenerLanguages(listener.user.id, languages);
  await availableAtDesk(listener);
  return listener;
}

/** A visitor whose support conversation's socket is opened from a page in `language` (the switch's cookie). */
async function visitorReading(language: string) {
  const visitor = await insertUser();
  const pairId = pairIdFor(visitor.user.id, SUPPORT_ID);
  const { status, socket } = await openChatSocket(`${visitor.cookie}; ${LANGUAGE_SWITCH.cookie}=${language}`, pairId);
  if (!socket) throw new Error(`the upgrade was refused with ${status}`);
  return { ...visitor, pairId, socket };
}

/** Fills a listener up to the desk's capacity (3, wrangler.toml) with English conversations queued at the desk. */
async function fillUp(listener: Listener): Promise<void> {
  for (;;) {
    const mine = (await desk().snapshot(listener.user.id, false)).mine.length;
    if (mine >= 3) return;
    const visitor = await insertUser();
    const pairId = pairIdFor(visitor.user.id, SUPPORT_ID);
    const at = Date.now();
    await desk().visitorWaiting({
      pairId,
      visitorId: visitor.user.id,
      visitorName: visitor.user.username,
      crisis: false,
      at,
      country: null,
      language: "en",
    });
    await desk().take(pairId, listener.actor);
  }
}

/** The last desk status a visitor's socket was told. */
async function lastStatus(socket: TestSocket, until: (status: VisitorDeskStatus) => boolean) {
  const frame = await socket.waitFor((f) => f.type === "desk" && until(f));
  if (frame.type !== "desk") throw new Error("not a desk frame");
  return frame;
}

/** The languages the desk's own copy keeps for a listener. */
function deskLanguagesOf(listenerId: string): Promise<string[] | null> {
  return runInDurableObject(desk(), (_instance, state) => {
    const row = state.storage.sql
      .exec<{ languages: string }>("SELECT languages FROM desk_listeners WHERE listener_id = ?", listenerId)
      .toArray()[0];
    return row ? (JSON.parse(row.languages) as string[]) : null;
  });
}

describe("assignment by language", () => {
  it("offers a Spanish visitor to the Spanish-speaking listener first, though an English one holds fewer", async () => {
    const bilingual = await listenerSpeaking("en", "es");
    const english = await insertListener();
    // The bilingual listener already holds one; the English one, Available after, holds none.
    const first = await visitorReading("en");
    await say(first.socket, "hello");
    await deskHolds(first.pairId, bilingual.user.id);
    await availableAtDesk(english);

    const spanish = await visitorReading("es");
    await say(spanish.socket, "hola, ¿hay alguien?");
    await deskHolds(spanish.pairId, bilingual.user.id);
    // English goes to the one who holds fewest, as ever.
    const another = await visitorReading("en");
    await say(another.socket, "hi");
    await deskHolds(another.pairId, english.user.id);

    // The desk shows each conversation's language, named in the desk's words.
    const mine = (await desk().snapshot(bilingual.user.id, false)).mine;
    expect(mine.map((conversation) => [conversation.pairId, conversation.language])).toEqual([
      [first.pairId, { code: "en", name: "English" }],
      [spanish.pairId, { code: "es", name: "Spanish" }],
    ]);
    // The Spanish speaker there, the visitor is told nothing about language.
    const status = await lastStatus(spanish.socket, (s) => s.state === "assigned");
    expect(status.noListenerSpeaks).toBeNull();
    // Every desk lists who is there with the languages each answers in (for a transfer).
    const listeners = (await desk().snapshot(english.user.id, false)).listeners;
    expect(listeners.find((one) => one.id === bilingual.user.id)?.languages).toEqual([
      { code: "en", name: "English" },
      { code: "es", name: "Spanish" },
    ]);
    expect(listeners.find((one) => one.id === english.user.id)?.languages).toEqual([{ code: "en", name: "English" }]);
  });

  it("gives a Spanish visitor to the next listener when no Spanish speaker has room, and tells them so", async () => {
    const bilingual = await listenerSpeaking("en", "es");
    await fillUp(bilingual);
    const english = await listenerSpeaking("en");

    const spanish = await visitorReading("es");
    await say(spanish.socket, "hola");
    // Never left waiting for a language.
    await deskHolds(spanish.pairId, english.user.id);
    const status = await lastStatus(spanish.socket, (s) => s.state === "assigned");
    expect(status).toMatchObject({ opened: false, noListenerSpeaks: "es" });
    const line = inLanguage("es", () => visitorDeskLine(status, true, NO_COUNTRY_HELP));
    expect(line).toBe(
      `${inLanguage("es", () => VISITOR_DESK_TEXTS.comingSoon)} Ahora no hay nadie disponible que hable español. La próxima persona disponible podría responderte en inglés.`,
    );
    expect(visitorDeskLine(status, true, NO_COUNTRY_HELP)).toBe(
      `${VISITOR_DESK_TEXTS.comingSoon} No Spanish-speaking listener is available right now. The next listener may answer in English.`,
    );
  });

  it("prefers English speakers for English conversations when a listener lacks English", async () => {
    const spanishOnly = await listenerSpeaking("es");
    const english = await listenerSpeaking("en");
    // The English listener holds one more than the one who speaks only Spanish.
    const held = await visitorReading("en");
    await say(held.socket, "hello");
    await deskHolds(held.pairId, english.user.id);

    const visitor = await visitorReading("en");
    await say(visitor.socket, "anyone?");
    await deskHolds(visitor.pairId, english.user.id);
    const status = await lastStatus(visitor.socket, (s) => s.state === "assigned");
    // An English visitor is never told about languages.
    expect(status.noListenerSpeaks).toBeNull();
    expect((await desk().snapshot(spanishOnly.user.id, false)).mine).toEqual([]);
  });
});

describe("what a visitor in line is told", () => {
  it("says no Spanish-speaking listener is available, until one is", async () => {
    const english = await listenerSpeaking("en");
    await fillUp(english);
    const spanish = await visitorReading("es");
    await say(spanish.socket, "hola");
    await deskHolds(spanish.pairId, null);
    const queued = await lastStatus(spanish.socket, (s) => s.state === "queued");
    expect(queued).toMatchObject({ position: 1, listenersAvailable: true, noListenerSpeaks: "es" });
    expect(inLanguage("es", () => visitorDeskLine(queued, true, NO_COUNTRY_HELP))).toContain(
      "Ahora no hay nadie disponible que hable español.",
    );

    // The admin adds Spanish to the listener there: the visitor's line follows.
    await setListenerLanguages(english.user.id, ["en", "es"]);
    const now = await lastStatus(spanish.socket, (s) => s.state === "queued" && s.noListenerSpeaks === null);
    expect(inLanguage("es", () => visitorDeskLine(now, true, NO_COUNTRY_HELP))).not.toContain("español");
  });

  it("never tells an English visitor, whoever is there", async () => {
    const spanishOnly = await listenerSpeaking("es");
    await fillUp(spanishOnly);
    const english = await visitorReading("en");
    await say(english.socket, "hello");
    await deskHolds(english.pairId, null);
    const queued = await lastStatus(english.socket, (s) => s.state === "queued");
    expect(queued.noListenerSpeaks).toBeNull();
  });
});

describe("the visitor's language on its way to the desk", () => {
  it("goes with a message posted by the page's form, as the country does", async () => {
    const listener = await listenerSpeaking("en", "es");
    const visitor = await insertUser();
    const form = new FormData();
    form.set(COMPOSER_FIELDS.intent, SEND_INTENT);
    form.set(COMPOSER_FIELDS.clientId, `temp-form-${crypto.randomUUID()}`);
    form.set(COMPOSER_FIELDS.text, "hola");
    form.set(COMPOSER_FIELDS.image, new File([], ""));
    const answer = await callAction(chatScreen.action, chatWith(SUPPORT_ID), form, {
      user: signedInUser(visitor),
      cookie: `${LANGUAGE_SWITCH.cookie}=es`,
      params: { userId: SUPPORT_ID },
    });
    expect(answer.status).toBe(303);
    const [held] = (await desk().snapshot(listener.user.id, false)).mine;
    expect(held?.language).toEqual({ code: "es", name: "Spanish" });
  });

  it("is the browser's language when nothing else says it", async () => {
    const listener = await listenerSpeaking("en");
    const visitor = await insertUser();
    const pairId = pairIdFor(visitor.user.id, SUPPORT_ID);
    const { socket } = await openChatSocket(visitor.cookie, pairId, APP_ORIGIN, { "Accept-Language": "es-MX,es" });
    if (!socket) throw new Error("the upgrade was refused");
    await say(socket, "hola");
    await deskHolds(pairId, listener.user.id);
    const [held] = (await desk().snapshot(listener.user.id, false)).mine;
    expect(held?.language?.code).toBe("es");
  });
});

describe("the listeners' languages on /admin/listeners", () => {
  async function admin(): Promise<SignedInUser> {
    return { ...signedInUser(await insertAdmin()), role: "admin" };
  }
  const post = (user: SignedInUser, userId: string, languages: string[]) => {
    const body = new URLSearchParams({ intent: LISTENER_INTENTS.languages, userId });
    for (const language of languages) body.append("languages", language);
    return callAction(listenersPage.action, PATHS.adminListeners, body, { user, middleware: adminGuard });
  };
  const storedLanguages = async (userId: string) =>
    JSON.parse(
      (
        await env.DB.prepare("SELECT languages FROM listeners WHERE user_id = ?").bind(userId).first<{
          languages: string;
        }>()
      )?.languages ?? "null",
    );

  it("start as English for a new listener, and are saved for the desk too", async () => {
    const boss = await admin();
    const listener = await insertListener();
    expect(await storedLanguages(listener.user.id)).toEqual(["en"]);
    const answer = await post(boss, listener.user.id, ["es", "en", "es"]);
    expect(answer).toMatchObject({ status: 200, thrown: false });
    expect(answer.data).toEqual({
      intent: LISTENER_INTENTS.languages,
      done: LISTENER_TEXTS.languagesSaved(listener.user.username, ["en", "es"]),
      problem: null,
    });
    expect(LISTENER_TEXTS.languagesSaved("sam", ["en", "es"])).toBe("sam now answers in English and Spanish.");
    expect(await storedLanguages(listener.user.id)).toEqual(["en", "es"]);
    expect(await deskLanguagesOf(listener.user.id)).toEqual(["en", "es"]);
    // The loader lists them for the form's checkboxes.
    const listed = (await listenersPage.loader()).listeners.find((row) => row.id === listener.user.id);
    expect(listed?.languages).toEqual(["en", "es"]);
  });

  it("refuse none at all, or a language the site does not speak, with a 400 that changes nothing", async () => {
    const boss = await admin();
    const listener = await insertListener();
    await availableAtDesk(listener);
    for (const [languages, message] of [
      [[], LISTENER_TEXTS.noLanguage],
      [["fr"], LISTENER_TEXTS.unknownLanguage],
      [["en", "ES"], LISTENER_TEXTS.unknownLanguage],
      [["es", "<script>"], LISTENER_TEXTS.unknownLanguage],
    ] as const) {
      const answer = await post(boss, listener.user.id, [...languages]);
      expect(answer.status, languages.join()).toBe(400);
      expect(answer.data, languages.join()).toEqual({
        intent: null,
        done: null,
        problem: { field: "languages", message, userId: listener.user.id, languages: [...languages] },
      });
    }
    expect(await storedLanguages(listener.user.id)).toEqual(["en"]);
    expect(await deskLanguagesOf(listener.user.id)).toEqual(["en"]);
  });

  it("are refused for an account that is not a listener, and for anyone but the admin", async () => {
    const boss = await admin();
    const someone = await insertUser();
    const answer = await post(boss, someone.user.id, ["es"]);
    expect(answer.status).toBe(404);
    expect(answer.data).toMatchObject({ problem: { field: null, message: LISTENER_TEXTS.notListener } });
    const listener = await insertListener();
    const notAdmin = await post(signedInUser(someone), listener.user.id, ["es"]);
    expect(notAdmin).toMatchObject({ status: 403, thrown: true, data: ADMIN_TEXTS.forbidden });
    expect(await storedLanguages(listener.user.id)).toEqual(["en"]);
  });
});

describe("the figures by language", () => {
  const MINUTE = 60_000;
  const NOON = Date.UTC(2026, 10, 20, 12);

  it("count each opening in its visitor's language, with its time to first reply", async () => {
    await runInDurableObject(desk(), (_instance, state) => {
      const ledger = new DeskLedger(state.storage.sql);
      ledger.opened("es-1", NOON - 60 * MINUTE, false, "es");
      ledger.replied("es-1", "l1", NOON - 58 * MINUTE);
      ledger.opened("es-2", NOON - 50 * MINUTE, false, "es");
      ledger.replied("es-2", "l1", NOON - 40 * MINUTE);
      ledger.opened("es-3", NOON - 30 * MINUTE, false, "es");
      ledger.opened("en-1", NOON - 20 * MINUTE, false, "en");
      ledger.replied("en-1", "l2", NOON - 19 * MINUTE);
      ledger.opened("old", NOON - 10 * MINUTE);
      const figures = ledger.figures("today", NOON, () => "listener");
      expect(figures.byLanguage).toEqual([
        {
          language: "es",
          name: "Spanish",
          conversations: 3,
          answered: 2,
          stillWaiting: 1,
          medianTimeToAnswerMs: 2 * MINUTE,
          p90TimeToAnswerMs: 10 * MINUTE,
        },
        {
          language: "en",
          name: "English",
          conversations: 1,
          answered: 1,
          stillWaiting: 0,
          medianTimeToAnswerMs: MINUTE,
          p90TimeToAnswerMs: MINUTE,
        },
        {
          language: null,
          name: null,
          conversations: 1,
          answered: 0,
          stillWaiting: 1,
          medianTimeToAnswerMs: null,
          p90TimeToAnswerMs: null,
        },
      ]);
    });
  });

  it("record the language the desk was told when the conversation joined the line", async () => {
    const visitor = await visitorReading("es");
    await say(visitor.socket, "hola");
    await deskHolds(visitor.pairId, null);
    const figures = await desk().figures("today");
    expect(figures.byLanguage.map((row) => [row.language, row.conversations])).toEqual([["es", 1]]);
  });
});
