import type { Page } from "@playwright/test";
import { MAX_PROFILE_PICTURE_BYTES, PICTURE_CHOOSER_TEXTS, UPLOAD_MESSAGES } from "../../app/shared/uploads";
import { fillSignUpForm } from "./support/auth-forms";
import { openConversation } from "./support/chat-page";
import { SUPPORT_CHAT_PATH } from "./support/config";
import {
  expect,
  newAccount,
  pageWithoutScripts,
  pngFile,
  pngFileOnDisk,
  test,
  waitForPageScripts,
} from "./support/test";

/** A file that is no picture, renamed .jpg: the browser calls it image/jpeg from its name alone. */
const TEXT_RENAMED_JPG = { name: "holiday.jpg", mimeType: "image/jpeg", buffer: Buffer.from("dear diary, today…") };

/** Every request the page makes to the upload endpoint, from now on. */
function uploadsOf(page: Page): string[] {
  const uploads: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/api/uploads") uploads.push(request.url());
  });
  return uploads;
}

const chooser = (page: Page) => page.getByLabel(/Choose (another|a) picture/);
const preview = (page: Page) => page.getByRole("img", { name: "Your chosen profile photo, as others will see it" });

test.describe("choosing a picture at sign-up", () => {
  test("a file renamed .jpg is refused as it is chosen, naming the kinds that work, with no preview", async ({
    page,
  }) => {
    const uploads = uploadsOf(page);
    await page.goto("/signup");
    await waitForPageScripts(page);
    await chooser(page).setInputFiles(TEXT_RENAMED_JPG);
    // Said at once, before any submit.
    await expect(page.getByRole("alert").filter({ hasText: UPLOAD_MESSAGES.notAnImage })).toBeVisible();
    expect(UPLOAD_MESSAGES.notAnImage).toContain("JPEG, PNG, WebP or GIF");
    await expect(preview(page)).toHaveCount(0);
    await expect(page.getByText("Your chosen profile photo", { exact: false })).toHaveCount(0);

    // A real picture chosen next shows its preview, and the refusal goes.
    await chooser(page).setInputFiles(pngFile("me.png"));
    await expect(preview(page)).toBeVisible();
    await expect(page.getByText(UPLOAD_MESSAGES.notAnImage)).toHaveCount(0);
    expect(uploads).toEqual([]);
  });

  test("a file that starts like a JPEG but cannot be drawn shows the placeholder, not a broken image", async ({
    page,
  }) => {
    await page.goto("/signup");
    await waitForPageScripts(page);
    // Counts images the browser failed to draw (an image's error event does not bubble: captured).
    await page.evaluate(() => {
      const counted = window as unknown as { undrawn: number };
      counted.undrawn = 0;
      document.addEventListener("error", () => (counted.undrawn += 1), true);
    });
    const truncated = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from("and then nothing")]);
    await chooser(page).setInputFiles({ name: "cut-short.jpg", mimeType: "image/jpeg", buffer: truncated });
    await expect(page.getByText("cut-short.jpg")).toBeVisible();
    // The browser tried and failed to draw it: the preview gives way to the placeholder, alt text and all.
    await expect.poll(() => page.evaluate(() => (window as unknown as { undrawn: number }).undrawn)).toBe(1);
    await expect(preview(page)).toHaveCount(0);
  });

  test("'Remove picture' takes back a picture over 5 MB and its error, keeps the username, and signs up without one", async ({
    page,
  }) => {
    const uploads = uploadsOf(page);
    await page.goto("/signup");
    await waitForPageScripts(page);
    const username = await page.getByLabel("Your anonymous username").inputValue();
    await fillSignUpForm(page);
    await chooser(page).setInputFiles(pngFileOnDisk("six-megabytes.png", MAX_PROFILE_PICTURE_BYTES + 1_000_000));
    await expect(page.getByText(UPLOAD_MESSAGES.profileTooLarge, { exact: true })).toBeVisible();

    // From the keyboard: the chooser, then the button.
    await chooser(page).focus();
    await page.keyboard.press("Tab");
    const remove = page.getByRole("button", { name: PICTURE_CHOOSER_TEXTS.remove });
    await expect(remove).toBeFocused();
    await page.keyboard.press("Enter");

    await expect(page.getByText(UPLOAD_MESSAGES.profileTooLarge)).toHaveCount(0);
    await expect(page.getByText("six-megabytes.png")).toHaveCount(0);
    await expect(remove).toHaveCount(0);
    await expect(page.getByLabel("Choose a picture")).toBeFocused();
    await expect(page.getByLabel("Your anonymous username")).toHaveValue(username);

    await page.getByRole("button", { name: "Create Account" }).click();
    await page.waitForURL("**/chat");
    expect(uploads).toEqual([]);
  });

  test("without scripts the form offers no button that would do nothing, and still signs up", async ({
    browser,
    baseURL,
  }) => {
    const page = await pageWithoutScripts(browser, baseURL);
    const context = page.context();
    await page.goto("/signup");
    await fillSignUpForm(page);
    await chooser(page).setInputFiles(pngFile("me.png"));
    await expect(page.getByRole("button", { name: PICTURE_CHOOSER_TEXTS.remove })).toHaveCount(0);
    await page.getByRole("button", { name: "Create Account" }).click();
    await page.waitForURL("**/chat");
    await context.close();
  });
});

test.describe("choosing an image in a conversation", () => {
  test("a file renamed .jpg is refused as it is chosen: no thumbnail, nothing uploaded", async ({ page, baseURL }) => {
    await newAccount(page, baseURL ?? "");
    const uploads = uploadsOf(page);
    await openConversation(page, SUPPORT_CHAT_PATH);
    await page.getByLabel("Attach an image").setInputFiles(TEXT_RENAMED_JPG);
    await expect(page.getByText(UPLOAD_MESSAGES.notAnImage, { exact: true })).toBeVisible();
    await expect(page.getByRole("img", { name: "Chosen to send" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Send" })).toBeDisabled();
    expect(uploads).toEqual([]);
  });

  test("a real refusal by the server still says 'Upload failed with status: …'", async ({ page, baseURL }) => {
    await newAccount(page, baseURL ?? "");
    await openConversation(page, SUPPORT_CHAT_PATH);
    await page.route("**/api/uploads*", (route) =>
      route.fulfill({ status: 415, json: { code: "not_an_image", message: UPLOAD_MESSAGES.notAnImage } }),
    );
    await page.getByLabel("Attach an image").setInputFiles(pngFile("me.png"));
    await expect(page.getByRole("img", { name: "Chosen to send" })).toBeVisible();
    await page.getByRole("button", { name: "Send" }).click();
    await expect(page.getByText(UPLOAD_MESSAGES.failedWithStatus(415), { exact: true })).toBeVisible();
    // Kept to try again.
    await expect(page.getByRole("img", { name: "Chosen to send" })).toBeVisible();
  });
});
