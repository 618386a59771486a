import type { Browser, BrowserContext, Page } from "@playwright/test";
import { ADMIN_PAGES } from "../../app/shared/admin";
import { LANGUAGE_SWITCH } from "../../app/shared/languages";
import { completeProfile } from "../fixtures/profile";
import { BRAND_NAME, PUBLIC_PAGES, SUPPORT_CHAT_PATH, SUPPORT_USER_ID } from "./support/config";
import { expectNoSideScroll } from "./support/layout";
import {
  expect,
  newAccount,
  pngFile,
  randomClientAddress,
  signedInAsSupport,
  test,
  waitForHydration,
} from "./support/test";

/**
 * The widths the layouts are checked at, each with a common screen height for it. A screen is
 * loaded once, at the narrowest, and then laid out at each wider width in turn: the layouts are
 * CSS and the scripts' media-query listeners, which a resize runs exactly as a load at that width
 * does. The conversation, whose composer and newest message are placed as it loads, is loaded at
 * each width.
 */
const SCREENS = [
  { width: 320, height: 568 },
  { width: 360, height: 640 },
  { width: 375, height: 667 },
  { width: 390, height: 844 },
  { width: 430, height: 932 },
  { width: 768, height: 1024 },
  { width: 1280, height: 800 },
] as const;

/** Messages that used to widen the conversation past the screen: an unbroken URL, RTL, the longest text. */
const LONG_URL = `https://example.com/${"a1b2c3d4e5".repeat(28)}`;
const RTL_MESSAGE = "שלום, אני צריך מישהו לדבר איתו הלילה. مرحبا، أحتاج إلى شخص أتحدث معه.";
const LONGEST_MESSAGE = "Lorem ipsum dolor sit amet, consectetur. ".repeat(100).slice(0, 4000);

const SIGNED_OUT_PATHS = [
  ...PUBLIC_PAGES.map((page) => page.path),
  "/signup",
  "/login",
  "/recover",
  "/reset-password?token=not-a-real-token",
  "/no-such-page",
];
const SIGNED_IN_PATHS = [
  "/chat",
  SUPPORT_CHAT_PATH,
  "/users",
  `/users?q=${"averyveryverylongusername".repeat(6)}`,
  `/users/${SUPPORT_USER_ID}`,
  "/profile",
  "/blocked",
  "/",
];

