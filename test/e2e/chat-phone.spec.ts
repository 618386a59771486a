import { deflateSync } from "node:zlib";
import type { Locator, Page } from "@playwright/test";
import { CRISIS_BANNER_TEXTS } from "../../app/components/chat/crisis-banner";
import { allContacts, DIRECTORY_CONTACT } from "../../app/shared/crisis-help";
import { VISITOR_DESK_HEADLINES } from "../../app/shared/desk";
import { chatWith, PATHS } from "../../app/shared/routes";
import { crisisHelpFor } from "../../worker/crisis-help/country-help";
import { bytes, PNG_IEND, PNG_SIGNATURE, pngChunk } from "../unit/images/fixtures";
import { composer, log, openConversation } from "./support/chat-page";
import { SUPPORT_CHAT_PATH, SUPPORT_USER_ID } from "./support/config";
import {
  anotherPerson,
  expect,
  holdRequests,
  newAccount,
  signedInAsSupport,
  test,
  waitForHydration,
} from "./support/test";

/** The phone sizes the issue names: the smallest, and the one most phones are close to. */
const PHONES = [
  { width: 320, height: 568 },
  { width: 375, height: 740 },
] as const;

/** The WCAG 2.2 minimum target (2.5.8). */
const MIN_TARGET_PX = 24;

const sendButton = (page: Page) => page.getByRole("button", { name: "Send" });
const contactName = (page: Page) => page.getByRole("link", { name: /^View the profile of / });
const closeBannerName = `${CRISIS_BANNER_TEXTS.close}${CRISIS_BANNER_TEXTS.closeContext}`;

/**
 * Hydration after the page's scripts were held back: they all arrive at once and run together,
 * which on a busy machine takes longer than one expectation's 5 s.
 */
async function waitForHeldScripts(page: Page) {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.dataset.hydrated), { timeout: 20_000 })
    .toBe("true");
}

async function sendText(page: Page, text: string) {
  await composer(page).fill(text);
  await composer(page).press("Enter");
  await expect(log(page).getByRole("listitem").filter({ hasText: text })).toContainText(/Sent|Delivered|Read/);
}

/** Whether two boxes share a line: their vertical extents overlap. */
function onOneRow(a: { y: number; height: number }, b: { y: number; height: number }) {
  return a.y < b.y + b.height && b.y < a.y + a.height;
}

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error(`no box for ${locator}`);
  return found;
}

/** A real PNG of the given size, one colour: a photo's shape without a photo's weight. */
function solidPng(width: number, height: number) {
  const row = [0, ...Array.from({ length: width }, () => [0x4a, 0x7c, 0xb0]).flat()];
  const pixels = Uint8Array.from(Array.from({ length: height }, () => row).flat());
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header.set([8, 2, 0, 0, 0], 8);
  const png = bytes(PNG_SIGNATURE, pngChunk("IHDR", header), pngChunk("IDAT", deflateSync(pixels)), PNG_IEND);
  return { name: "tall.png", mimeType: "image/png", buffer: Buffer.from(png) };
}

test.describe("text typed before the chat's scripts ran", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("is kept after hydration, enables Send and is sent by it", async ({ page, baseURL }) => {
    await newAccount(page, baseURL ?? "");
    // A slow phone: the conversation is on the screen, its scripts are not.
    const release = await holdRequests(page, /\/assets\/.+\.js$/);
    await page.goto(SUPPORT_CHAT_PATH, { waitUntil: "commit" });
    await composer(page).fill("Is anyone there? I typed this first");
    release();
    await waitForHeldScripts(page);
    // Once the socket is open every effect of the conversation has run: the text must still be there.
    await expect(page.getByText("Connection: Online")).toBeVisible();
    await expect(composer(page)).toHaveValue("Is anyone there? I typed this first");
    await expect(sendButton(page)).toBeEnabled();
    await sendButton(page).click();
    await expect(
      log(page).getByRole("listitem").filter({ hasText: "Is anyone there? I typed this first" }),
    ).toHaveCount(1);
    await expect(composer(page)).toHaveValue("");

    // It was the draft too: what was typed before the scripts is kept like anything typed after.
    await page.reload();
    await waitForHydration(page);
    await expect(page.getByText("Connection: Online")).toBeVisible();
    await expect(composer(page)).toHaveValue("");
  });

  test("goes ahead of a stored draft, which follows it instead of being lost", async ({ page, baseURL }) => {
    await newAccount(page, baseURL ?? "");
    await openConversation(page, SUPPORT_CHAT_PATH);
    await composer(page).fill("Something I wrote yesterday");

    const release = await holdRequests(page, /\/assets\/.+\.js$/);
    await page.goto(SUPPORT_CHAT_PATH, { waitUntil: "commit" });
    await composer(page).fill("Are you there?");
    release();
    await waitForHeldScripts(page);
    await expect(page.getByText("Connection: Online")).toBeVisible();
    await expect(composer(page)).toHaveValue("Are you there?\nSomething I wrote yesterday");
    await expect(sendButton(page)).toBeEnabled();
    await sendButton(page).click();
    await expect(log(page).getByRole("listitem").filter({ hasText: "Are you there?" })).toContainText(
      "Something I wrote yesterday",
    );
    await expect(composer(page)).toHaveValue("");
  });
});

