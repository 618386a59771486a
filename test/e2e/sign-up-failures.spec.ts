import type { Page } from "@playwright/test";
import { profileSaveFailureMessage } from "../../app/shared/schemas/auth";
import { expect, pngFile, test, uniqueEmail, waitForHydration } from "./support/test";

async function fillSignUp(page: Page) {
  await page.goto("/signup");
  await waitForHydration(page);
  await page.getByLabel("Email").fill(uniqueEmail());
  await page.getByLabel("Password", { exact: true }).fill("steady steps");
  await page.getByLabel("Confirm password").fill("steady steps");
  await page.getByLabel("Gender").selectOption("male");
  await page.getByLabel("Choose a picture").setInputFiles(pngFile("me.png"));
}

test.describe("when creating the account fails", () => {
  test("an error answer says its status and keeps everything typed and chosen for a retry", async ({ page }) => {
    await fillSignUp(page);
    let failures = 1;
    await page.route("**/api/sign-up", async (route) => {
      if (failures-- > 0) return route.fulfill({ status: 503, contentType: "text/plain", body: "unavailable" });
      return route.continue();
    });
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page.getByText("Upload failed with status: 503", { exact: true })).toBeVisible();
    await expect(page.getByLabel("Email")).not.toHaveValue("");
    await expect(page.getByLabel("Password", { exact: true })).toHaveValue("steady steps");
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
    await page.route("**/api/sign-up", (route) => route.abort("failed"));
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page.getByText("Network error during upload", { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Create Account" })).toBeEnabled();
  });

  test("a failed profile write says so and goes on to chat after 3 seconds", async ({ page }) => {
    await fillSignUp(page);
    // The account is really made (its session cookie is set); the answer reports the picture lost.
    const reason = "the picture could not be stored";
    await page.route("**/api/sign-up", async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      await route.fulfill({ response, json: { ...body, saveFailure: profileSaveFailureMessage(reason) } });
    });
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page.getByRole("alert")).toHaveText(`Account created but profile data couldn't be saved: ${reason}`);
    const shownAt = Date.now();
    await page.waitForURL("**/chat", { timeout: 10_000 });
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(2500);
    await expect(page.getByRole("button", { name: /account menu/ })).toBeVisible();
  });
});

test.describe("very large photos", () => {
  test("are scaled down in the browser before upload", async ({ page }) => {
    await page.goto("/signup");
    await waitForHydration(page);
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
    await page.getByLabel("Email").fill(uniqueEmail());
    await page.getByLabel("Password", { exact: true }).fill("steady steps");
    await page.getByLabel("Confirm password").fill("steady steps");
    await page.getByLabel("Gender").selectOption("female");
    await page.getByLabel("Choose a picture").setInputFiles({
      name: "camera.jpg",
      mimeType: "image/jpeg",
      buffer: Buffer.from(big),
    });
    const upload = page.waitForRequest("**/api/sign-up");
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
