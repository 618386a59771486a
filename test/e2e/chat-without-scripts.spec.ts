import type { Browser, Page } from "@playwright/test";
import { CONVERSATION_TEXTS } from "../../app/components/chat/conversation-texts";
import { CRISIS_BANNER_TEXTS } from "../../app/components/chat/crisis-banner";
import { formatMessageTime } from "../../app/lib/time-format";
import { COMPOSER_FIELDS, SEND_INTENT } from "../../app/shared/conversation-page";
import { chatWith } from "../../app/shared/routes";
import { BLOCK_TEXTS } from "../../app/shared/safety";
import { SESSION_END_MESSAGES } from "../../app/shared/session-end";
import { fillSignUpForm } from "./support/auth-forms";
import { seriousViolations } from "./support/axe";
import { composer, expectStored, log, openConversation } from "./support/chat-page";
import { SUPPORT_CHAT_PATH } from "./support/config";
import { expectNoSideScroll } from "./support/layout";
import {
  anotherPerson,
  expect,
  holdRequests,
  newAccount,
  pageWithoutScripts,
  pngFile,
  randomClientAddress,
  signedInAsSupport,
  test,
  waitForHydration,
} from "./support/test";

/**
 * The support journey without JavaScript: Tor Browser's 'Safest' mode, an old phone. The
 * conversation renders on the server, its composer is a form posted to the page's action, and
 * 'Refresh' brings what arrived since. With scripts, the same page hydrates and goes live.
 */

const PHONE = { width: 375, height: 740 };
const SMALL_PHONE = { width: 320, height: 640 };

const sendButton = (page: Page) => page.getByRole("button", { name: "Send", exact: true });
const refreshLink = (page: Page) =>
  page.getByRole("link", { name: `${CONVERSATION_TEXTS.refresh}${CONVERSATION_TEXTS.refreshContext}` });
const bubble = (page: Page, text: string) => log(page).getByRole("listitem").filter({ hasText: text });

/** Who is signed in on a page, from their own session. */
async function whoAmI(page: Page): Promise<{ id: string; username: string }> {
  const session = (await (await page.request.get("/api/auth/get-session")).json()) as {
    user: { id: string; username: string };
  };
  return session.user;
}

/** Writes and sends a message with the page's form, as a person without scripts does. */
async function sendWithForm(page: Page, text: string) {
  await composer(page).fill(text);
  await sendButton(page).click();
  // Stored: Sent, or further on when the other person's page has it open.
  await expect(bubble(page, text)).toContainText(/Sent|Delivered|Read/);
  await expect(composer(page)).toHaveValue("");
}

/** Clicks Refresh until `text` is on the page: the other person's message has reached the room. */
async function refreshUntil(page: Page, text: string) {
  await expect(async () => {
    await refreshLink(page).click();
    await expect(bubble(page, text)).toBeVisible({ timeout: 500 });
  }).toPass();
}

/** The composer and Send are on the screen in full, nothing over them. */
async function expectComposerInView(page: Page) {
  await expect(composer(page)).toBeInViewport({ ratio: 1 });
  await expect(sendButton(page)).toBeInViewport({ ratio: 1 });
  const box = await sendButton(page).boundingBox();
  if (!box) throw new Error("Send is not shown");
  // What is drawn at Send's centre is Send itself (no sticky header, banner or dialog over it).
  const send = await sendButton(page).elementHandle();
  const onTop = await page.evaluate(({ x, y, send }) => document.elementFromPoint(x, y)?.closest("button") === send, {
    x: box.x + box.width / 2,
    y: box.y + box.height / 2,
    send,
  });
  expect(onTop).toBe(true);
}

