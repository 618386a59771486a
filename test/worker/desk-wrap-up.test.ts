import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as deskConversation from "~/routes/desk/desk-conversation";
import type { SignedInUser } from "~/shared/accounts";
import { DESK_TEXTS } from "~/shared/desk";
import { RISK_ANSWERS, SEEDED_WRAP_UP_TOPICS, WRAP_UP_FIELDS, WRAP_UP_TEXTS } from "~/shared/desk-operations";
import { deskConversationPath, PATHS } from "~/shared/routes";
import { addSavedReply } from "../../worker/desk/saved-replies";
import { addWrapUpTopic } from "../../worker/desk/wrap-up-topics";
import { insertAdmin, insertListener } from "./support/accounts";
import {
  availableAtDesk,
  clearDesk,
  desk,
  deskHolds,
  replyOnDesk,
  say,
  seedSupport,
  visitorInSupportChat,
} from "./support/desk";
import { type ActionAnswer, callAction, callLoader, signedInUser } from "./support/route-action";

/**
 * The desk conversation's page and its 'Mark resolved': the saved replies are read for the listener
 * who holds the conversation only, and resolving asks for a wrap-up the server checks.
 */

type Listener = Awaited<ReturnType<typeof insertListener>>;
type PageData = Awaited<ReturnType<typeof deskConversation.loader>>;

beforeAll(async () => {
  await seedSupport();
  for (const name of SEEDED_WRAP_UP_TOPICS) await addWrapUpTopic(name);
  await addSavedReply({ language: "en", title: "Welcome", text: "Hi, I'm glad you wrote." });
  await addSavedReply({ language: "en", title: "Call or text 988", text: "You can call or text 988 any time." });
});
beforeEach(clearDesk);

/** A visitor who wrote, and a listener the desk gave the conversation to. */
async function heldConversation() {
  const listener = await insertListener();
  await availableAtDesk(listener);
  const visitor = await visitorInSupportChat();
  await say(visitor.socket, "hello, is anyone there?");
  await deskHolds(visitor.pairId, listener.user.id);
  return { listener, visitor };
}

/** The conversation's desk page as `user` opens it (`search`: the address's query). */
async function openPage(user: SignedInUser, visitorId: string, search = ""): Promise<ActionAnswer> {
  return callLoader(deskConversation, `${deskConversationPath(visitorId)}${search}`, {
    user,
    params: { visitorId },
  });
}

/** 'Mark resolved' posted with these wrap-up fields. */
function resolve(user: SignedInUser, visitorId: string, wrapUp: { topics?: string[]; risk?: string }) {
  const form = new URLSearchParams({ intent: "resolve" });
  for (const topic of wrapUp.topics ?? []) form.append(WRAP_UP_FIELDS.topics, topic);
  if (wrapUp.risk !== undefined) form.set(WRAP_UP_FIELDS.riskDiscussed, wrapUp.risk);
  return callAction(deskConversation.action, deskConversationPath(visitorId), form, { user, params: { visitorId } });
}

const holds = async (listener: Listener) =>
  (await desk().snapshot(listener.user.id, false)).mine.map((conversation) => conversation.pairId);

describe("a desk conversation's saved replies", () => {
  it("are read for the listener who holds it, in order, and `?reply=` starts the composer with one", async () => {
    const { listener, visitor } = await heldConversation();
    const page = await openPage(signedInUser(listener), visitor.user.id);
    const data = page.data as PageData;
    expect(data.savedReplies.map((reply) => reply.title)).toEqual(["Welcome", "Call or text 988"]);
    expect(data.composerText).toBe("");
    expect(data.topics).toEqual([...SEEDED_WRAP_UP_TOPICS]);
    const second = data.savedReplies[1];
    const chosen = (await openPage(signedInUser(listener), visitor.user.id, `?reply=${second?.id}`)).data as PageData;
    expect(chosen.composerText).toBe("You can call or text 988 any time.");
    // A reply that is not there starts nothing.
    const unknown = (await openPage(signedInUser(listener), visitor.user.id, "?reply=999999")).data as PageData;
    expect(unknown.composerText).toBe("");
  });

  it("are never read for a listener reading a queued conversation, nor for the admin watching one", async () => {
    const visitor = await visitorInSupportChat();
    await say(visitor.socket, "hello?");
    await deskHolds(visitor.pairId, null);
    const reader = await insertListener();
    const queued = (await openPage(signedInUser(reader), visitor.user.id, "?reply=1")).data as PageData;
    expect(queued.view.access).toBe("queued");
    expect(queued.savedReplies).toEqual([]);
    expect(queued.composerText).toBe("");
    expect(queued.topics).toEqual([]);

    const held = await heldConversation();
    const boss = { ...signedInUser(await insertAdmin()), role: "admin" as const };
    const watched = (await openPage(boss, held.visitor.user.id, "?reply=1")).data as PageData;
    expect(watched.view.access).toBe("admin");
    expect(watched.savedReplies).toEqual([]);
    expect(watched.composerText).toBe("");
    // The admin may resolve it, so the wrap-up's topics are there.
    expect(watched.topics).toEqual([...SEEDED_WRAP_UP_TOPICS]);
    // Another listener finds a conversation that is someone else's not at all.
    const other = await insertListener();
    expect(await openPage(signedInUser(other), held.visitor.user.id, "?reply=1")).toMatchObject({
      status: 404,
      thrown: true,
    });
  });
});