/** The scripts' media-query listeners run with the next frame after a resize. */
async function afterResize(page: Page) {
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

async function sendMessage(page: Page, text: string) {
  const composer = page.getByRole("textbox", { name: /^Message / });
  await composer.fill(text);
  await composer.press("Enter");
  await expect(page.getByRole("log").getByText(text.slice(0, 40))).toBeVisible();
}

/** A complete profile whose free texts hold the same unbroken URL and RTL text. */
async function saveProfileWithLongTexts(page: Page, baseURL: string) {
  const upload = await page.request.post("/api/uploads?purpose=profile", {
    multipart: { file: pngFile("me.png") },
    headers: { Origin: baseURL },
  });
  expect(upload.status()).toBe(201);
  const { url } = (await upload.json()) as { url: string };
  // Posted to the profile's route action as the form posts it without scripts.
  const profile = { ...completeProfile(url), aboutMe: `${LONG_URL} ${RTL_MESSAGE}`, personalTestimony: RTL_MESSAGE };
  const form = new URLSearchParams();
  for (const [name, value] of Object.entries(profile)) {
    for (const item of Array.isArray(value) ? value : [value]) form.append(name, item);
  }
  const saved = await page.request.post("/profile?tab=edit", {
    data: form.toString(),
    headers: { Origin: baseURL, "Content-Type": "application/x-www-form-urlencoded" },
    maxRedirects: 0,
  });
  expect(saved.status()).toBe(302);
  expect(saved.headers().location).toBe("/profile?saved=1");
}

/** The page laid out at each width, narrowest first, none of them scrolling sideways. */
async function expectFitsEveryWidth(page: Page, path: string) {
  for (const screen of SCREENS) {
    await page.setViewportSize(screen);
    await afterResize(page);
    await expectNoSideScroll(page, path);
  }
}

type StorageState = Awaited<ReturnType<BrowserContext["storageState"]>>;

async function newContext(browser: Browser, baseURL: string, storageState?: StorageState) {
  return browser.newContext({
    baseURL,
    viewport: SCREENS[0],
    extraHTTPHeaders: { "cf-connecting-ip": randomClientAddress() },
    ...(storageState ? { storageState } : {}),
  });
}

/** The phone widths, where Spanish's longer words are likeliest to push a page wider. */
const PHONE_SCREENS = SCREENS.filter((screen) => screen.width < 400);

async function expectFitsEveryPhone(page: Page, path: string) {
  for (const screen of PHONE_SCREENS) {
    await page.setViewportSize(screen);
    await afterResize(page);
    await expectNoSideScroll(page, path);
  }
}

test("no public or sign-in screen scrolls sideways in Spanish, on any phone", async ({ browser, baseURL }) => {
  const context = await browser.newContext({
    baseURL,
    viewport: SCREENS[0],
    locale: "es-MX",
    extraHTTPHeaders: { "cf-connecting-ip": randomClientAddress() },
  });
  try {
    const page = await context.newPage();
    for (const path of [...SIGNED_OUT_PATHS, "/crisis-help/country"]) {
      await page.setViewportSize(SCREENS[0]);
      await page.goto(path);
      await expect(page.locator("html")).toHaveAttribute("lang", "es");
      await expectFitsEveryPhone(page, `${path} in Spanish`);
    }
    // Beside the longer 'Salida rápida', the brand's name is still whole at 320 px.
    await page.setViewportSize(SCREENS[0]);
    const brand = page.getByRole("banner").getByText(BRAND_NAME, { exact: true });
    expect(await brand.evaluate((name) => name.scrollWidth - name.clientWidth)).toBeLessThanOrEqual(0);
  } finally {
    await context.close();
  }
});

test("no public or sign-in screen scrolls sideways, at any width", async ({ page }) => {
  for (const path of SIGNED_OUT_PATHS) {
    await page.setViewportSize(SCREENS[0]);
    await page.goto(path);
    await expectFitsEveryWidth(page, path);
  }
});

test.describe("signed in, with the longest texts people write", () => {
  /** The visitor's session (their storage state), and their account; made once per worker. */
  let visitorState: StorageState | undefined;
  let visitorId = "";

  test.beforeAll(async ({ browser, baseURL }) => {
    const context = await newContext(browser, baseURL ?? "");
    const page = await context.newPage();
    visitorId = (await newAccount(page, baseURL ?? "")).user.id;
    await page.goto(SUPPORT_CHAT_PATH);
    await waitForHydration(page);
    await expect(page.getByText("Connection: Online")).toBeVisible();
    for (const text of [LONG_URL, RTL_MESSAGE, LONGEST_MESSAGE]) await sendMessage(page, text);
    await saveProfileWithLongTexts(page, baseURL ?? "");
    // A report whose note is one unbroken 300-character word, so the moderation page has one to fit.
    const report = await page.request.post(`/users/${SUPPORT_USER_ID}`, {
      form: { intent: "report", subject: "profile", reason: "other", note: LONG_URL.slice(0, 300) },
      headers: { Origin: baseURL ?? "" },
    });
    expect(report.status()).toBe(200);
    visitorState = await context.storageState();
    await context.close();
  });

  let visitor: BrowserContext | undefined;
  test.afterEach(async () => {
    await visitor?.close();
    visitor = undefined;
  });

  test("no signed-in screen scrolls sideways at any width, and the texts wrap and read in their direction", async ({
    browser,
    baseURL,
  }) => {
    visitor = await newContext(browser, baseURL ?? "", visitorState);
    const page = await visitor.newPage();
    for (const path of SIGNED_IN_PATHS) {
      await page.setViewportSize(SCREENS[0]);
      await page.goto(path);
      await waitForHydration(page);
      await expectFitsEveryWidth(page, path);
    }

    await page.setViewportSize(SCREENS[0]);
    await page.goto("/profile");
    await expect(page.getByText(LONG_URL)).toBeVisible();
    expect(
      await page.getByText(RTL_MESSAGE, { exact: true }).evaluate((element) => getComputedStyle(element).direction),
    ).toBe("rtl");

    // The list's preview of the last message wraps too (the conversation list shows beside the
    // conversation from 768 px, and on its own below).
    await page.goto("/chat");
    await expect(page.getByRole("navigation", { name: "Recent chats" })).toBeVisible();
    await expectFitsEveryWidth(page, "/chat with a long preview");
  });

  test("no signed-in screen scrolls sideways in Spanish on any phone, the profile's form and a search included", async ({
    browser,
    baseURL,
  }) => {
    visitor = await newContext(browser, baseURL ?? "", visitorState);
    await visitor.addCookies([{ name: LANGUAGE_SWITCH.cookie, value: "es", url: baseURL ?? "" }]);
    const page = await visitor.newPage();
    for (const path of [...SIGNED_IN_PATHS, "/profile?tab=edit"]) {
      await page.setViewportSize(SCREENS[0]);
      await page.goto(path);
      await waitForHydration(page);
      await expect(page.locator("html")).toHaveAttribute("lang", "es");
      await expectFitsEveryPhone(page, `${path} in Spanish`);
    }
  });

  test("the admin's screens and the other side of the conversation fit at any width", async ({ browser, baseURL }) => {
    const admin = await signedInAsSupport(browser, baseURL ?? "", SCREENS[0]);
    try {
      // Every admin page (ADMIN_PAGES), so one added to the admin's nav is checked too.
      const adminPages = ADMIN_PAGES.map((page) => page.path);
      for (const path of [`/chat/${visitorId}`, "/chat", `/users/${visitorId}`, ...adminPages]) {
        await admin.page.setViewportSize(SCREENS[0]);
        await admin.page.goto(path);
        await waitForHydration(admin.page);
        await expectFitsEveryWidth(admin.page, `${path} (admin)`);
      }
    } finally {
      await admin.context.close();
    }
  });

  for (const screen of SCREENS) {
    test(`at ${screen.width} px a conversation loads with every message inside its bubble, the RTL one right to left, and its composer in view for both people`, async ({
      browser,
      baseURL,
    }) => {
      visitor = await newContext(browser, baseURL ?? "", visitorState);
      const page = await visitor.newPage();
      await page.setViewportSize(screen);
      await page.goto(SUPPORT_CHAT_PATH);
      await waitForHydration(page);
      const log = page.getByRole("log");
      await expect(log.getByText(LONG_URL)).toBeVisible();
      const logWidths = await log.evaluate((element) => ({ scroll: element.scrollWidth, client: element.clientWidth }));
      expect(logWidths.scroll).toBeLessThanOrEqual(logWidths.client);
      await expect(log.getByText(RTL_MESSAGE)).toHaveJSProperty("dir", "auto");
      expect(await log.getByText(RTL_MESSAGE).evaluate((element) => getComputedStyle(element).direction)).toBe("rtl");
      await expect(page.getByRole("textbox", { name: /^Message / })).toBeInViewport({ ratio: 1 });
      await expect(page.getByRole("button", { name: "Send" })).toBeInViewport({ ratio: 1 });
      await expectNoSideScroll(page);

      // The other side sees the same messages, with its composer in view as well.
      const admin = await signedInAsSupport(browser, baseURL ?? "", screen);
      try {
        await admin.page.goto(`/chat/${visitorId}`);
        await expect(admin.page.getByRole("log").getByText(LONG_URL)).toBeVisible();
        await expect(admin.page.getByRole("button", { name: "Send" })).toBeInViewport({ ratio: 1 });
      } finally {
        await admin.context.close();
      }
    });
  }
});