for (const screen of PHONES) {
  test.describe(`the conversation at ${screen.width} px`, () => {
    test.use({ viewport: screen });

    test("shows the contact's presence in words beside their name, and this device's connection by the composer", async ({
      page,
      browser,
      baseURL,
    }) => {
      await newAccount(page, baseURL ?? "");
      // A person's presence: the support account is a desk, whose header says whether a listener is there.
      const other = await anotherPerson(browser, baseURL ?? "");
      await openConversation(page, chatWith(other.user.id));
      const name = contactName(page);
      const username = ((await name.textContent()) ?? "").replace("View the profile of ", "").trim();
      const presence = page.getByText(new RegExp(`^${username} is (Online|Offline|Last seen \\d.*)$`));
      await expect(presence).toBeVisible();
      expect(onOneRow(await box(presence), await box(name))).toBe(true);

      // This device's connection is not on the contact's row, but with the composer below the messages.
      const connection = page.getByText("Connection: Online");
      const connectionBox = await box(connection);
      expect(onOneRow(connectionBox, await box(name))).toBe(false);
      const logBox = await box(log(page));
      expect(connectionBox.y).toBeGreaterThanOrEqual(logBox.y + logBox.height);
      await expect(composer(page)).toBeInViewport({ ratio: 1 });
      await other.context.close();
    });

    test("in the support conversation, says beside the name whether a listener is there, never the account's presence", async ({
      page,
      baseURL,
    }) => {
      await newAccount(page, baseURL ?? "");
      await openConversation(page, SUPPORT_CHAT_PATH);
      const name = contactName(page);
      const desk = page.getByText(new RegExp(`^(${Object.values(VISITOR_DESK_HEADLINES).join("|")})$`));
      await expect(desk).toBeVisible();
      await expect(page.getByText(/ is (Online|Offline|Last seen)/)).toHaveCount(0);
      // The desk's words never cut the name short: below it when both do not fit on one row.
      const heading = name.locator("xpath=ancestor::h2");
      expect(await heading.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    });

    test("'Back to chats' and each message's 'Report' are targets of at least 24 × 24 px", async ({
      page,
      browser,
      baseURL,
    }) => {
      const visitor = await newAccount(page, baseURL ?? "");
      await openConversation(page, SUPPORT_CHAT_PATH);
      const support = await signedInAsSupport(browser, baseURL ?? "");
      await openConversation(support.page, chatWith(visitor.user.id));
      await sendText(support.page, "Hello, I am here to listen.");
      await expect(log(page).getByText("Hello, I am here to listen.")).toBeVisible();

      const back = page.getByRole("link", { name: "Back to chats" });
      const report = log(page).getByRole("button", { name: /^Report this message from / });
      for (const target of [back, report]) {
        const { width, height } = await box(target);
        expect(width, `${target}`).toBeGreaterThanOrEqual(MIN_TARGET_PX);
        expect(height, `${target}`).toBeGreaterThanOrEqual(MIN_TARGET_PX);
        // Readable too: not the 11 px print of a timestamp.
        expect(
          await target.evaluate((element) => Number.parseFloat(getComputedStyle(element).fontSize)),
        ).toBeGreaterThanOrEqual(12);
      }
      await support.context.close();
    });
  });
}

test.describe("a new member's empty chat list", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("leads on to Find Other Christians and to the support conversation", async ({ page, baseURL }) => {
    await newAccount(page, baseURL ?? "");
    await page.goto(PATHS.chat);
    await waitForHydration(page);
    const list = page.getByRole("navigation", { name: "Recent chats" });
    await expect(list.getByText("No conversations yet")).toBeVisible();
    await expect(list.getByRole("link", { name: "Find Other Christians" })).toHaveAttribute("href", PATHS.users);
    const support = list.getByRole("link", { name: "Talk with our support team" });
    await expect(support).toHaveAttribute("href", chatWith(SUPPORT_USER_ID));
    await support.click();
    await page.waitForURL(`**${SUPPORT_CHAT_PATH}`);
    await expect(composer(page)).toBeVisible();
  });
});

