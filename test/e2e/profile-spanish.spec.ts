import { m } from "../../app/paraglide/messages";
import { seriousViolations } from "./support/axe";
import { borrowContext } from "./support/shared-context";
import { expect, randomClientAddress, signUpThroughApi, test, uniqueEmail, waitForHydration } from "./support/test";

/** A person whose browser is set to es-MX: their profile and the report dialog speak Spanish. */

const PHONE = { width: 375, height: 740 };
const es = { locale: "es" as const };

test("in Spanish at 375 px, the own profile and the report dialog on another's profile speak Spanish", async ({
  page,
  browser,
  baseURL,
}) => {
  const them = await signUpThroughApi(page, baseURL ?? "");
  const context = await borrowContext(browser, { baseURL, locale: "es-MX", viewport: PHONE }, randomClientAddress());
  const me = await context.newPage();
  const signedUp = await me.request.post("/api/auth/sign-up/email", {
    data: { email: uniqueEmail(), password: "una contraseña tranquila", gender: "female", name: "x" },
    headers: { Origin: baseURL ?? "", "Accept-Language": "es-MX,es;q=0.9" },
  });
  expect(signedUp.status()).toBe(200);

  await me.goto("/profile");
  await expect(me.getByText(m.profile_subtitle({}, es))).toBeVisible();
  await expect(me.getByRole("tab", { name: m.profile_tab_edit({}, es) })).toBeVisible();
  await expect(me.getByText(m.profile_incomplete({}, es))).toBeVisible();
  expect(await seriousViolations(me)).toEqual([]);

  await me.goto(`/users/${them.user.id}`);
  await waitForHydration(me);
  await me.getByRole("button", { name: m.safety_report_profile_button({ username: them.user.username }, es) }).click();
  const dialog = me.getByRole("dialog", { name: m.safety_report_profile_title({ username: them.user.username }, es) });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("radio", { name: m.safety_reason_self_harm({}, es) })).toBeVisible();
  expect(await seriousViolations(me)).toEqual([]);
  // Sent without a reason: the server's answer is in Spanish too.
  await dialog.getByRole("button", { name: m.safety_report_submit({}, es) }).click();
  await expect(dialog.getByRole("alert")).toHaveText(m.safety_report_choose_reason({}, es));
  await dialog.getByRole("radio", { name: m.safety_reason_spam({}, es) }).check();
  await dialog.getByRole("button", { name: m.safety_report_submit({}, es) }).click();
  await expect(dialog.getByText(m.safety_report_sent({}, es))).toBeVisible();
  expect(await seriousViolations(me)).toEqual([]);
  await context.close();
});