test.describe("the support journey with JavaScript disabled", () => {
  test("a new visitor goes from the landing page to the support conversation, writes, reads the reply after Refresh and sends a picture", async ({
    browser,
    baseURL: base,
  }) => {
    const baseURL = base ?? "";
    const page = await pageWithoutScripts(browser, baseURL, { viewport: PHONE });
    const support = await signedInAsSupport(browser, baseURL);
    try {
      // The landing page's call to action is a plain link (whatever its scripts do).
      await page.goto("/");
      await page.getByRole("link", { name: "Talk to Someone Now - Free" }).first().click();
      await expect(page).toHaveURL(`/signup?next=${encodeURIComponent(SUPPORT_CHAT_PATH)}`);
      await fillSignUpForm(page);
      await page.getByRole("button", { name: "Create Account" }).click();
      await expect(page).toHaveURL(SUPPORT_CHAT_PATH);
      await expect(page.getByRole("heading", { level: 2, name: "Support" })).toBeVisible();
      await expect(page.getByText("No messages yet", { exact: true })).toBeVisible();
      await expect(page.getByText(CONVERSATION_TEXTS.sessionNotice, { exact: true })).toBeVisible();
      await expectComposerInView(page);
      const visitor = await whoAmI(page);

      await sendWithForm(page, "Hello, is anyone there? I could use someone to talk to.");
      await expect(page).toHaveURL(SUPPORT_CHAT_PATH);
      await expectComposerInView(page);

      // The other member replies from a live page of theirs.
      await openConversation(support.page, chatWith(visitor.id));
      await expect(bubble(support.page, "I could use someone to talk to.")).toBeVisible();
      await support.page.getByRole("textbox", { name: /^Message / }).fill("We're here with you. Take your time.");
      await support.page.getByRole("textbox", { name: /^Message / }).press("Enter");
      await expectStored(support.page, "We're here with you.");

      // The list of conversations is plain links: it shows the reply as unread, and opening the
      // conversation reads it, header included.
      await page.getByRole("link", { name: "Back to chats" }).click();
      const recent = page.getByRole("navigation", { name: "Recent chats" });
      await expect(async () => {
        await page.reload();
        await expect(recent.getByRole("link", { name: /Support.*New unread messages/ })).toBeVisible({ timeout: 500 });
      }).toPass();
      await expect(page.getByRole("banner").getByText(/unread/)).not.toHaveCount(0);
      await recent.getByRole("link", { name: /Support/ }).click();
      await expect(page).toHaveURL(SUPPORT_CHAT_PATH);
      await expect(bubble(page, "We're here with you. Take your time.")).toBeVisible();
      await expect(page.getByRole("banner").getByText(/unread/)).toHaveCount(0);
      await page.getByRole("link", { name: "Back to chats" }).click();
      await expect(recent.getByRole("link", { name: /Support/ })).not.toContainText("New");
      await recent.getByRole("link", { name: /Support/ }).click();

      // What arrives later comes with Refresh.
      await support.page.getByRole("textbox", { name: /^Message / }).fill("Would you like to tell me more?");
      await support.page.getByRole("textbox", { name: /^Message / }).press("Enter");
      await expectStored(support.page, "Would you like to tell me more?");
      await refreshUntil(page, "Would you like to tell me more?");

      // A picture goes with the form too: shown in its reserved box, a link to the full picture.
      await page.getByLabel(CONVERSATION_TEXTS.attach).setInputFiles(pngFile("sunset.png"));
      await sendButton(page).click();
      const picture = log(page).getByRole("img", { name: "Image you sent" });
      await expect(picture).toBeVisible();
      const link = log(page).getByRole("link", { name: /Image you sent.*open full size/ });
      await expect(link).toHaveAttribute("href", (await picture.getAttribute("src")) ?? "no picture");
      expect(await picture.getAttribute("src")).toMatch(/^\/images\/chats\//);
      await expect
        .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
        .toBe(true);
      const box = await picture.boundingBox();
      expect(box && Math.round((box.width * 3) / 4)).toBe(box && Math.round(box.height));
      // The support account sees it live.
      await expect(log(support.page).getByRole("img", { name: /^Image from / })).toBeVisible();
      await expectComposerInView(page);
      await expectNoSideScroll(page);
    } finally {
      await page.context().close();
      await support.context.close();
    }
  });

  test("at 320 px a long word and right-to-left text are sent and wrap, and the composer stays on the screen", async ({
    browser,
    baseURL: base,
  }) => {
    const baseURL = base ?? "";
    const page = await pageWithoutScripts(browser, baseURL, { viewport: SMALL_PHONE });
    try {
      await newAccount(page, baseURL);
      await page.goto(SUPPORT_CHAT_PATH);
      const long = `https://example.com/${"averyveryverylongpathsegment".repeat(8)}`;
      await sendWithForm(page, long);
      await sendWithForm(page, "مرحبا، أحتاج إلى التحدث مع شخص ما");
      await expect(bubble(page, "مرحبا").getByText("مرحبا، أحتاج")).toHaveAttribute("dir", "auto");
      await expectNoSideScroll(page);
      await expectComposerInView(page);
      // The newest message is where the list opens, without scripts to scroll it there.
      await expect(bubble(page, "مرحبا")).toBeInViewport();
      // Typed on more than one line: the lines stay as written (the browser sends them as CRLF).
      await sendWithForm(page, "first line\nsecond line");
      const lines = bubble(page, "first line").getByText("first line");
      expect(await lines.evaluate((text) => text.textContent)).toBe("first line\nsecond line");
    } finally {
      await page.context().close();
    }
  });
});

/** Two people in a conversation: `me` without scripts at 375 px, `them` with a live page. */
async function conversationWithoutScripts(browser: Browser, baseURL: string) {
  const page = await pageWithoutScripts(browser, baseURL, { viewport: PHONE });
  const me = await newAccount(page, baseURL);
  const them = await anotherPerson(browser, baseURL);
  return { page, me, them };
}

test.describe("a form that is refused", () => {
  test("by a block, says what the socket says and keeps the text", async ({ browser, baseURL: base }) => {
    const baseURL = base ?? "";
    const { page, me, them } = await conversationWithoutScripts(browser, baseURL);
    try {
      await page.goto(chatWith(them.user.id));
      await sendWithForm(page, "Hello there");
      await composer(page).fill("Are you still there?");
      const blocked = await them.page.request.post(chatWith(me.user.id), {
        form: { intent: "block" },
        headers: { Origin: baseURL },
      });
      expect(blocked.status()).toBe(200);

      await sendButton(page).click();
      await expect(page.getByText(BLOCK_TEXTS.cannotMessage, { exact: true })).toBeVisible();
      // Nothing typed is lost: the text stays in view, read-only, for the person to copy.
      await expect(composer(page)).toHaveValue("Are you still there?");
      await expect(bubble(page, "Are you still there?")).toHaveCount(0);
      await expect(bubble(page, "Hello there")).toBeVisible();
    } finally {
      await page.context().close();
      await them.context.close();
    }
  });

  test("from a suspended account, ends where the socket's session end goes, with the same words", async ({
    browser,
    baseURL: base,
  }) => {
    const baseURL = base ?? "";
    const { page, me, them } = await conversationWithoutScripts(browser, baseURL);
    // The same person with a live page as well: their socket is closed by the suspension.
    const live = await browser.newContext({
      baseURL,
      storageState: await page.context().storageState(),
      extraHTTPHeaders: { "cf-connecting-ip": randomClientAddress() },
    });
    const livePage = await live.newPage();
    const admin = await signedInAsSupport(browser, baseURL);
    try {
      await page.goto(chatWith(them.user.id));
      await composer(page).fill("One more thing");
      await openConversation(livePage, chatWith(them.user.id));

      const marker = `Report ${crypto.randomUUID().slice(0, 8)}`;
      const reported = await them.page.request.post(`/users/${me.user.id}`, {
        form: { intent: "report", subject: "profile", reason: "harassment", note: marker },
        headers: { Origin: baseURL },
      });
      expect(reported.status()).toBe(200);
      await admin.page.goto("/admin/reports");
      const reportId = await admin.page
        .getByRole("article")
        .filter({ hasText: marker })
        .locator('input[name="id"]')
        .first()
        .inputValue();
      const suspended = await admin.page.request.post("/admin/reports", {
        form: { intent: "suspend", id: reportId, reason: "harassment" },
        headers: { Origin: baseURL },
      });
      expect(suspended.status()).toBe(200);

      const ended = `/signup?reason=suspended`;
      await expect(livePage).toHaveURL(ended);
      await expect(livePage.getByText(SESSION_END_MESSAGES.suspended)).toBeVisible();
      await sendButton(page).click();
      await expect(page).toHaveURL(ended);
      await expect(page.getByText(SESSION_END_MESSAGES.suspended)).toBeVisible();
    } finally {
      await page.context().close();
      await live.close();
      await them.context.close();
      await admin.context.close();
    }
  });

  test("sent twice stores one message", async ({ browser, baseURL: base }) => {
    const baseURL = base ?? "";
    const { page, me, them } = await conversationWithoutScripts(browser, baseURL);
    try {
      await openConversation(them.page, chatWith(me.user.id));
      await page.goto(chatWith(them.user.id));
      const text = "Sent with a double tap";
      await composer(page).fill(text);
      const token = await page.locator(`input[name="${COMPOSER_FIELDS.clientId}"]`).inputValue();
      // The same form twice at once: the button, and the browser sending the same post again.
      await Promise.all([
        sendButton(page).click(),
        page.request.post(chatWith(them.user.id), {
          multipart: {
            [COMPOSER_FIELDS.intent]: SEND_INTENT,
            [COMPOSER_FIELDS.clientId]: token,
            [COMPOSER_FIELDS.text]: text,
          },
          headers: { Origin: baseURL },
          maxRedirects: 0,
        }),
      ]);
      await expect(bubble(page, text)).toHaveCount(1);
      // The next message is a new one: the page rendered a fresh token.
      expect(await page.locator(`input[name="${COMPOSER_FIELDS.clientId}"]`).inputValue()).not.toBe(token);
      await sendWithForm(page, "And then another");
      // The live page gets the room's messages in order: once the next one is there, every copy of
      // the first that the room could have sent is there too.
      await expect(bubble(them.page, "And then another")).toBeVisible();
      expect(await bubble(them.page, text).count()).toBe(1);
      await page.reload();
      await expect(bubble(page, text)).toHaveCount(1);
    } finally {
      await page.context().close();
      await them.context.close();
    }
  });
});

test.describe("with JavaScript", () => {
  test("the rendered history hydrates and goes live from its last message, losing and doubling nothing", async ({
    browser,
    baseURL: base,
  }) => {
    const baseURL = base ?? "";
    // Far from the server's zone, in another locale: the times must still hydrate cleanly.
    const timeZone = "Pacific/Kiritimati";
    const context = await browser.newContext({
      baseURL,
      timezoneId: timeZone,
      locale: "en-GB",
      viewport: PHONE,
      extraHTTPHeaders: { "cf-connecting-ip": randomClientAddress() },
    });
    const page = await context.newPage();
    const them = await anotherPerson(browser, baseURL);
    try {
      const me = await newAccount(page, baseURL);
      for (const text of ["First, from the form", "Second, from the form", "Third, from the form"]) {
        const posted = await page.request.post(chatWith(them.user.id), {
          multipart: { intent: SEND_INTENT, clientId: `temp-${crypto.randomUUID()}`, text },
          headers: { Origin: baseURL },
          maxRedirects: 0,
        });
        expect(posted.status()).toBe(303);
      }
      const problems: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error") problems.push(message.text());
      });
      page.on("pageerror", (error) => problems.push(String(error)));
      const resumes: number[] = [];
      page.on("websocket", (socket) =>
        socket.on("framesent", ({ payload }) => {
          const frame = JSON.parse(String(payload)) as { type: string; afterSeq?: number };
          if (frame.type === "resume" && frame.afterSeq !== undefined) resumes.push(frame.afterSeq);
        }),
      );

      await openConversation(page, chatWith(them.user.id));
      await expect(log(page).getByRole("listitem")).toHaveCount(3);
      // The live page asked only for what came after the three it was given.
      await expect.poll(() => resumes[0]).toBe(3);
      await expect(refreshLink(page)).toHaveCount(0);
      // Times in the reader's own zone and locale once hydrated.
      const time = bubble(page, "Third, from the form").locator("time");
      const when = Date.parse((await time.getAttribute("datetime")) ?? "");
      await expect(time).toHaveText(formatMessageTime(when, Date.now(), "en-GB", timeZone));

      await openConversation(them.page, chatWith(me.user.id));
      await them.page.getByRole("textbox", { name: /^Message / }).fill("And a live one");
      await them.page.getByRole("textbox", { name: /^Message / }).press("Enter");
      await expect(bubble(page, "And a live one")).toHaveCount(1);
      await composer(page).fill("A live answer");
      await composer(page).press("Enter");
      await expectStored(page, "A live answer");
      await expect(log(page).getByRole("listitem")).toHaveCount(5);

      await page.reload();
      await waitForHydration(page);
      await expect(page.getByText("Connection: Online")).toBeVisible();
      await expect(log(page).getByRole("listitem")).toHaveCount(5);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
      await them.context.close();
    }
  });
});