test.describe("crisis help in a conversation on a phone", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("the person who receives crisis words sees help addressed to them, with the numbers and the support team", async ({
    page,
    browser,
    baseURL,
  }) => {
    const me = await newAccount(page, baseURL ?? "");
    const other = await anotherPerson(browser, baseURL ?? "");
    await openConversation(page, chatWith(other.user.id));
    await openConversation(other.page, chatWith(me.user.id));
    await sendText(other.page, "I have been feeling suicidal");
    await expect(log(page).getByText("I have been feeling suicidal")).toBeVisible();

    const banner = page.getByRole("region", { name: CRISIS_BANNER_TEXTS.aboutOther(other.user.username) });
    await expect(banner).toBeVisible();
    await expect(page.getByRole("region", { name: CRISIS_BANNER_TEXTS.heading })).toHaveCount(0);
    await banner.getByRole("button", { name: CRISIS_BANNER_TEXTS.showNumbers }).click();
    await expect(banner).toContainText(CRISIS_BANNER_TEXTS.shareLead);
    // The reader's own country's numbers, and the directory for wherever the other person lives.
    for (const contact of [...allContacts(crisisHelpFor("US")), DIRECTORY_CONTACT]) {
      await expect(banner.getByRole("link", { name: contact.label, exact: true })).toHaveAttribute(
        "href",
        contact.href,
      );
    }
    await expect(banner.getByRole("link", { name: CRISIS_BANNER_TEXTS.support })).toHaveAttribute(
      "href",
      chatWith(SUPPORT_USER_ID),
    );
    await expect(composer(page)).toBeInViewport({ ratio: 1 });

    // The person who wrote the words sees the help addressed to themselves.
    await expect(other.page.getByRole("region", { name: CRISIS_BANNER_TEXTS.heading })).toBeVisible();
    await other.context.close();
  });

  test("the sender's help is one compact line above the composer, with the numbers one tap away", async ({
    page,
    baseURL,
  }) => {
    await newAccount(page, baseURL ?? "");
    await openConversation(page, SUPPORT_CHAT_PATH);
    for (const text of ["Hi", "It has been a long week", "I can't sleep"]) await sendText(page, text);
    await sendText(page, "I want to die");

    const banner = page.getByRole("region", { name: CRISIS_BANNER_TEXTS.heading });
    await expect(banner).toBeVisible();
    // One line: the conversation keeps its room and the composer and Send stay on the screen.
    expect((await box(banner)).height).toBeLessThanOrEqual(48);
    await expect(composer(page)).toBeInViewport({ ratio: 1 });
    await expect(sendButton(page)).toBeInViewport({ ratio: 1 });
    await expect(log(page).getByText("I can't sleep")).toBeInViewport({ ratio: 1 });
    const bannerBox = await box(banner);
    const composerBox = await box(composer(page));
    expect(bannerBox.y + bannerBox.height).toBeLessThanOrEqual(composerBox.y);

    // One tap shows every number; the composer stays clear of it and in view.
    const toggle = banner.getByRole("button", { name: CRISIS_BANNER_TEXTS.showNumbers });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    for (const contact of allContacts(crisisHelpFor("US"))) {
      await expect(banner.getByRole("link", { name: contact.label, exact: true })).toBeVisible();
    }
    await expect(banner.getByRole("link", { name: CRISIS_BANNER_TEXTS.support })).toHaveCount(0);
    // The list gives up the room but stays at its newest message.
    await expect(log(page).getByRole("listitem").last()).toBeInViewport({ ratio: 0.9 });
    await expect(composer(page)).toBeInViewport({ ratio: 1 });
    const openBox = await box(banner);
    expect(openBox.y + openBox.height).toBeLessThanOrEqual((await box(composer(page))).y);
  });

  test("closing the help with the keyboard keeps focus on the composer and says so", async ({ page, baseURL }) => {
    await newAccount(page, baseURL ?? "");
    await openConversation(page, SUPPORT_CHAT_PATH);
    await composer(page).fill("I keep hurting myself");
    const banner = page.getByRole("region", { name: CRISIS_BANNER_TEXTS.heading });
    const close = banner.getByRole("button", { name: closeBannerName });
    await close.focus();
    await page.keyboard.press("Enter");
    await expect(banner).toHaveCount(0);
    await expect(composer(page)).toBeFocused();
    await expect(composer(page)).toHaveValue("I keep hurting myself");
    await expect(page.getByRole("status").filter({ hasText: CRISIS_BANNER_TEXTS.closed })).toBeAttached();
  });
});

