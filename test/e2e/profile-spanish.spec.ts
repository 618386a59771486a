import type { Browser, Page } from "@playwright/test";
import { m } from "../../app/paraglide/messages";
import { isOptionField, type OptionField, optionLabel } from "../../app/shared/profile-option-labels";
import { DENOMINATIONS } from "../../app/shared/profile-options";
import { PROFILE_FIELDS, type ProfileForm } from "../../app/shared/schemas/profile";
import { completeProfile } from "../fixtures/profile";
import { seriousViolations } from "./support/axe";
import { queryLocalD1 } from "./support/local-d1";
import { borrowContext } from "./support/shared-context";
import {
  expect,
  newAccount,
  pngFile,
  randomClientAddress,
  SPANISH_BROWSER,
  test,
  waitForHydration,
} from "./support/test";

/**
 * A person whose browser is set to es-MX: their profile, the report dialog, the search and another's
 * profile speak Spanish, and the options they choose are stored as the English values.
 */

const PHONE = { width: 375, height: 740 };
const es = { locale: "es" as const };

test("in Spanish at 375 px, the own profile and the report dialog on another's profile speak Spanish", async ({
  page,
  browser,
  baseURL,
}) => {
  const them = await newAccount(page, baseURL ?? "");
  const context = await borrowContext(browser, { baseURL, locale: "es-MX", viewport: PHONE }, randomClientAddress());
  const me = await context.newPage();
  await newAccount(me, baseURL ?? "", { languages: SPANISH_BROWSER });

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

const field = (page: Page, name: keyof ProfileForm) => page.locator(`#profile-${name}`);
const label = (name: OptionField, value: string) => optionLabel(name, value, "es");

/** A Spanish account (its browser set to es-MX at 375 px), signed in in its own context. */
async function spanishPerson(browser: Browser, baseURL: string) {
  const context = await borrowContext(browser, { baseURL, locale: "es-MX", viewport: PHONE }, randomClientAddress());
  const page = await context.newPage();
  const { user } = await newAccount(page, baseURL, { languages: SPANISH_BROWSER });
  return { context, page, user };
}

/** Fills every field as a Spanish reader does: each option chosen by the words on screen. */
async function fillInSpanish(page: Page, profile: ProfileForm) {
  for (const name of PROFILE_FIELDS) {
    if (name === "photoUrl") continue;
    const control = field(page, name);
    const value = profile[name];
    if (Array.isArray(value)) {
      for (const option of value) await control.getByLabel(label(name as OptionField, option), { exact: true }).check();
    } else if (isOptionField(name)) {
      await control.selectOption({ label: label(name, value) });
    } else {
      await control.fill(value);
    }
  }
}

test("in Spanish at 375 px, the profile's options read in Spanish while their English values are saved", async ({
  browser,
  baseURL,
}) => {
  const { context, page, user } = await spanishPerson(browser, baseURL ?? "");
  await page.goto("/profile?tab=edit");
  await waitForHydration(page);
  // Each option posts its English value and reads in Spanish; the options are all there, in order.
  const denomination = field(page, "denomination");
  await expect(denomination.getByRole("option", { name: "Anglicana/Episcopal", exact: true })).toHaveAttribute(
    "value",
    "Anglican/Episcopal",
  );
  await expect(denomination.getByRole("option")).toHaveText([
    m.profile_form_select({}, es),
    ...DENOMINATIONS.map((value) => label("denomination", value)),
  ]);
  await expect(field(page, "country").getByRole("option", { name: "Canadá", exact: true })).toHaveAttribute(
    "value",
    "Canada",
  );
  await expect(field(page, "hobbies").getByRole("checkbox", { name: "Juegos de mesa", exact: true })).toHaveAttribute(
    "value",
    "Board Games",
  );
  await expect(page.getByText(m.profile_form_counter({ length: 0, max: 4000, min: 50 }, es)).first()).toBeVisible();
  // A Spanish label long enough to wrap never squeezes its box.
  const boxWidths = await field(page, "serviceActivities")
    .getByRole("checkbox")
    .evaluateAll((boxes) => boxes.map((box) => box.getBoundingClientRect().width));
  expect(new Set(boxWidths)).toEqual(new Set([16]));
  expect(await seriousViolations(page)).toEqual([]);

  const profile = completeProfile("");
  await fillInSpanish(page, profile);
  await field(page, "photoUrl").setInputFiles(pngFile());
  await expect(page.getByText(m.profile_form_photo_ready({}, es))).toBeVisible();
  await page.getByRole("button", { name: m.profile_form_save({}, es) }).click();
  await expect(page.getByText(m.profile_saved({}, es))).toBeVisible();

  // Stored as the English options, as an English save stores them.
  const [row] = await queryLocalD1<{ denomination: string; country: string; hobbies: string; languages: string }>(
    `SELECT denomination, country, hobbies, languages_spoken AS languages FROM profiles WHERE user_id = '${user.id}'`,
  );
  expect(row).toEqual({
    denomination: profile.denomination,
    country: profile.country,
    hobbies: JSON.stringify(profile.hobbies),
    languages: JSON.stringify(profile.languagesSpoken),
  });

  // A reload shows the same choices, chosen, in Spanish.
  await page.reload();
  await waitForHydration(page);
  await expect(denomination).toHaveValue("Anglican/Episcopal");
  await expect(denomination.locator("option:checked")).toHaveText("Anglicana/Episcopal");
  await expect(field(page, "hobbies").getByRole("checkbox", { name: "Lectura", exact: true })).toBeChecked();
  await expect(field(page, "languagesSpoken").getByRole("checkbox", { name: "Francés", exact: true })).toBeChecked();

  // The read view names every option in Spanish.
  await page.getByRole("tab", { name: m.profile_tab_profile({}, es), exact: true }).click();
  const view = page.getByRole("tabpanel");
  await expect(view).toContainText(`${m.profile_age_years({ age: 34 }, es)} · Toronto, Canadá`);
  for (const name of [
    "ethnicity",
    "hairColor",
    "eyeColor",
    "denomination",
    "educationLevel",
    "spiritualMaturity",
  ] as const) {
    await expect(view.getByText(label(name, profile[name]), { exact: true })).toBeVisible();
  }
  for (const name of [
    "attendanceFrequency",
    "prayerFrequency",
    "bibleReadingFrequency",
    "relationshipGoals",
    "familyPlans",
  ] as const) {
    await expect(view.getByText(label(name, profile[name]), { exact: true })).toBeVisible();
  }
  for (const name of ["ministryInterests", "serviceActivities", "hobbies", "languagesSpoken"] as const) {
    for (const value of profile[name]) await expect(view.getByText(label(name, value), { exact: true })).toBeVisible();
  }
  await expect(view.getByText("Anglican/Episcopal")).toHaveCount(0);
  await expect(view.getByText("Reading", { exact: true })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  await context.close();
});

test("in Spanish at 375 px, Find Other Christians and another's profile speak Spanish", async ({
  page,
  browser,
  baseURL,
}) => {
  // Someone to find, whose profile was saved in English.
  const them = await newAccount(page, baseURL ?? "");
  const upload = await page.request.post("/api/uploads?purpose=profile", {
    multipart: { file: pngFile("me.png") },
    headers: { Origin: baseURL ?? "" },
  });
  expect(upload.status()).toBe(201);
  const form = new URLSearchParams();
  for (const [name, value] of Object.entries(completeProfile(((await upload.json()) as { url: string }).url))) {
    for (const item of Array.isArray(value) ? value : [value]) form.append(name, item);
  }
  const saved = await page.request.post("/profile?tab=edit", {
    data: form.toString(),
    headers: { Origin: baseURL ?? "", "Content-Type": "application/x-www-form-urlencoded" },
    maxRedirects: 0,
  });
  expect(saved.status()).toBe(302);

  const { context, page: me } = await spanishPerson(browser, baseURL ?? "");
  await me.goto("/users");
  await waitForHydration(me);
  await expect(me).toHaveTitle(new RegExp(`^${m.users_page_title({}, es)} \\|`));
  await expect(me.getByRole("heading", { level: 1, name: m.users_page_title({}, es) })).toBeVisible();
  await expect(me.getByText(m.users_intro({}, es))).toBeVisible();
  const box = me.getByRole("searchbox", { name: m.users_search_label({}, es) });
  await expect(box).toHaveAttribute("placeholder", m.users_search_placeholder({}, es));

  await box.fill("nadie-con-este-nombre");
  await me.getByRole("button", { name: m.users_search_submit({}, es) }).click();
  await expect(me.getByText(m.users_no_users({}, es), { exact: true })).toBeVisible();
  await expect(me.getByText(m.users_no_users_matching({ term: "nadie-con-este-nombre" }, es))).toBeVisible();
  expect(await seriousViolations(me)).toEqual([]);

  await box.fill(them.user.username);
  await box.press("Enter");
  const results = me.getByRole("list", { name: m.users_results({}, es) });
  await expect(results).toContainText(
    `${m.profile_age_years({ age: 34 }, es)} · Toronto, Canadá · ${label("denomination", "Anglican/Episcopal")}`,
  );
  await expect(
    results.getByRole("link", {
      name: `${m.users_send_message({}, es)} ${m.users_send_message_to({ username: them.user.username }, es)}`,
    }),
  ).toHaveAttribute("href", `/chat/${them.user.id}`);
  expect(await seriousViolations(me)).toEqual([]);
  await results
    .getByRole("link", {
      name: `${m.users_view_profile({}, es)} ${m.users_view_profile_of({ username: them.user.username }, es)}`,
    })
    .click();

  await expect(me.getByRole("heading", { level: 1, name: "Grace Okafor" })).toBeVisible();
  await expect(me).toHaveTitle(new RegExp(`^${them.user.username} \\|`));
  const main = me.getByRole("main");
  await expect(main.getByRole("link", { name: m.users_page_title({}, es) })).toHaveAttribute("href", "/users");
  await expect(main.getByRole("link", { name: m.users_send_message({}, es), exact: true })).toBeVisible();
  await expect(me.getByText(label("spiritualMaturity", "Established believer"), { exact: true })).toBeVisible();
  await expect(me.getByText(label("hobbies", "Hiking"), { exact: true })).toBeVisible();
  await expect(me.getByText(label("languagesSpoken", "English"), { exact: true })).toBeVisible();
  await expect(me.getByText("Established believer")).toHaveCount(0);
  expect(await seriousViolations(me)).toEqual([]);

  // An unknown person: the page and its way back speak Spanish too.
  expect((await me.goto("/users/nadie"))?.status()).toBe(404);
  await expect(me.getByRole("heading", { name: m.users_profile_unavailable({}, es) })).toBeVisible();
  await expect(me.getByRole("main").getByRole("link", { name: m.users_page_title({}, es) })).toHaveAttribute(
    "href",
    "/users",
  );
  await context.close();
});
