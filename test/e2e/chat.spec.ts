import type { Browser } from "@playwright/test";
import { INACTIVITY_MESSAGES } from "../../app/shared/inactivity";
import { signInWithForm } from "./support/auth-forms";
import { composer, expectStored, log, openConversation } from "./support/chat-page";
import { FULL_BROWSER } from "./support/chromium";
import {
  anotherPerson,
  expect,
  newAccount,
  pngFile,
  pngFileOnDisk,
  signedInAsSupport,
  test,
  waitForHydration,
  waitForPageScripts,
  waitForSessionTimers,
} from "./support/test";

const supportPage = (browser: Browser, baseURL: string) => signedInAsSupport(browser, baseURL);

test.describe("one-to-one chat", () => {
  test("two people write to each other live, and a reload loses nothing", async ({ page, browser, baseURL }) => {
    const visitor = await newAccount(page, baseURL ?? "");
    await openConversation(page, "kindred-support");
    await expect(page.getByText("No messages yet")).toBeVisible();
    await expect(page.getByText("Start the conversation by saying hello!")).toBeVisible();
    await expect(page.getByRole("button", { name: "Send" })).toBeDisabled();

    const support = await supportPage(browser, baseURL ?? "");
    await openConversation(support.page, visitor.user.id);

    await composer(page).fill("Hello, I could use someone to talk to.");
    await composer(page).press("Enter");
    await expect(log(page).getByText("Hello, I could use someone to talk to.")).toBeVisible();
    await expect(log(support.page).getByText("Hello, I could use someone to talk to.")).toBeVisible();
    await expect(composer(page)).toHaveValue("");

    // Shift+Enter is a new line; Enter sends.
    await composer(support.page).fill("I'm here.");
    await composer(support.page).press("Shift+Enter");
    await composer(support.page).pressSequentially("What is on your mind?");
    await expect(composer(support.page)).toHaveValue("I'm here.\nWhat is on your mind?");
    await composer(support.page).press("Enter");
    await expect(log(page).getByText(/I'm here\.\s+What is on your mind\?/)).toBeVisible();

    await page.reload();
    await waitForHydration(page);
    await expect(log(page).getByRole("listitem")).toHaveCount(2);
    await expect(log(page).getByRole("listitem").first()).toContainText("Hello, I could use someone to talk to.");
    await expect(log(page).getByRole("listitem").last()).toContainText("What is on your mind?");
    await support.context.close();
  });

  test("a new message shows in the recipient's badge and recent chats, and reading clears it", async ({
    page,
    browser,
    baseURL,
  }) => {
    const visitor = await newAccount(page, baseURL ?? "");
    // Another member, not the support account: its conversations are on the desk, not in its inbox.
    const friend = await anotherPerson(browser, baseURL ?? "");
    await openConversation(page, friend.user.id);
    await composer(page).fill("Is this the right place to talk?");
    await composer(page).press("Enter");
    await expectStored(page, "Is this the right place to talk?");
    // The room's copy of the message settled the pending one: shown once, no longer sending.
    await expect(log(page).getByText("Is this the right place to talk?")).toHaveCount(1);
    await expect(log(page).getByText("Sending…")).toHaveCount(0);

    await friend.page.goto("/privacypolicy");
    const messages = friend.page.getByRole("banner").getByRole("link", { name: /^Messages/ });
    await expect(messages).toContainText(/\d+/);
    await expect(messages.getByText("unread")).toBeAttached();

    await friend.page.goto("/chat");
    const recent = friend.page.getByRole("navigation", { name: "Recent chats" });
    const entry = recent.getByRole("link", { name: new RegExp(visitor.user.username) });
    await expect(entry).toContainText("Is this the right place to talk?");
    await expect(entry).toContainText("New");
    await entry.click();
    await expect(log(friend.page).getByText("Is this the right place to talk?")).toBeVisible();
    // Reading it clears it: the writer sees 'Read', and the reader's list no longer says New.
    await expect(log(page).getByText("Read")).toBeVisible();
    await friend.page.goto("/chat");
    await expect(
      friend.page
        .getByRole("navigation", { name: "Recent chats" })
        .getByRole("link", { name: new RegExp(visitor.user.username) }),
    ).not.toContainText("New");
    await friend.context.close();
  });

  test("shows text as text, never as HTML", async ({ page, baseURL }) => {
    await newAccount(page, baseURL ?? "");
    await openConversation(page, "kindred-support");
    await composer(page).fill('<img src=x onerror="document.title=`owned`"><b>bold</b>');
    await composer(page).press("Enter");
    await expect(log(page).getByText('<img src=x onerror="document.title=`owned`"><b>bold</b>')).toBeVisible();
    await expect(log(page).locator("img, b")).toHaveCount(0);
    expect(await page.title()).not.toBe("owned");
  });

  test("the message input grows with its text up to 128 px", async ({ page, baseURL }) => {
    await newAccount(page, baseURL ?? "");
    await openConversation(page, "kindred-support");
    const small = (await composer(page).boundingBox())?.height ?? 0;
    await composer(page).fill(Array.from({ length: 12 }, (_, i) => `line ${i}`).join("\n"));
    const tall = (await composer(page).boundingBox())?.height ?? 0;
    expect(tall).toBeGreaterThan(small);
    expect(tall).toBeLessThanOrEqual(128);
  });

  test("a failed send removes the message, says so, and gives the text back", async ({ page, baseURL }) => {
    await newAccount(page, baseURL ?? "");
    await page.clock.install();
    await openConversation(page, "kindred-support");
    // The server never answers: the socket accepts the frame but the test drops it.
    await page.routeWebSocket(/\/api\/chats\/.+\/ws$/, (ws) => {
      const server = ws.connectToServer();
      ws.onMessage((message) => {
        if (typeof message === "string" && message.includes('"type":"send"')) return;
        server.send(message);
      });
    });
    await page.reload();
    await waitForHydration(page);
    await expect(page.getByText("Connection: Online")).toBeVisible();
    await composer(page).fill("Are you there?");
    await composer(page).press("Enter");
    await expect(log(page).getByText("Sending…")).toBeVisible();
    await page.clock.runFor(12_000);
    await expect(page.getByRole("alert")).toHaveText("Failed to send message. Please try again.");
    await expect(log(page).getByText("Are you there?")).toHaveCount(0);
    await expect(composer(page)).toHaveValue("Are you there?");
  });
});

test.describe("images", () => {
  test("an image message goes from one person to the other", async ({ page, browser, baseURL }) => {
    const visitor = await newAccount(page, baseURL ?? "");
    await openConversation(page, "kindred-support");
    await page.getByLabel("Attach an image").setInputFiles(pngFile("view.png"));
    await expect(page.getByRole("img", { name: "Chosen to send" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Send" })).toBeEnabled();
    await page.getByRole("button", { name: "Send" }).click();
    const mine = log(page).getByRole("img", { name: "Image you sent" });
    await expect(mine).toBeVisible();
    await expect.poll(() => mine.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

    const support = await supportPage(browser, baseURL ?? "");
    await openConversation(support.page, visitor.user.id);
    const theirs = log(support.page).getByRole("img", { name: `Image from ${visitor.user.username}` });
    await expect(theirs).toBeVisible();
    await expect
      .poll(() => theirs.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    await support.context.close();
  });

  test("a file over 10 MB is refused before upload with the spec's message", async ({ page, baseURL }) => {
    await newAccount(page, baseURL ?? "");
    await openConversation(page, "kindred-support");
    await page.getByLabel("Attach an image").setInputFiles(pngFileOnDisk("huge.png", 10_485_761));
    await expect(page.getByRole("alert")).toHaveText("File size exceeds 10MB. Please select a smaller image.");
    await expect(page.getByRole("img", { name: "Chosen to send" })).toHaveCount(0);
  });
});

test.describe("typing", () => {
  test("the other person sees who is typing, until the message arrives", async ({ page, browser, baseURL }) => {
    const visitor = await newAccount(page, baseURL ?? "");
    await openConversation(page, "kindred-support");
    const support = await supportPage(browser, baseURL ?? "");
    await openConversation(support.page, visitor.user.id);

    await composer(page).pressSequentially("I have been feeling");
    const indicator = support.page.getByText(`${visitor.user.username} is typing…`);
    await expect(indicator).toBeVisible();
    await composer(page).press("Enter");
    await expect(log(support.page).getByText("I have been feeling")).toBeVisible();
    await expect(indicator).toBeHidden();
    await support.context.close();
  });
});

test.describe("a dropped connection", () => {
  test("loses and doubles nothing: messages from both sides arrive exactly once after reconnecting", async ({
    page,
    browser,
    baseURL,
  }) => {
    const visitor = await newAccount(page, baseURL ?? "");
    const routes: { close: () => Promise<void> }[] = [];
    await page.routeWebSocket(/\/api\/chats\/.+\/ws$/, (ws) => {
      ws.connectToServer();
      routes.push(ws);
    });
    await openConversation(page, "kindred-support");
    const support = await supportPage(browser, baseURL ?? "");
    await openConversation(support.page, visitor.user.id);

    await composer(page).fill("one");
    await composer(page).press("Enter");
    await expect(log(support.page).getByText("one", { exact: true })).toBeVisible();

    // The connection drops; both sides keep writing.
    await routes.at(-1)?.close();
    await expect(page.getByText("Reconnecting…")).toBeVisible();
    await composer(page).fill("written while away");
    await composer(page).press("Enter");
    await composer(support.page).fill("two");
    await composer(support.page).press("Enter");
    await composer(support.page).fill("three");
    await composer(support.page).press("Enter");

    await expect(page.getByText("Connection: Online")).toBeVisible({ timeout: 15_000 });
    await expect(log(page).getByText("three", { exact: true })).toBeVisible();
    await expect(log(support.page).getByText("written while away")).toBeVisible();
    for (const text of ["one", "two", "three", "written while away"]) {
      await expect(log(page).getByText(text, { exact: true })).toHaveCount(1);
      await expect(log(support.page).getByText(text, { exact: true })).toHaveCount(1);
    }
    const order = await log(support.page).getByRole("listitem").allTextContents();
    expect(order.findIndex((t) => t.includes("two"))).toBeLessThan(order.findIndex((t) => t.includes("three")));
    await support.context.close();
  });
});

test.describe("live updates", () => {
  test("the recipient's badge and recent chats update without reloading", async ({ page, browser, baseURL }) => {
    const visitor = await newAccount(page, baseURL ?? "");
    // Another member, not the support account: its conversations are on the desk, not in its inbox.
    const friend = await anotherPerson(browser, baseURL ?? "");
    await friend.page.goto("/chat");
    await waitForHydration(friend.page);
    const recent = friend.page.getByRole("navigation", { name: "Recent chats" });
    await expect(recent.getByRole("link", { name: new RegExp(visitor.user.username) })).toHaveCount(0);
    const badge = friend.page.getByRole("banner").getByRole("link", { name: /^Messages/ });
    await expect(badge).not.toContainText(/\d/);

    await openConversation(page, friend.user.id);
    await composer(page).fill("Live, please");
    await composer(page).press("Enter");

    const entry = recent.getByRole("link", { name: new RegExp(visitor.user.username) });
    await expect(entry).toContainText("Live, please");
    await expect(entry).toContainText("New");
    await expect(badge).toContainText("1");
    await friend.context.close();
  });
});

test.describe("on a narrow screen", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("the conversation list and the conversation alternate, with a way back", async ({ page, baseURL }) => {
    await newAccount(page, baseURL ?? "");
    await openConversation(page, "kindred-support");
    await expect(page.getByRole("navigation", { name: "Recent chats" })).toBeHidden();
    await composer(page).fill("Hello from my phone");
    await composer(page).press("Enter");
    await expectStored(page, "Hello from my phone");

    await page.getByRole("link", { name: "Back to chats" }).click();
    const recent = page.getByRole("navigation", { name: "Recent chats" });
    await expect(recent).toBeVisible();
    await expect(page.getByRole("log")).toHaveCount(0);
    await recent.getByRole("link", { name: /Support/ }).click();
    await expect(log(page).getByText("Hello from my phone")).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Recent chats" })).toBeHidden();
  });
});

test.describe("drafts", () => {
  test("text being typed when a forced logout happens is back after signing in again", async ({ page, baseURL }) => {
    const start = new Date("2026-04-01T09:00:00Z").getTime();
    await page.clock.install({ time: start });
    await page.clock.pauseAt(start + 60_000);
    const visitor = await newAccount(page, baseURL ?? "");
    await page.goto("/chat/kindred-support");
    await waitForSessionTimers(page);
    await composer(page).fill("I wanted to say that today was really hard because");

    await page.clock.runFor(10 * 60_000);
    await page.waitForURL(`**/signup?reason=inactivity&next=${encodeURIComponent("/chat/kindred-support")}`);
    await expect(page.getByText(INACTIVITY_MESSAGES.loggedOut)).toBeVisible();

    // Signing in again from there goes straight back to the conversation, draft and all. The page
    // opens on signing in, so there is no 'Sign in' link to follow first.
    await waitForPageScripts(page);
    await expect(page.getByRole("heading", { name: "Welcome Back" })).toBeVisible();
    await signInWithForm(page, visitor);
    await page.waitForURL("**/chat/kindred-support");
    await waitForHydration(page);
    await expect(composer(page)).toHaveValue("I wanted to say that today was really hard because");
  });
});

test.describe("finding people", () => {
  test("the admin searches an exact username in chat and opens a conversation", async ({ page, browser, baseURL }) => {
    const visitor = await newAccount(page, baseURL ?? "");
    await page.goto("/chat");
    await waitForHydration(page);
    await expect(page.getByText("No conversations yet")).toBeVisible();
    await expect(page.getByText("Wait for users to message you")).toBeVisible();
    await expect(page.getByRole("search")).toHaveCount(0);

    const support = await supportPage(browser, baseURL ?? "");
    await support.page.goto("/chat");
    await waitForHydration(support.page);
    const box = support.page.getByRole("searchbox", { name: "Username" });
    await box.fill("NobodyByThisName");
    await support.page.getByRole("button", { name: "Search" }).click();
    await expect(support.page.getByText("No users found", { exact: true })).toBeVisible();
    await expect(
      support.page.getByText('No users found matching "NobodyByThisName". Please check the username and try again.'),
    ).toBeVisible();

    await box.fill(visitor.user.username.toLowerCase());
    await support.page.getByRole("button", { name: "Search" }).click();
    await support.page.getByRole("link", { name: "Send Message" }).click();
    await expect(support.page).toHaveURL(new RegExp(`/chat/${visitor.user.id}$`));
    await expect(support.page.getByRole("heading", { level: 2, name: visitor.user.username })).toBeVisible();
    await support.context.close();
  });
});

test.describe("a message arriving while the person looks elsewhere", () => {
  // The real Notification API: the headless shell denies it whatever is granted.
  test("shows 'Delivered' once a page has it, and alerts with a banner, a chime and a notification", {
    tag: FULL_BROWSER,
  }, async ({ page, context, browser, baseURL }) => {
    await context.grantPermissions(["notifications"]);
    // The window is in the background, and the real Notification and audio APIs are watched.
    await page.addInitScript(() => {
      const seen = { notifications: [] as { title: string; body?: string }[], closed: 0, tones: 0 };
      Object.assign(window, { seen });
      document.hasFocus = () => false;
      class WatchedNotification extends Notification {
        constructor(title: string, options?: NotificationOptions) {
          super(title, options);
          seen.notifications.push({ title, body: options?.body });
        }
        override close() {
          seen.closed += 1;
          super.close();
        }
      }
      window.Notification = WatchedNotification;
      const createOscillator = AudioContext.prototype.createOscillator;
      AudioContext.prototype.createOscillator = function (this: AudioContext) {
        seen.tones += 1;
        return createOscillator.call(this);
      };
    });
    type Seen = { notifications: { title: string; body?: string }[]; closed: number; tones: number };
    const seen = () => page.evaluate(() => (window as unknown as { seen: Seen }).seen);

    const visitor = await newAccount(page, baseURL ?? "");
    await page.clock.install();
    await page.goto("/privacypolicy");
    await waitForHydration(page);
    await waitForSessionTimers(page);

    const support = await supportPage(browser, baseURL ?? "");
    await openConversation(support.page, visitor.user.id);
    // The visitor's clock stands still from before the message arrives, so the banner's 8 s are
    // counted from its arrival however long a busy machine takes to get here.
    await page.clock.pauseAt(Date.now() + 1000);
    await composer(support.page).fill("Checking in on you today.");
    await composer(support.page).press("Enter");
    // The visitor's page (not the conversation) received it: the sender sees 'Delivered', not 'Read'.
    await expect(log(support.page).getByText("Delivered")).toBeVisible();

    const banner = page.getByRole("status", { name: "New message from Support" });
    await expect(banner).toContainText("Checking in on you today.");
    await expect
      .poll(async () => (await seen()).notifications)
      .toEqual([{ title: "New message from Support", body: "Checking in on you today." }]);
    expect((await seen()).tones).toBeGreaterThan(0);

    // The banner closes after 8 s, the notification after 10 s.
    await page.clock.fastForward(7000);
    await expect(banner).toBeVisible();
    await page.clock.fastForward(1500);
    await expect(banner).toBeHidden();
    expect((await seen()).closed).toBe(0);
    await page.clock.fastForward(2000);
    await expect.poll(async () => (await seen()).closed).toBe(1);

    // Opening the conversation reads it.
    await page.clock.resume();
    await page.goto("/chat/kindred-support");
    await expect(log(page).getByText("Checking in on you today.")).toBeVisible();
    await expect(log(support.page).getByText("Read")).toBeVisible();
    await support.context.close();
  });

  test("stays quiet while the person is looking at the page", async ({ page, browser, baseURL }) => {
    const visitor = await newAccount(page, baseURL ?? "");
    await page.goto("/privacypolicy");
    await waitForHydration(page);
    await expect(page.getByRole("button", { name: /account menu/ })).toBeVisible();
    expect(await page.evaluate(() => document.hasFocus())).toBe(true);

    const support = await supportPage(browser, baseURL ?? "");
    await openConversation(support.page, visitor.user.id);
    await composer(support.page).fill("Hello there");
    await composer(support.page).press("Enter");
    await expect(log(support.page).getByText("Delivered")).toBeVisible();
    await expect(page.getByRole("banner").getByRole("link", { name: /^Messages/ })).toContainText("1");
    await expect(page.getByRole("status", { name: /New message from/ })).toHaveCount(0);
    await support.context.close();
  });
});

test.describe("the conversation header", () => {
  test("shows the contact's presence from the server, apart from this device's connection", async ({
    page,
    browser,
    baseURL,
  }) => {
    // Two new people: the seeded Support account is shared by tests running side by side.
    const visitor = await newAccount(page, baseURL ?? "");
    const { context: contactContext, page: contactPage, ...contact } = await anotherPerson(browser, baseURL ?? "");
    const contactIs = (state: string | RegExp) =>
      page.getByText(typeof state === "string" ? `${contact.user.username} is ${state}` : state);

    await openConversation(page, contact.user.id);
    // The contact has no page open: the header must not call them online because this page is.
    await expect(contactIs(new RegExp(`^${contact.user.username} is (Offline|Last seen \\d.*)$`))).toBeVisible();
    await expect(contactIs("Online")).toHaveCount(0);

    // The contact opens the conversation: the header hears it at once.
    await openConversation(contactPage, visitor.user.id);
    await expect(contactIs("Online")).toBeVisible();
    await expect(contactPage.getByText(`${visitor.user.username} is Online`)).toBeVisible();

    // The contact leaves: from then on the header says when they were last seen.
    await contactContext.close();
    await expect(async () => {
      await page.reload();
      await expect(contactIs(new RegExp(`^${contact.user.username} is Last seen \\d`))).toBeVisible({
        timeout: 1000,
      });
    }).toPass({ timeout: 20_000 });
    await expect(page.getByText("Connection: Online")).toBeVisible();
  });

  test("says when this device is offline, and comes back by itself", async ({ page, context, baseURL }) => {
    await newAccount(page, baseURL ?? "");
    await openConversation(page, "kindred-support");
    await context.setOffline(true);
    await expect(page.getByText("Connection: Offline")).toBeVisible();
    await context.setOffline(false);
    await expect(page.getByText("Connection: Online")).toBeVisible();
  });
});

test.describe("the composer near the limit", () => {
  test("counts from 3,600 characters and keeps a longer paste whole, saying it is too long", async ({
    page,
    context,
    baseURL,
  }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await newAccount(page, baseURL ?? "");
    await openConversation(page, "kindred-support");
    const input = composer(page);

    await input.fill("a".repeat(3599));
    await expect(page.getByText(/\/ 4,000$/)).toHaveCount(0);
    await input.press("b");
    await expect(page.getByText("3,600 / 4,000")).toBeVisible();

    const pasted = `${"A long letter to someone who listens. ".repeat(110)}The end.`;
    expect(pasted.length).toBeGreaterThan(4000);
    await input.fill("");
    await page.evaluate((text) => navigator.clipboard.writeText(text), pasted);
    await input.press("ControlOrMeta+V");
    await expect(input).toHaveValue(pasted);
    await expect(
      page.getByText(`Messages can be at most 4000 characters. This one has ${pasted.length.toLocaleString("en-US")}.`),
    ).toBeVisible();
    await expect(page.getByRole("button", { name: "Send" })).toBeDisabled();

    // Shortened to the limit, it can go.
    await input.fill(pasted.slice(0, 4000));
    await expect(page.getByText("4,000 / 4,000")).toBeVisible();
    await expect(page.getByRole("button", { name: "Send" })).toBeEnabled();
  });
});
