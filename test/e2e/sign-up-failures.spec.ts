import type { Page } from "@playwright/test";
import { profileSaveFailureMessage } from "../../app/shared/auth-rules";
import { UPLOAD_MESSAGES } from "../../app/shared/uploads";
import { FORM_PASSWORD, fillSignUpForm } from "./support/auth-forms";
import { expect, pngFile, test, waitForPageScripts } from "./support/test";

async function fillSignUp(page: Page) {
  await page.goto("/signup");
  await waitForPageScripts(page);
  await fillSignUpForm(page, { gender: "male" });
  await page.getByLabel("Choose a picture").setInputFiles(pngFile("me.png"));
}

/** The sign-up form's posts to its route action's JSON face (the account's, then the picture's key). */
const SIGN_UP_ACTION = "**/signup/steps";

test.describe("when creating the account fails", () => {
  test("an error answer says its status and keeps everything typed and chosen for a retry", async ({ page }) => {
    await fillSignUp(page);
    let failures = 1;
    await page.route(SIGN_UP_ACTION, async (route) => {
      if (failures-- > 0) return route.fulfill({ status: 503, contentType: "text/plain", body: "unavailable" });
      return route.continue();
    });
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page.getByText("Upload failed with status: 503", { exact: true })).toBeVisible();
    await expect(page.getByLabel("Email")).not.toHaveValue("");
    await expect(page.getByLabel("Password", { exact: true })).toHaveValue(FORM_PASSWORD);
    await expect(page.getByText("me.png")).toBeVisible();

    await page.getByRole("button", { name: "Create Account" }).click();
    await page.waitForURL("**/chat");
    await expect(page.getByRole("button", { name: /account menu/ }).locator("img")).toHaveAttribute(
      "src",
      /^\/images\/profiles\//,
    );
  });

  test("a network failure says 'Network error during upload'", async ({ page }) => {
    await fillSignUp(page);
    await page.route(SIGN_UP_ACTION, (route) => route.abort("failed"));
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page.getByText("Network error during upload", { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Create Account" })).toBeEnabled();
  });

  test("a failed profile write says so and goes on to chat after 3 seconds", async ({ page }) => {
    await fillSignUp(page);
    // The account is really made (its session cookie is set); the picture's upload then fails.
    const reason = UPLOAD_MESSAGES.failedWithStatus(503);
    await page.route("**/api/uploads*", (route) =>
      route.fulfill({ status: 503, json: { code: "unavailable", message: "unavailable" } }),
    );
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page.getByRole("alert")).toHaveText(`Account created but profile data couldn't be saved: ${reason}`);
    const shownAt = Date.now();
    await page.waitForURL("**/chat", { timeout: 10_000 });
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(2500);
    await expect(page.getByRole("button", { name: /account menu/ })).toBeVisible();
  });

  test("a picture key that is not the new account's own is refused, said, and the account goes on to chat", async ({
    page,
  }) => {
    await fillSignUp(page);
    // Whatever the page posts as the picture's key, only the account's own upload can become its picture.
    await page.route(SIGN_UP_ACTION, async (route) => {
      const body = route.request().postData() ?? "";
      if (!body.includes("pictureKey=")) return route.continue();
      return route.continue({
        postData: body.replace(/pictureKey=[^&]*/, "pictureKey=profiles%2Fsomeone-else%2Fx.png"),
      });
    });
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page.getByRole("alert")).toHaveText(profileSaveFailureMessage("the picture was not one you uploaded"));
    await page.waitForURL("**/chat", { timeout: 10_000 });
    await expect(page.getByRole("button", { name: /account menu/ }).locator("img")).toHaveCount(0);
  });
});

test.describe("the picture at sign-up", () => {
  test("goes to the upload endpoint only once the account exists, with the account's session", async ({ page }) => {
    await fillSignUp(page);
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") posts.push(new URL(request.url()).pathname);
    });
    await page.getByRole("button", { name: "Create Account" }).click();
    await page.waitForURL("**/chat");
    const writes = posts.filter(
      (path) => path.startsWith("/signup") || path.startsWith("/api/uploads") || path.startsWith("/api/sign-up"),
    );
    expect(writes).toEqual(["/signup/steps", "/api/uploads", "/signup/steps"]);
    await expect(page.getByRole("button", { name: /account menu/ }).locator("img")).toHaveAttribute(
      "src",
      /^\/images\/profiles\//,
    );
  });
});

test.describe("very large photos", () => {
  test("are scaled down in the browser before upload", async ({ page }) => {
    await page.goto("/signup");
    await waitForPageScripts(page);
    // A 3000 x 2000 photo made by the browser itself.
    const big = await page.evaluate(async () => {
      const canvas = document.createElement("canvas");
      canvas.width = 3000;
      canvas.height = 2000;
      const context = canvas.getContext("2d");
      if (!context) throw new Error("no 2d context");
      context.fillStyle = "#7357e6";
      context.fillRect(0, 0, 3000, 2000);
      const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/jpeg", 0.9));
      return Array.from(new Uint8Array(await (blob as Blob).arrayBuffer()));
    });
    await fillSignUpForm(page);
    await page.getByLabel("Choose a picture").setInputFiles({
      name: "camera.jpg",
      mimeType: "image/jpeg",
      buffer: Buffer.from(big),
    });
    const upload = page.waitForRequest("**/api/uploads*");
    await page.getByRole("button", { name: "Create Account" }).click();
    await (await upload).response();
    await page.waitForURL("**/chat");
    const avatar = page.getByRole("button", { name: /account menu/ }).locator("img");
    const size = await avatar.evaluate(async (img: HTMLImageElement) => {
      await img.decode();
      return { width: img.naturalWidth, height: img.naturalHeight };
    });
    expect(size).toEqual({ width: 1600, height: 1067 });
  });
});