describe("'Mark resolved' on a desk conversation", () => {
  it("is refused until a listener has replied in this opening, by the page's form, the admin's and the desk's own call", async () => {
    const { listener, visitor } = await heldConversation();
    const wrapUp = { topics: ["Suicidal thoughts"], risk: RISK_ANSWERS.no };
    // The listener opened it (the visitor read that a listener joined) and wrote nothing.
    await openPage(signedInUser(listener), visitor.user.id);
    expect(await resolve(signedInUser(listener), visitor.user.id, wrapUp)).toMatchObject({
      status: 409,
      thrown: false,
      data: {
        intent: "resolve",
        refusal: DESK_TEXTS.notAnswered,
        typed: { topics: ["Suicidal thoughts"], risk: "no" },
      },
    });
    // Said before anything about the wrap-up: an empty one is refused for the same reason first.
    expect(await resolve(signedInUser(listener), visitor.user.id, {})).toMatchObject({
      status: 409,
      data: { refusal: DESK_TEXTS.notAnswered },
    });
    const boss = { ...signedInUser(await insertAdmin()), role: "admin" as const };
    expect(await resolve(boss, visitor.user.id, wrapUp)).toMatchObject({
      status: 409,
      data: { refusal: DESK_TEXTS.notAnswered },
    });
    const direct = { topics: ["Other"], riskDiscussed: false };
    expect(await desk().resolve(visitor.pairId, listener.actor, direct)).toEqual({ refusal: DESK_TEXTS.notAnswered });
    expect(await desk().resolve(visitor.pairId, { ...listener.actor, admin: true }, direct)).toEqual({
      refusal: DESK_TEXTS.notAnswered,
    });
    expect(await holds(listener)).toEqual([visitor.pairId]);
    const page = (await openPage(signedInUser(listener), visitor.user.id)).data as PageData;
    expect(page.view.answered).toBe(false);
    expect((await desk().figures("today")).conversations).toBe(1);
    expect(await desk().figures("today")).toMatchObject({ stillWaiting: 1, answered: 0, closedWithoutReply: 0 });

    // A reply: now it may be resolved, and it counts as answered.
    await replyOnDesk(listener, visitor);
    expect(((await openPage(signedInUser(listener), visitor.user.id)).data as PageData).view.answered).toBe(true);
    expect(await resolve(signedInUser(listener), visitor.user.id, wrapUp)).toMatchObject({
      status: 302,
      location: PATHS.desk,
    });
    expect(await holds(listener)).toEqual([]);
    expect(await desk().figures("today")).toMatchObject({ conversations: 1, answered: 1, stillWaiting: 0 });
  });

  it("with topics and the risk answered, resolves it and goes back to the desk", async () => {
    const { listener, visitor } = await heldConversation();
    await replyOnDesk(listener, visitor);
    const answer = await resolve(signedInUser(listener), visitor.user.id, {
      topics: ["Loneliness", "Other"],
      risk: RISK_ANSWERS.yes,
    });
    expect(answer).toMatchObject({ status: 302, location: PATHS.desk, thrown: true });
    expect(await holds(listener)).toEqual([]);
  });

  it("refuses with a 400 what the wrap-up is missing, keeping the choices, and the conversation stays held", async () => {
    const { listener, visitor } = await heldConversation();
    await replyOnDesk(listener, visitor);
    const user = signedInUser(listener);
    const cases: [{ topics?: string[]; risk?: string }, Record<string, string>][] = [
      [{ topics: [], risk: RISK_ANSWERS.no }, { topics: WRAP_UP_TEXTS.chooseTopic }],
      [{ topics: ["Anxiety", "Boredom"], risk: RISK_ANSWERS.no }, { topics: WRAP_UP_TEXTS.unknownTopic }],
      [{ topics: ["Anxiety"] }, { riskDiscussed: WRAP_UP_TEXTS.chooseRisk }],
      [{ topics: ["Anxiety"], risk: "perhaps" }, { riskDiscussed: WRAP_UP_TEXTS.chooseRisk }],
      [{}, { topics: WRAP_UP_TEXTS.chooseTopic, riskDiscussed: WRAP_UP_TEXTS.chooseRisk }],
    ];
    for (const [wrapUp, problems] of cases) {
      const answer = await resolve(user, visitor.user.id, wrapUp);
      expect(answer, JSON.stringify(wrapUp)).toMatchObject({
        status: 400,
        thrown: false,
        data: {
          intent: "resolve",
          refusal: expect.any(String),
          typed: { topics: wrapUp.topics ?? [], risk: wrapUp.risk ?? null },
          problems,
        },
      });
      expect((answer.data as { problems: object }).problems).toEqual(problems);
    }
    expect(await holds(listener)).toEqual([visitor.pairId]);
  });

  it("is refused to a listener who does not hold the conversation, whatever the wrap-up", async () => {
    // Someone else's: not found at all.
    const { listener, visitor } = await heldConversation();
    const other = await insertListener();
    const wrapUp = { topics: ["Other"], risk: RISK_ANSWERS.no };
    expect(await resolve(signedInUser(other), visitor.user.id, wrapUp)).toMatchObject({ status: 404, thrown: true });
    expect(await holds(listener)).toEqual([visitor.pairId]);
    // Waiting in line: readable, not theirs to resolve.
    await replyOnDesk(listener, visitor);
    await desk().resolve(visitor.pairId, listener.actor, { topics: ["Other"], riskDiscussed: false });
    await desk().setAvailability(listener.actor, false);
    await say(visitor.socket, "me again");
    await deskHolds(visitor.pairId, null);
    expect(await resolve(signedInUser(other), visitor.user.id, wrapUp)).toMatchObject({
      status: 409,
      thrown: false,
      data: { intent: "resolve", refusal: DESK_TEXTS.notAssigned, typed: { topics: ["Other"], risk: "no" } },
    });
    expect(await resolve(signedInUser(other), visitor.user.id, {})).toMatchObject({
      status: 409,
      data: { refusal: DESK_TEXTS.notAssigned },
    });
    await deskHolds(visitor.pairId, null);
  });
});
