import type { Page } from "@playwright/test";
import { completeProfile } from "../fixtures/profile";
import { PUBLIC_PAGES, SUPPORT_CHAT_PATH, SUPPORT_USER_ID } from "./support/config";
import { expect, pngFile, signedInAsSupport, signUpThroughApi, test, waitForHydration } from "./support/test";

/** The widths the layouts are checked at, each with a common screen height for it. */
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

/** Fails with what is wider than the screen, so a failure says where to look. */
async function expectNoHorizontalScroll(page: Page, path: string) {
  const overflow = await page.evaluate(() => {
    const viewport = document.documentElement.clientWidth;
    const widest = [...document.querySelectorAll<HTMLElement>("body *")]
      .filter((element) => Math.max(element.getBoundingClientRect().right, element.scrollWidth) > viewport + 1)
      .slice(0, 3)
      .map((element) => `${element.tagName.toLowerCase()}.${element.className}`.slice(0, 120));
    return { scrollWidth: document.documentElement.scrollWidth, viewport, widest };
  });
  expect(
    overflow.scrollWidth,
    `${path} at ${overflow.viewport} px: ${overflow.widest.join(" | ")}`,
  ).toBeLessThanOrEqual(overflow.viewport);
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

for (const screen of SCREENS) {
  test.describe(`at ${screen.width} px`, () => {
    test.use({ viewport: screen });

    test("no public or sign-in screen scrolls sideways", async ({ page }) => {
      for (const path of SIGNED_OUT_PATHS) {
        await page.goto(path);
        await expectNoHorizontalScroll(page, path);
      }
    });

    test("no signed-in screen scrolls sideways, and a conversation keeps its composer in view", async ({
      page,
      browser,
      baseURL,
    }) => {
      // A sweep of a dozen pages for two people: more than the default 30 s when the suite runs in parallel.
      test.setTimeout(90_000);
      const visitor = await signUpThroughApi(page, baseURL ?? "");
      await page.goto(SUPPORT_CHAT_PATH);
      await waitForHydration(page);
      await expect(page.getByText("Connection: Online")).toBeVisible();
      for (const text of [LONG_URL, RTL_MESSAGE, LONGEST_MESSAGE]) await sendMessage(page, text);
      await saveProfileWithLongTexts(page, baseURL ?? "");

      for (const path of SIGNED_IN_PATHS) {
        await page.goto(path);
        await waitForHydration(page);
        await expectNoHorizontalScroll(page, path);
      }

      await page.goto("/profile");
      const aboutMe = page.getByText(LONG_URL);
      await expect(aboutMe).toBeVisible();
      expect(
        await page.getByText(RTL_MESSAGE, { exact: true }).evaluate((element) => getComputedStyle(element).direction),
      ).toBe("rtl");

      // The conversation, after a reload: every message wraps inside its bubble and the log, the
      // RTL message reads right to left, and the composer with Send is wholly on the screen.
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

      // The list's preview of the last message wraps too (the conversation list shows beside the
      // conversation from 768 px, and on its own below).
      await page.goto("/chat");
      await expect(page.getByRole("navigation", { name: "Recent chats" })).toBeVisible();
      await expectNoHorizontalScroll(page, "/chat with a long preview");

      // A report whose note is one unbroken 300-character word, so the moderation page has one to fit.
      const report = await page.request.post(`/users/${SUPPORT_USER_ID}`, {
        form: { intent: "report", subject: "profile", reason: "other", note: LONG_URL.slice(0, 300) },
        headers: { Origin: baseURL ?? "" },
      });
      expect(report.status()).toBe(200);

      // The other side sees the same messages and the admin's screens fit as well.
      const admin = await signedInAsSupport(browser, baseURL ?? "", screen);
      for (const path of [
        `/chat/${visitor.user.id}`,
        "/chat",
        `/users/${visitor.user.id}`,
        "/admin/analytics",
        "/admin/reports",
      ]) {
        await admin.page.goto(path);
        await waitForHydration(admin.page);
        await expectNoHorizontalScroll(admin.page, `${path} (admin)`);
      }
      await admin.page.goto(`/chat/${visitor.user.id}`);
      await expect(admin.page.getByRole("log").getByText(LONG_URL)).toBeVisible();
      await expect(admin.page.getByRole("button", { name: "Send" })).toBeInViewport({ ratio: 1 });
      await admin.context.close();
    });
  });
}
