import { evictDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { m } from "~/paraglide/messages";
import { COMPOSER_FIELDS, RENDERED_MESSAGES, SEND_INTENT } from "~/shared/conversation-page";
import { DESK_TEXTS } from "~/shared/desk";
import { pairIdFor } from "~/shared/pair-id";
import { chatWith, deskConversationPath } from "~/shared/routes";
import { BLOCK_TEXTS } from "~/shared/safety";
import { CHAT_MESSAGES, MAX_MESSAGE_TEXT, type ServerFrame } from "~/shared/schemas/chat-protocol";
import { sessionEndPath } from "~/shared/session-end";
import { CLOSE_CODES } from "~/shared/socket-protocol";
import { MAX_UPLOAD_BYTES, UPLOAD_MESSAGES } from "~/shared/uploads";
import * as chatScreen from "../../app/routes/chat/chat-screen";
import * as deskConversation from "../../app/routes/desk/desk-conversation";
import { suspendAccount } from "../../worker/accounts/suspension";
import { blockedFrame } from "../../worker/chat/closed-conversation";
import { CONVERSATION_FORM_LIMIT_BYTES, guardRequest } from "../../worker/http/request-guards";
import { inLanguage } from "../../worker/i18n/request-language";
import { blockUser } from "../../worker/safety/blocks";
import { contains, pngWithMetadata } from "../unit/images/fixtures";
import { insertListener, insertUser, withSessionCache } from "./support/accounts";
import { APP_ORIGIN } from "./support/auth-requests";
import { answered, closing, connect, type TestSocket } from "./support/chat-sockets";
import {
  availableAtDesk,
  clearDesk,
  deskHolds,
  openDeskConversation,
  roomDeskStatus,
  SUPPORT_ID,
  say,
  seedSupport,
  visitorInSupportChat,
} from "./support/desk";
import { EMAIL_GRACE_MS, runInboxAlarmAfter } from "./support/inbox-alarm";
import { messageCount, readPosition, roomRows } from "./support/room-state";
import { type ActionAnswer, callAction, callLoader, signedInUser } from "./support/route-action";
import { until } from "./support/until";

type Person = Awaited<ReturnType<typeof insertUser>>;

beforeAll(seedSupport);
beforeEach(clearDesk);

let tokens = 0;
/** A fresh form token, as the page renders one per composer. */
function freshToken(): string {
  tokens += 1;
  return `temp-form-${tokens}-${crypto.randomUUID().slice(0, 8)}`;
}

/** The composer's fields, as the browser posts them without scripts (multipart, CRLF line breaks). */
function composerForm(fields: { text?: string; token?: string; image?: File | null }): FormData {
  const form = new FormData();
  form.set(COMPOSER_FIELDS.intent, SEND_INTENT);
  form.set(COMPOSER_FIELDS.clientId, fields.token ?? freshToken());
  form.set(COMPOSER_FIELDS.text, fields.text ?? "");
  // A form with no file chosen still sends the field, empty and nameless.
  form.set(COMPOSER_FIELDS.image, fields.image ?? new File([], ""));
  return form;
}

/** Posts a person's composer to their conversation with `contactId` (/chat/{contactId}). */
function post(from: Person | null, contactId: string, fields: Parameters<typeof composerForm>[0]) {
  return callAction(chatScreen.action, chatWith(contactId), composerForm(fields), {
    user: from ? signedInUser(from) : null,
    params: { userId: contactId },
  });
}

/** What a refused post shows: its message, and the text back in the composer. */
function refusalOf(answer: ActionAnswer): { message: string; typed: string } {
  expect(answer.thrown, "a refusal is shown on the page, not thrown").toBe(false);
  return (answer.data as { send: { message: string; typed: string } }).send;
}

function expectSentBack(answer: ActionAnswer, path: string) {
  expect(answer).toMatchObject({ status: 303, location: path, thrown: true });
}

const pngFile = (name = "photo.png") => new File([new Uint8Array(pngWithMetadata())], name, { type: "image/png" });

async function storedImages(pairId: string): Promise<string[]> {
  return (await env.IMAGES.list({ prefix: `chats/${pairId}/` })).objects.map((object) => object.key);
}

async function twoPeople() {
  const a = await insertUser();
  const b = await insertUser();
  return { a, b, pairId: pairIdFor(a.user.id, b.user.id) };
}

/** What a socket's refusal frame says. */
function socketRefusal(frame: ServerFrame): string {
  if (frame.type !== "error") throw new Error(`not a refusal: ${frame.type}`);
  return frame.message;
}

const messageFrame = (clientId: string) => (frame: ServerFrame) =>
  frame.type === "message" && frame.message.clientId === clientId;

describe("who may send with the conversation's form", () => {
  it("sends a signed-out visitor to sign in and back, and stores nothing", async () => {
    const { b, pairId } = await twoPeople();
    const answer = await post(null, b.user.id, { text: "hello" });
    expect(answer).toMatchObject({ thrown: true, location: `/signup?next=${encodeURIComponent(chatWith(b.user.id))}` });
    expect(await messageCount(pairId)).toBe(0);
  });

  it("refuses a conversation with oneself or with someone who does not exist", async () => {
    const a = await insertUser();
    const self = await post(a, a.user.id, { text: "me" });
    expect(self).toMatchObject({ thrown: true, status: 400 });
    const nobody = await post(a, "no-such-person", { text: "hello?" });
    expect(nobody).toMatchObject({ thrown: true, status: 404 });
    expect((await roomRows(pairIdFor(a.user.id, "no-such-person"), "SELECT * FROM messages")).length).toBe(0);
  });

  it("refuses both members once either blocked the other, with the socket's words, keeping the text", async () => {
    const { a, b, pairId } = await twoPeople();
    expectSentBack(await post(a, b.user.id, { text: "before the block" }), chatWith(b.user.id));
    await blockUser(b.user.id, a.user.id);
    for (const [from, to] of [
      [a, b],
      [b, a],
    ] as const) {
      const answer = await post(from, to.user.id, { text: "Let me in", image: pngFile() });
      expect(answer.status).toBe(403);
      expect(refusalOf(answer)).toEqual({ message: socketRefusal(blockedFrame()), typed: "Let me in" });
    }
    expect(socketRefusal(blockedFrame())).toBe(BLOCK_TEXTS.cannotMessage);
    expect(await messageCount(pairId)).toBe(1);
    // No image was kept for a message that could not be sent.
    expect(await storedImages(pairId)).toEqual([]);
  });

  it("is refused by the room's own copy of a block too, whatever the Worker read", async () => {
    const { a, b, pairId } = await twoPeople();
    await blockUser(a.user.id, b.user.id);
    const outcome = await env.CHAT_ROOM.getByName(pairId).sendFromPage({
      pairId,
      userId: b.user.id,
      userName: b.user.username,
      clientId: freshToken(),
      text: "through a stale gate",
      imageUrl: null,
      closedAtGate: false,
    });
    expect(outcome).toEqual({ ok: false, code: "blocked", message: BLOCK_TEXTS.cannotMessage });
    // Nor can anyone write into a room that is not theirs.
    const eve = await insertUser();
    const intruder = await env.CHAT_ROOM.getByName(pairId).sendFromPage({
      pairId,
      userId: eve.user.id,
      userName: eve.user.username,
      clientId: freshToken(),
      text: "hi",
      imageUrl: null,
      closedAtGate: false,
    });
    expect(intruder).toMatchObject({ ok: false, code: "not_a_member" });
    expect(await messageCount(pairId)).toBe(0);
  });

  it("sends a suspended person where their socket's session end sends them, and stores nothing", async () => {
    const { a, b, pairId } = await twoPeople();
    // The browser's cookies: the session's token and better-auth's signed cache of it.
    const browserCookies = await withSessionCache(a.cookie);
    const socket = await connect(a.cookie, pairId);
    const closed = closing(socket.ws);
    await suspendAccount(a.user.id);
    const { code, reason } = await closed();
    expect(code).toBe(CLOSE_CODES.sessionEnded);

    const answer = await callAction(chatScreen.action, chatWith(b.user.id), composerForm({ text: "still here?" }), {
      cookie: browserCookies,
      sessionFromCookie: true,
      params: { userId: b.user.id },
    });
    // The page's socket leaves for sessionEndPath(reason) (app/lib/session-leaving.ts): so does the form.
    expect(answer).toMatchObject({ thrown: true, location: sessionEndPath("suspended") });
    expect(sessionEndPath(reason as "suspended")).toBe(answer.location);
    expect(await messageCount(pairId)).toBe(0);
  });
});

describe("a form posted twice", () => {
  it("stores one message under the form's token, one seq, and keeps one copy of its image", async () => {
    const { a, b, pairId } = await twoPeople();
    const bSocket = await connect(b.cookie, pairId);
    const token = freshToken();
    // Both posts at once (a double click), then once more (a reload of the post).
    const [first, second] = await Promise.all([
      post(a, b.user.id, { text: "only once", token, image: pngFile() }),
      post(a, b.user.id, { text: "only once", token, image: pngFile() }),
    ]);
    const third = await post(a, b.user.id, { text: "only once", token, image: pngFile() });
    for (const answer of [first, second, third]) expectSentBack(answer, chatWith(b.user.id));

    const rows = await roomRows<{ seq: number; client_id: string; image_url: string }>(
      pairId,
      "SELECT seq, client_id, image_url FROM messages",
    );
    expect(rows).toEqual([{ seq: 1, client_id: token, image_url: expect.stringMatching(/^\/images\/chats\//) }]);
    expect(await storedImages(pairId)).toEqual([rows[0]?.image_url.slice("/images/".length)]);
    // The other member's socket heard of it once.
    await answered(bSocket);
    expect(bSocket.frames.filter(messageFrame(token))).toHaveLength(1);
  });

  it("after the room stored it from a socket's send with the same temp- id, stores nothing more", async () => {
    const { a, b, pairId } = await twoPeople();
    const aSocket = await connect(a.cookie, pairId);
    aSocket.send({ type: "send", clientId: "temp-shared", text: "from the socket" });
    await aSocket.waitFor(messageFrame("temp-shared"));
    expectSentBack(await post(a, b.user.id, { text: "from the socket", token: "temp-shared" }), chatWith(b.user.id));
    expect(await messageCount(pairId)).toBe(1);
  });
});

describe("the message's limits", () => {
  it("refuses a message with neither words nor an image, in the socket's words", async () => {
    const { a, b, pairId } = await twoPeople();
    for (const text of ["", "  \r\n\t "]) {
      const answer = await post(a, b.user.id, { text });
      expect(answer.status).toBe(400);
      expect(refusalOf(answer).message).toBe(CHAT_MESSAGES.emptyMessage);
    }
    expect(await messageCount(pairId)).toBe(0);
  });

  it("refuses more than 4,000 characters and gives every one of them back; line breaks count once", async () => {
    const { a, b, pairId } = await twoPeople();
    const long = "x".repeat(MAX_MESSAGE_TEXT + 1);
    const answer = await post(a, b.user.id, { text: long });
    expect(answer.status).toBe(400);
    expect(refusalOf(answer)).toEqual({ message: CHAT_MESSAGES.tooLong, typed: long });
    // The browser sends a textarea's line breaks as CRLF: 4,000 characters as written are 4,000.
    const lines = `${"a\r\n".repeat(1999)}ab`;
    expectSentBack(await post(a, b.user.id, { text: lines }), chatWith(b.user.id));
    const [stored] = await roomRows<{ text: string }>(pairId, "SELECT text FROM messages");
    expect(stored?.text).toBe(`${"a\n".repeat(1999)}ab`);
    expect(stored?.text.length).toBe(MAX_MESSAGE_TEXT);
  });

  it("refuses a token that is not a temp- id, and stores nothing", async () => {
    const { a, b, pairId } = await twoPeople();
    const answer = await post(a, b.user.id, { text: "hello", token: "not-a-temp-id" });
    expect(answer.status).toBe(400);
    expect(refusalOf(answer)).toEqual({ message: CHAT_MESSAGES.badFrame, typed: "hello" });
    expect(await messageCount(pairId)).toBe(0);
  });

  it("slows down a sender who floods the conversation, in the socket's words", async () => {
    const { a, b, pairId } = await twoPeople();
    const answers = await Promise.all(Array.from({ length: 60 }, (_, n) => post(a, b.user.id, { text: `flood ${n}` })));
    const refused = answers.filter((answer) => !answer.thrown).map((answer) => refusalOf(answer));
    expect(refused.length).toBeGreaterThan(0);
    for (const refusal of refused) expect(refusal.message).toBe(CHAT_MESSAGES.rateLimited);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(refused.length);
    expect(await messageCount(pairId)).toBe(60 - refused.length);
  });

  it("in a Spanish request, words its refusals in Spanish: the page's own checks and the room's", async () => {
    const { a, b, pairId } = await twoPeople();
    const es = { locale: "es" } as const;
    const long = "x".repeat(MAX_MESSAGE_TEXT + 1);
    const tooLong = await inLanguage("es", () => post(a, b.user.id, { text: long }));
    expect(tooLong.status).toBe(400);
    expect(refusalOf(tooLong)).toEqual({ message: m.chat_too_long({ max: MAX_MESSAGE_TEXT }, es), typed: long });
    const empty = await inLanguage("es", () => post(a, b.user.id, { text: " " }));
    expect(refusalOf(empty).message).toBe(m.chat_empty_message({}, es));
    // The room knows no request's language: its refusal is worded again by the page.
    const answers = await inLanguage("es", () =>
      Promise.all(Array.from({ length: 60 }, (_, n) => post(a, b.user.id, { text: `rápido ${n}` }))),
    );
    const refused = answers.filter((answer) => !answer.thrown).map((answer) => refusalOf(answer));
    expect(refused.length).toBeGreaterThan(0);
    for (const refusal of refused) expect(refusal.message).toBe(m.chat_rate_limited({}, es));
    expect(await messageCount(pairId)).toBe(60 - refused.length);
  });

  it("refuses an image over 10 MB and a file that is not an image, with the upload's words, keeping the text", async () => {
    const { a, b, pairId } = await twoPeople();
    const tooBig = new Uint8Array(MAX_UPLOAD_BYTES.chat + 1);
    tooBig.set(pngWithMetadata());
    const big = await post(a, b.user.id, {
      text: "my photo",
      image: new File([tooBig], "big.png", { type: "image/png" }),
    });
    expect(big.status).toBe(413);
    expect(refusalOf(big)).toEqual({ message: UPLOAD_MESSAGES.chatTooLarge, typed: "my photo" });
    const notImage = new File(["<!doctype html><script>alert(1)</script>"], "innocent.png", { type: "image/png" });
    const fake = await post(a, b.user.id, { text: "look", image: notImage });
    expect(fake.status).toBe(415);
    expect(refusalOf(fake)).toEqual({ message: UPLOAD_MESSAGES.notAnImage, typed: "look" });
    expect(await messageCount(pairId)).toBe(0);
    expect(await storedImages(pairId)).toEqual([]);
  });

  it("sends an image alone, stored under the conversation with its metadata stripped", async () => {
    const { a, b, pairId } = await twoPeople();
    expectSentBack(await post(a, b.user.id, { image: pngFile() }), chatWith(b.user.id));
    const [row] = await roomRows<{ text: string; image_url: string }>(pairId, "SELECT text, image_url FROM messages");
    expect(row?.text).toBe("");
    const key = row?.image_url.slice("/images/".length) ?? "";
    expect(key).toMatch(new RegExp(`^chats/${pairId}/[0-9a-f-]{36}\\.png$`));
    const stored = await env.IMAGES.get(key);
    expect(stored?.httpMetadata?.contentType).toBe("image/png");
    expect(contains(new Uint8Array(await (stored as R2ObjectBody).arrayBuffer()), "SECRET-TEXT")).toBe(false);
  });

  it("lets the page's post carry a 10 MB image and its text past the body cap, and only the conversation's pages", async () => {
    const request = (path: string, bytes: number) =>
      new Request(`${APP_ORIGIN}${path}`, {
        method: "POST",
        headers: { Origin: APP_ORIGIN, "Content-Length": String(bytes) },
        body: "x",
      });
    const justFits = MAX_UPLOAD_BYTES.chat + 16 * 1024 + MAX_MESSAGE_TEXT * 3;
    expect(CONVERSATION_FORM_LIMIT_BYTES).toBe(justFits);
    for (const path of ["/chat/someone", "/chat/someone.data", "/desk/visitor"]) {
      expect(await guardRequest(request(path, justFits)), path).toBeInstanceOf(Request);
      const over = await guardRequest(request(path, justFits + 1));
      expect(over, path).toBeInstanceOf(Response);
      expect((over as Response).status).toBe(413);
      expect(await (over as Response).text()).toBe(UPLOAD_MESSAGES.chatTooLarge);
    }
    for (const path of ["/chat", "/desk", "/users/someone", "/login"]) {
      const refused = await guardRequest(request(path, 1024 * 1024));
      expect((refused as Response).status, path).toBe(413);
    }
  });
});

describe("a sent form's message", () => {
  it("reaches the open sockets live with its seq, the recipient's list and badge, and their email", async () => {
    const { a, b, pairId } = await twoPeople();
    const aOtherDevice = await connect(a.cookie, pairId);
    aOtherDevice.send({ type: "send", clientId: "temp-first", text: "first, from the socket" });
    await aOtherDevice.waitFor(messageFrame("temp-first"));

    const bSocket = await connect(b.cookie, pairId);
    const token = freshToken();
    expectSentBack(await post(a, b.user.id, { text: "second, from the form", token }), chatWith(b.user.id));
    for (const socket of [bSocket, aOtherDevice] as TestSocket[]) {
      expect(await socket.waitFor(messageFrame(token))).toMatchObject({
        message: { seq: 2, senderId: a.user.id, senderName: a.user.username, text: "second, from the form" },
      });
    }
    bSocket.ws.close(1000, "gone");

    const bInbox = env.USER_INBOX.getByName(b.user.id);
    // The first message already made the conversation unread: wait for the second's update itself.
    await until(async () => (await bInbox.list())[0]?.lastMessage === "second, from the form");
    expect(await bInbox.unreadCount()).toBe(1);
    const [summary] = await bInbox.list();
    expect(summary).toMatchObject({ contactId: a.user.id, lastMessage: "second, from the form", unread: true });
    // Nobody reads it: the offline email follows, as for a socket's message.
    expect(await runInboxAlarmAfter(b.user.id, EMAIL_GRACE_MS + 1000)).toBe(true);
    expect(await emailsTo(b)).toBe(1);
  });

  it("registers a conversation its first message opens, for the sweeps, as a member's socket would", async () => {
    const { a, b, pairId } = await twoPeople();
    const registered = () => env.DB.prepare("SELECT user_a, user_b FROM chats WHERE pair_id = ?").bind(pairId).first();
    expect(await registered()).toBeNull();
    expectSentBack(await post(a, b.user.id, { text: "the first word" }), chatWith(b.user.id));
    expect(await registered()).toEqual({ user_a: pairId.split("_")[0], user_b: pairId.split("_")[1] });
  });

  it("in a support conversation goes to the desk, and the listener who has it answers with the form", async () => {
    const listener = await insertListener();
    await availableAtDesk(listener);
    const visitor = await insertUser();
    const pairId = pairIdFor(visitor.user.id, SUPPORT_ID);
    const visitorSocket = await connect(visitor.cookie, pairId);

    expectSentBack(await post(visitor, SUPPORT_ID, { text: "is anyone there?" }), chatWith(SUPPORT_ID));
    await deskHolds(pairId, listener.user.id);
    const joined = await visitorSocket.waitFor((frame) => frame.type === "desk" && frame.state === "assigned");
    expect(JSON.stringify(joined)).not.toContain(listener.user.id);

    const token = freshToken();
    const reply = await callAction(
      deskConversation.action,
      deskConversationPath(visitor.user.id),
      composerForm({ text: "I'm here. Take your time.", token }),
      { user: signedInUser(listener), params: { visitorId: visitor.user.id } },
    );
    expectSentBack(reply, deskConversationPath(visitor.user.id));
    expect(await visitorSocket.waitFor(messageFrame(token))).toMatchObject({
      message: { senderId: SUPPORT_ID, text: "I'm here. Take your time." },
    });
  });

  it("in a support conversation, is followed at once by where it stands: the page after the post shows the place in line", async () => {
    const visitor = await insertUser();
    const pairId = pairIdFor(visitor.user.id, SUPPORT_ID);
    expectSentBack(await post(visitor, SUPPORT_ID, { text: "first words, without scripts" }), chatWith(SUPPORT_ID));
    // Read straight after the redirect, as the reloaded page does: no second post needed.
    expect(await roomDeskStatus(pairId)).toMatchObject({ state: "queued", position: 1 });
  });

  it("from a listener the desk has not given the conversation, is refused in the socket's words", async () => {
    const visitor = await visitorInSupportChat();
    await say(visitor.socket, "hello");
    await deskHolds(visitor.pairId, null);
    const listener = await insertListener();
    // Its socket is refused so:
    const reading = await openDeskConversation(listener.cookie, visitor.user.id);
    reading.socket?.send({ type: "send", clientId: "temp-early", text: "hi" });
    const bySocket = await reading.socket?.waitFor((frame) => frame.type === "error");

    const answer = await callAction(
      deskConversation.action,
      deskConversationPath(visitor.user.id),
      composerForm({ text: "hi", image: pngFile() }),
      { user: signedInUser(listener), params: { visitorId: visitor.user.id } },
    );
    expect(answer.status).toBe(403);
    expect(refusalOf(answer)).toEqual({ message: DESK_TEXTS.notAssigned, typed: "hi" });
    expect(bySocket).toMatchObject({ code: "not_assigned", message: DESK_TEXTS.notAssigned });
    expect(await messageCount(visitor.pairId)).toBe(1);
    expect(await storedImages(visitor.pairId)).toEqual([]);
  });
});

describe("the conversation's page, rendered on the server", () => {
  it("shows the newest messages at the bottom, with the other member's receipts", async () => {
    const { a, b, pairId } = await twoPeople();
    const aSocket = await connect(a.cookie, pairId);
    for (const text of ["one", "two", "three"]) await sayOn(aSocket, text);
    const bSocket = await connect(b.cookie, pairId);
    bSocket.send({ type: "read", upToSeq: 2 });
    await answered(bSocket);
    const page = await openPage(a, b, {});
    expect(page.view.messages.map((m) => m.text)).toEqual(["one", "two", "three"]);
    expect(page.view).toMatchObject({ hasOlder: false, receipts: { readSeq: 2, deliveredSeq: 2 } });
    expect(page.formToken).toMatch(/^temp-[0-9a-f-]{36}$/);
  });

  it("marks read what a person's own view of it shows, like the socket's read frame; a script's data request or a prefetch reads nothing", async () => {
    const { a, b, pairId } = await twoPeople();
    const aSocket = await connect(a.cookie, pairId);
    await sayOn(aSocket, "are you there?");
    const bInbox = env.USER_INBOX.getByName(b.user.id);
    await until(async () => (await bInbox.unreadCount()) === 1);

    await openPage(b, a, { "Sec-Purpose": "prefetch" });
    await openPage(b, a, {}, `${chatWith(a.user.id)}.data`);
    expect(await readPosition(pairId, b.user.id)).toEqual({ read: 0, delivered: 0 });
    expect(await bInbox.unreadCount()).toBe(1);

    const page = await openPage(b, a, {});
    // Read before the page's header counted unread: the list the page shows has it read already.
    expect(page.conversations.find((chat) => chat.contactId === a.user.id)?.unread).toBe(false);
    expect(await bInbox.unreadCount()).toBe(0);
    expect(await readPosition(pairId, b.user.id)).toEqual({ read: 1, delivered: 1 });
    expect(await aSocket.waitFor((frame) => frame.type === "read")).toEqual({
      type: "read",
      userId: b.user.id,
      upToSeq: 1,
    });
  });

  it("renders at most the newest hundred, with a page of the earlier ones", async () => {
    const { a, b, pairId } = await twoPeople();
    await env.CHAT_ROOM.getByName(pairId).sendFromPage({
      pairId,
      userId: a.user.id,
      userName: a.user.username,
      clientId: freshToken(),
      text: "opening",
      imageUrl: null,
      closedAtGate: false,
    });
    await roomRows(
      pairId,
      `WITH RECURSIVE n(i) AS (SELECT 2 UNION ALL SELECT i + 1 FROM n WHERE i < ${RENDERED_MESSAGES + 20})
       INSERT INTO messages (client_id, sender_id, sender_name, text, timestamp)
       SELECT 'temp-bulk-' || i, ?, 'a', 'message ' || i, ? FROM n`,
      a.user.id,
      Date.now(),
    );
    const newest = await openPage(a, b, {});
    expect(newest.view.messages).toHaveLength(RENDERED_MESSAGES);
    expect(newest.view.messages[0]?.seq).toBe(21);
    expect(newest.view.messages.at(-1)?.seq).toBe(RENDERED_MESSAGES + 20);
    expect(newest.view.hasOlder).toBe(true);
    const earlier = await openPage(a, b, {}, `${chatWith(b.user.id)}?before=21`);
    expect(earlier.view.messages.map((m) => m.seq)).toEqual(Array.from({ length: 20 }, (_, n) => n + 1));
    expect(earlier.view.hasOlder).toBe(false);
  });

  it("shows the room's 20-minute notice while its session goes on", async () => {
    const { a, b, pairId } = await twoPeople();
    const aSocket = await connect(a.cookie, pairId);
    await sayOn(aSocket, "hello");
    expect((await openPage(a, b, {})).view.sessionNotice).toBeNull();
    await roomRows(pairId, "INSERT OR REPLACE INTO meta (key, value) VALUES ('session_notified', '1')");
    expect((await openPage(a, b, {})).view.sessionNotice).toBe(CHAT_MESSAGES.sessionNotice);
    // Twenty quiet minutes later the next message starts a new session: the notice is old news.
    await roomRows(pairId, "UPDATE messages SET timestamp = timestamp - ?", 21 * 60 * 1000);
    await evictDurableObject(env.CHAT_ROOM.getByName(pairId));
    expect((await openPage(a, b, {})).view.sessionNotice).toBeNull();
  });
});

/** Sends a message on a member's socket and waits for the room's answer. */
async function sayOn(socket: TestSocket, text: string) {
  const clientId = freshToken();
  socket.send({ type: "send", clientId, text });
  await socket.waitFor(messageFrame(clientId));
}

type PageData = Awaited<ReturnType<typeof chatScreen.loader>>;

/** The conversation page's data, as `viewer` opens their conversation with `contact`. */
async function openPage(viewer: Person, contact: Person, headers: Record<string, string>, path?: string) {
  const answer = await callLoader(chatScreen, path ?? chatWith(contact.user.id), {
    user: signedInUser(viewer),
    params: { userId: contact.user.id },
    headers,
  });
  expect(answer.thrown).toBe(false);
  const data = answer.data as PageData;
  if (!data.view) throw new Error("no conversation on the page");
  return { ...data, view: data.view };
}

async function emailsTo(person: Person): Promise<number> {
  const row = await env.DB.prepare('SELECT count(*) AS n FROM email_outbox WHERE "to" = ?')
    .bind(person.email)
    .first<{ n: number }>();
  return row?.n ?? 0;
}