for (const screen of PHONES) {
  test.describe(`crisis help's first numbers at ${screen.width} px`, () => {
    test.use({ viewport: screen });

    test("call or text 988 is on the banner's one line, as links, without opening it", async ({ page, baseURL }) => {
      await newAccount(page, baseURL ?? "");
      await openConversation(page, SUPPORT_CHAT_PATH);
      await composer(page).fill("I want to end my life");
      const banner = page.getByRole("region", { name: CRISIS_BANNER_TEXTS.heading });
      await expect(banner).toBeVisible();
      await expect(banner.getByRole("button", { name: CRISIS_BANNER_TEXTS.showNumbers })).toHaveAttribute(
        "aria-expanded",
        "false",
      );
      const bannerBox = await box(banner);
      expect(bannerBox.height, "still one line").toBeLessThanOrEqual(48);
      for (const [name, href] of [
        ["Call 988", "tel:988"],
        ["Text 988", "sms:988"],
      ] as const) {
        const link = banner.getByRole("link", { name, exact: true });
        await expect(link).toHaveAttribute("href", href);
        await expect(link).toBeInViewport({ ratio: 1 });
        const linkBox = await box(link);
        expect(linkBox.x + linkBox.width, `${name} inside the banner`).toBeLessThanOrEqual(
          bannerBox.x + bannerBox.width,
        );
        expect(linkBox.height, `${name} is a target of at least 24 px`).toBeGreaterThanOrEqual(MIN_TARGET_PX);
      }
      await expect(composer(page)).toBeInViewport({ ratio: 1 });
    });

    test("the desk line's crisis numbers and the banner's never list a number twice, and the newest message stays in view", async ({
      page,
      baseURL,
    }) => {
      await newAccount(page, baseURL ?? "");
      await openConversation(page, SUPPORT_CHAT_PATH);
      for (const text of ["Hi", "It has been a long week"]) await sendText(page, text);
      const deskNumbers = page.getByRole("button", { name: "Crisis numbers" });
      await deskNumbers.click();
      await expect(page.getByRole("group", { name: "Crisis numbers" }).getByRole("link")).toHaveCount(
        allContacts(crisisHelpFor("US")).length,
      );

      await sendText(page, "I want to end my life");
      const banner = page.getByRole("region", { name: CRISIS_BANNER_TEXTS.heading });
      await banner.getByRole("button", { name: CRISIS_BANNER_TEXTS.showNumbers }).click();
      await expect(banner.getByRole("link", { name: "Call 911" })).toBeVisible();

      // Each number once in the conversation (the footer's own list is outside it).
      const main = page.getByRole("main");
      for (const contact of allContacts(crisisHelpFor("US"))) {
        await expect(main.locator(`a[href="${contact.href}"]`), contact.label).toHaveCount(1);
      }
      await expect(composer(page)).toBeInViewport({ ratio: 1 });
      // The newest message lies wholly inside the list's visible part, on the smallest phone too.
      const newest = log(page).getByRole("listitem").filter({ hasText: "I want to end my life" });
      await expect(async () => {
        const listBox = await box(log(page));
        const newestBox = await box(newest);
        expect(newestBox.y).toBeGreaterThanOrEqual(listBox.y);
        expect(newestBox.y + newestBox.height).toBeLessThanOrEqual(listBox.y + listBox.height);
      }).toPass();
      await expect(composer(page)).toBeInViewport({ ratio: 1 });
    });
  });
}

test.describe("an image as the newest message", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("stays in view once it loads, and opens full size when tapped", async ({ page, baseURL }) => {
    await newAccount(page, baseURL ?? "");
    await openConversation(page, SUPPORT_CHAT_PATH);
    for (let n = 1; n <= 8; n += 1) await sendText(page, `Message number ${n} before the picture`);
    await page.getByLabel("Attach an image").setInputFiles(solidPng(300, 600));
    await sendButton(page).click();
    await expect(log(page).getByRole("img", { name: "Image you sent" })).toBeVisible();

    // Opened again on a slow connection: the picture arrives after the list has scrolled to the end.
    const release = await holdRequests(page, /\/images\/chats\//);
    await openConversation(page, SUPPORT_CHAT_PATH, { waitUntil: "domcontentloaded" });
    const newest = log(page).getByRole("listitem").last();
    await expect(log(page).getByRole("listitem")).toHaveCount(9);
    await expect(newest).toBeInViewport();
    release();
    const image = newest.getByRole("img", { name: "Image you sent" });
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await expect(newest).toBeInViewport({ ratio: 0.9 });

    // Tapped, it opens at full size in a dialog that closes back to the conversation.
    await newest.getByRole("link", { name: /open full size/i }).click();
    const viewer = page.getByRole("dialog", { name: "Image you sent" });
    await expect(viewer).toBeVisible();
    const full = viewer.getByRole("img", { name: "Image you sent" });
    await expect(full).toHaveAttribute("src", (await image.getAttribute("src")) ?? "");
    expect((await box(full)).width).toBeGreaterThan((await box(image)).width);
    await viewer.getByRole("button", { name: "Close" }).click();
    await expect(viewer).toBeHidden();
  });
});
