import { FULL_BROWSER } from "./support/chromium";
import { expect, newAccount, test, waitForHydration } from "./support/test";

// The real permission: the headless shell denies notifications whatever is granted.
test.describe("Enable Notifications", { tag: FULL_BROWSER }, () => {
  test("shows while permission is not granted and asks for it", async ({ page, baseURL }) => {
    await newAccount(page, baseURL ?? "");
    await page.goto("/chat");
    await waitForHydration(page);
    const button = page.getByRole("button", { name: "Enable Notifications" });
    await expect(button).toBeVisible();
    await page.evaluate(() => {
      (window as unknown as { asked: number }).asked = 0;
      const original = Notification.requestPermission.bind(Notification);
      Notification.requestPermission = () => {
        (window as unknown as { asked: number }).asked += 1;
        return original();
      };
    });
    await button.click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { asked: number }).asked)).toBe(1);
  });

  test("is hidden once permission is granted", async ({ page, context, baseURL }) => {
    await context.grantPermissions(["notifications"]);
    await newAccount(page, baseURL ?? "");
    await page.goto("/chat");
    await waitForHydration(page);
    await expect(page.getByRole("button", { name: /account menu/ })).toBeVisible();
    await expect(page.getByRole("button", { name: "Enable Notifications" })).toHaveCount(0);
  });
});
