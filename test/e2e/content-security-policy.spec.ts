import type { Page } from "@playwright/test";
import {
  expect,
  newAccount,
  pngFile,
  signedInAsSupport,
  test,
  waitForHydration,
  waitForPageScripts,
} from "./support/test";

declare global {
  interface Window {
    __violations?: string[];
    __injected?: boolean;
  }
}

/**
 * Records every Content-Security-Policy violation of the page, from its first script on, and every
 * console message about one: a screen is clean when both stay empty.
 */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  const console: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) console.push(message.text());
  });
  await page.addInitScript(() => {
    window.__violations = [];
    document.addEventListener("securitypolicyviolation", (event) => {
      window.__violations?.push(`${event.violatedDirective} ${event.blockedURI} ${event.sample}`);
    });
  });
  return async () => [...console, ...(await page.evaluate(() => window.__violations ?? []))];
}

async function visitAll(page: Page, paths: string[], violations: () => Promise<string[]>) {
  for (const path of paths) {
    const response = await page.goto(path);
    expect(response?.headers()["content-security-policy"], path).toContain("'nonce-");
    await waitForPageScripts(page);
    expect(await violations(), path).toEqual([]);
  }
}

test.describe("content security policy", () => {
  test("no public screen breaks it, before or after signing up with a picture", async ({ page }) => {
    const violations = await watchViolations(page);
    await visitAll(
      page,
      [
        "/",
        "/signup",
        "/login",
        "/recover",
        "/reset-password?token=not-a-token",
        "/privacypolicy",
        "/termsofservice",
        "/cookiepolicy",
        "/header",
        "/footer",
        "/thankyou",
        "/no-such-page",
      ],
      violations,
    );
    // The chosen picture's preview is a blob: image.
    await page.goto("/signup");
    await waitForPageScripts(page);
    await page.getByLabel("Choose a picture").setInputFiles(pngFile());
    await expect(page.getByRole("img", { name: "Your chosen profile photo, as others will see it" })).toBeVisible();
    expect(await violations()).toEqual([]);
  });

  test("no signed-in screen breaks it, the chat's socket and image preview included", async ({ page, baseURL }) => {
    const violations = await watchViolations(page);
    await newAccount(page, baseURL ?? "");
    await visitAll(
      page,
      [
        "/chat",
        "/chat/kindred-support",
        "/profile",
        "/profile?tab=edit",
        "/users",
        "/users?q=nobody-by-this-name",
        "/users/kindred-support",
        "/blocked",
        "/thankyou",
      ],
      violations,
    );
    // A client-side navigation loads route chunks through the nonced entry ('strict-dynamic'): from a
    // page that loads the framework (a signed-in person's; a visitor's pages load none).
    await page.goto("/profile");
    await waitForHydration(page);
    await page.getByRole("contentinfo").getByRole("link", { name: "Privacy Policy" }).click();
    await expect(page).toHaveURL(/\/privacypolicy$/);
    await expect(page.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeVisible();
    expect(await violations()).toEqual([]);
    await page.goto("/chat/kindred-support");
    await waitForHydration(page);
    await expect(page.getByText("Connection: Online")).toBeVisible();
    await page.getByLabel("Attach an image").setInputFiles(pngFile("view.png"));
    await expect(page.getByRole("img", { name: "Chosen to send" })).toBeVisible();
    expect(await violations()).toEqual([]);
  });

  test("no admin screen breaks it", async ({ browser, baseURL }) => {
    const { context, page } = await signedInAsSupport(browser, baseURL ?? "");
    const violations = await watchViolations(page);
    await visitAll(page, ["/admin/analytics", "/admin/reports", "/chat", "/profile"], violations);
    await context.close();
  });

  test("the policy is nonce-based, the nonce is new for every page, and its scripts carry it", async ({ page }) => {
    const first = await page.goto("/");
    await waitForPageScripts(page);
    const policy = first?.headers()["content-security-policy"] ?? "";
    const nonce = policy.match(/'nonce-([^']+)'/)?.[1];
    expect(nonce).toBeTruthy();
    for (const directive of [
      "object-src 'none'",
      "base-uri 'none'",
      "frame-ancestors 'none'",
      "img-src 'self' data: blob:",
    ]) {
      expect(policy).toContain(directive);
    }
    expect(policy).toMatch(/connect-src 'self' ws:\/\/127\.0\.0\.1:\d+/);
    // Every script React Router renders carries it (the browser hides the attribute's value from the
    // DOM, but not from the script's nonce property); data blocks (JSON-LD) are not scripts that run.
    const scripts = await page.evaluate(() =>
      [...document.scripts]
        .filter((script) => !script.type || script.type === "module")
        .map((script) => script.nonce.length > 0),
    );
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.every(Boolean)).toBe(true);
    const second = await page.request.get("/");
    expect(second.headers()["content-security-policy"]).not.toContain(nonce);
  });

  test("markup injected into a page cannot run a script, and the page still works", async ({ page, baseURL }) => {
    const violations = await watchViolations(page);
    // As if something a person wrote were echoed into the page unescaped: an inline script and an
    // inline event handler, both without the page's nonce, in the page as served (same headers).
    await page.route(`${baseURL}/`, async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace(
        "</body>",
        `<script>window.__injected = true</script><img src="/missing.png" onerror="window.__injected = true"></body>`,
      );
      await route.fulfill({ response, body: html });
    });
    await page.goto("/");
    await waitForPageScripts(page);
    const events = () => page.evaluate(() => [...(window.__violations ?? [])].sort());
    await expect.poll(events).toEqual(["script-src-attr inline ", "script-src-elem inline "]);
    expect(await violations()).toHaveLength(4); // the two events, and the browser's two console reports
    expect(await page.evaluate(() => window.__injected)).toBeUndefined();
  });
});