test.describe("the support conversation's rendered page", () => {
  test("shows the visitor where they stand on the desk and the crisis numbers one tap away, without scripts", async ({
    browser,
    baseURL: base,
  }) => {
    const baseURL = base ?? "";
    const page = await pageWithoutScripts(browser, baseURL, { viewport: PHONE });
    try {
      await newAccount(page, baseURL);
      await page.goto(SUPPORT_CHAT_PATH);
      await sendWithForm(page, "I don't want to be here anymore");
      // Crisis words: the help is on the page, call or text 988 on its line and the other numbers
      // behind the browser's own disclosure.
      const banner = page.getByRole("region", { name: "You're not alone" });
      await expect(banner).toBeVisible();
      const call988 = banner.getByRole("link", { name: "Call 988" });
      await expect(call988).toBeVisible();
      await expect(call988).toHaveAttribute("href", "tel:988");
      await expect(banner.getByRole("link", { name: "Text 988" })).toHaveAttribute("href", "sms:988");
      const call911 = banner.getByRole("link", { name: "Call 911" });
      await expect(call911).toBeHidden();
      // The browser's own disclosure: its summary says 'More numbers' (in words from 640 px).
      await banner.locator("summary", { hasText: CRISIS_BANNER_TEXTS.showNumbers }).click();
      await expect(call911).toBeVisible();
      await expectComposerInView(page);
    } finally {
      await page.context().close();
    }
  });
});

test("the server's conversation, before any script runs, has no serious accessibility problem", async ({
  page,
  baseURL: base,
}) => {
  const baseURL = base ?? "";
  await newAccount(page, baseURL);
  for (const text of ["Hello there", "I want to die"]) {
    const posted = await page.request.post(SUPPORT_CHAT_PATH, {
      multipart: { intent: SEND_INTENT, clientId: `temp-${crypto.randomUUID()}`, text },
      headers: { Origin: baseURL },
      maxRedirects: 0,
    });
    expect(posted.status()).toBe(303);
  }
  // axe needs scripts in the page, so the page's own are held back: what is checked is the HTML a
  // browser without scripts gets (the crisis help and the desk line as disclosures, the form).
  const release = await holdRequests(page, /\/assets\/.+\.js$/);
  await page.goto(SUPPORT_CHAT_PATH, { waitUntil: "commit" });
  await expect(page.getByRole("region", { name: "You're not alone" })).toBeVisible();
  await page
    .getByRole("region", { name: "You're not alone" })
    .locator("summary", { hasText: CRISIS_BANNER_TEXTS.showNumbers })
    .click();
  await expect(refreshLink(page)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  release();
});
