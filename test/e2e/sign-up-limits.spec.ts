import type { Page } from "@playwright/test";
import { SIGN_UP_REFUSAL_CODES, signUpLimitMessage } from "../../app/shared/auth-errors";
import { CRISIS_HELP_TEXTS, firstContacts } from "../../app/shared/crisis-help";
import { crisisHelpFor } from "../../worker/crisis-help/country-help";
import { fillSignUpForm } from "./support/auth-forms";
import { expect, pageWithoutScripts, test, uniqueEmail, waitForPageScripts } from "./support/test";

/**
 * The sign-up limits as a visitor meets them (docs/decisions/164-sign-up-limits-count-networks-not-failures.md):
 * a school, a shelter or a carrier's NAT shares one address, so twenty people there get in; a
 * script's burst does not, and whoever the limit turns away is told what happened and when, with
 * focus on it and the crisis line beside it.
 */

/** An IPv4 address of its own (198.18.0.0/15, set aside for tests): one network, as a NAT is. */
function randomIpv4(): string {
  const n = Math.floor(Math.random() * 0x20000);
  return `198.${18 + (n >> 16)}.${(n >> 8) & 0xff}.${n & 0xff}`;
}

/** Within the minute's window, the wait is at most a minute: these are the words. */
const REFUSED = signUpLimitMessage("network", 60);

/**
 * A scripted burst from the page's address (its context's): many sign-ups at once. The network's
 * budget for the minute lets some in and refuses the rest in the limit's own words. The accounts it
 * made are the script's: their sessions leave the browser.
 */
async function scriptedBurst(page: Page, baseURL: string) {
  const { request } = page;
  const answers = await Promise.all(
    Array.from({ length: 40 }, () =>
      request.post("/api/auth/sign-up/email", {
        data: { email: uniqueEmail(), password: "a script's password", gender: "male", name: "x" },
        headers: { Origin: baseURL },
      }),
    ),
  );
  const refused = answers.filter((answer) => answer.status() === 429);
  expect(refused.length).toBeGreaterThan(0);
  expect(refused.length).toBeLessThan(answers.length);
  expect(await refused[0]?.json()).toMatchObject({ code: SIGN_UP_REFUSAL_CODES.limited, message: REFUSED });
  await page.context().clearCookies();
}

/** The refusal as the visitor meets it: the true words, focus on them, the crisis line in reach. */
async function expectRefusal(page: Page) {
  const alert = page.getByRole("alert");
  await expect(alert).toContainText(REFUSED);
  await expect(alert).toContainText(CRISIS_HELP_TEXTS.lineLead);
  await expect(alert).not.toContainText("failed");
  await expect(alert).toBeFocused();
  await expect(alert).toBeInViewport();
  for (const contact of firstContacts(crisisHelpFor("US"))) {
    const link = alert.getByRole("link", { name: contact.label, exact: true });
    await expect(link).toHaveAttribute("href", contact.href);
    await expect(link).toBeInViewport();
  }
  await expect(page).toHaveURL(/\/signup$/);
}

test.describe("sign-ups from one IPv4 address", () => {
  test("twenty people within ten minutes all get in", async ({ page, context }) => {
    test.setTimeout(120_000);
    await context.setExtraHTTPHeaders({ "cf-connecting-ip": randomIpv4() });
    for (let person = 1; person <= 20; person++) {
      await page.goto("/signup");
      await waitForPageScripts(page);
      await fillSignUpForm(page);
      await page.getByRole("button", { name: "Create Account" }).click();
      await page.waitForURL("**/chat");
      await expect(page.getByRole("button", { name: /account menu/ }), `person ${person}`).toBeVisible();
      await context.clearCookies();
    }
  });
});

test.describe("a scripted burst from one address", () => {
  for (const viewport of [
    { width: 320, height: 568 },
    { width: 375, height: 667 },
    { width: 1280, height: 720 },
  ]) {
    test(`is refused, and a person there is told what happened and when, at ${viewport.width} px`, async ({
      page,
      context,
      baseURL,
    }) => {
      await context.setExtraHTTPHeaders({ "cf-connecting-ip": randomIpv4() });
      await page.setViewportSize(viewport);
      await page.goto("/signup");
      await waitForPageScripts(page);
      await fillSignUpForm(page);
      await scriptedBurst(page, baseURL ?? "");
      // The button is at the bottom of the form, the answer at its top: on a phone, a screen apart.
      await page.getByRole("button", { name: "Create Account" }).click();
      await expectRefusal(page);
      await expect(page.getByLabel("Email")).not.toHaveValue("");
      await expect(page.getByRole("button", { name: "Create Account" })).toBeEnabled();
    });
  }

  test("is refused, and a person there without scripts is told the same from the server", async ({
    browser,
    baseURL,
  }) => {
    const page = await pageWithoutScripts(browser, baseURL, { viewport: { width: 320, height: 568 } });
    await page.goto("/signup");
    await fillSignUpForm(page);
    await scriptedBurst(page, baseURL ?? "");
    await page.getByRole("button", { name: "Create Account" }).click();
    await expectRefusal(page);
    await page.context().close();
  });
});
