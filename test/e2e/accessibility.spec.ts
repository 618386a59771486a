import { seriousViolations } from "./support/axe";
import { PUBLIC_PAGES } from "./support/config";
import { menuToggle } from "./support/mobile-menu";
import { expect, newAccount, openAccountMenu, test, waitForPageScripts } from "./support/test";

const PAGES = [
  ...PUBLIC_PAGES.map((p) => p.path),
  "/header",
  "/footer",
  "/no-such-page",
  "/signup",
  "/login",
  "/recover",
  "/reset-password?token=example",
];

test.describe("accessibility (axe-core)", () => {
  for (const path of PAGES) {
    test(`${path} has no serious or critical violations`, async ({ page }) => {
      await page.goto(path);
      await waitForPageScripts(page);
      expect(await seriousViolations(page)).toEqual([]);
    });
  }

  test.describe("on a phone", () => {
    test.use({ viewport: { width: 375, height: 740 } });
    test("the landing page with the menu open has no serious or critical violations", async ({ page }) => {
      await page.goto("/");
      await waitForPageScripts(page);
      await menuToggle(page).click();
      expect(await seriousViolations(page)).toEqual([]);
    });
  });

  test("the signed-in chat screen and header have no serious or critical violations", async ({ page, baseURL }) => {
    await newAccount(page, baseURL ?? "");
    await page.goto("/chat/kindred-support");
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    await openAccountMenu(page);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("the profile screen, its form showing errors, and the search have no serious or critical violations", async ({
    page,
    baseURL,
  }) => {
    await newAccount(page, baseURL ?? "");
    await page.goto("/profile");
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    await expect(page.getByRole("tab", { name: "Edit Profile" })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole("tab", { name: "Edit Profile" }).click();
    await page.getByRole("button", { name: "Save Profile" }).click();
    await expect(page.getByText("This field is required").first()).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto("/users?q=nobody-at-all");
    await expect(page.getByText("No users found", { exact: true })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("the sign-up form showing an error has no serious or critical violations", async ({ page }) => {
    await page.goto("/signup");
    await waitForPageScripts(page);
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page.getByText("Email is required")).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
