import type { Page } from "@playwright/test";
import { PROFILE_FORM_TEXTS } from "../../app/components/profile/profile-edit-form";
import { PROFILE_TEXTS } from "../../app/components/profile/profile-tabs";
import { isListField, PROFILE_FIELDS, PROFILE_MESSAGES, type ProfileForm } from "../../app/shared/schemas/profile";
import { completeProfile } from "../fixtures/profile";
import { BRAND_NAME } from "./support/config";
import {
  expect,
  holdRequests,
  newAccount,
  openAccountMenu,
  pageWithoutScripts,
  pngFile,
  pngFileOnDisk,
  test,
  waitForHydration,
} from "./support/test";

const field = (page: Page, name: keyof ProfileForm) => page.locator(`#profile-${name}`);

async function openEditTab(page: Page) {
  await page.goto("/profile");
  await waitForHydration(page);
  await expect(page.getByRole("tab", { name: "Profile", exact: true })).toHaveAttribute("aria-selected", "true");
  await page.getByRole("tab", { name: "Edit Profile" }).click();
  await expect(page.getByRole("button", { name: "Save Profile" })).toBeVisible();
}

/** Types every field of the profile into the form (the photo is chosen separately). */
async function fillForm(page: Page, profile: ProfileForm) {
  for (const name of PROFILE_FIELDS) {
    if (name === "photoUrl") continue;
    const value = profile[name];
    const control = field(page, name);
    if (isListField(name)) {
      for (const option of value as string[]) await control.getByLabel(option, { exact: true }).check();
    } else if ((await control.evaluate((element) => element.tagName)) === "SELECT") {
      await control.selectOption(value as string);
    } else {
      await control.fill(value as string);
    }
  }
}

async function choosePhoto(page: Page) {
  await field(page, "photoUrl").setInputFiles(pngFile());
  await expect(page.getByText(PROFILE_FORM_TEXTS.photoReady)).toBeVisible();
}

test.describe("the profile screen", () => {
  test("sends signed-out visitors to /signup", async ({ page }) => {
    await page.goto("/profile");
    await expect(page).toHaveURL("/signup?next=%2Fprofile");
  });

  test("is titled with the brand's name and says what the profile is for", async ({ page, baseURL }) => {
    await newAccount(page, baseURL ?? "");
    await page.goto("/profile");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${BRAND_NAME} Profile`);
    await expect(page.getByText(PROFILE_TEXTS.subtitle)).toBeVisible();
  });

  test("saves the whole form, says 'Profile Saved!' for 2 seconds, and shows every value after a reload", async ({
    page,
    baseURL,
  }) => {
    await newAccount(page, baseURL ?? "");
    await openEditTab(page);
    await expect(page.getByText("Required fields")).toBeVisible();
    const profile = completeProfile("");
    await fillForm(page, profile);
    await choosePhoto(page);
    // The button says 'Saving...' while the route action works (held until the test has seen it).
    const release = await holdRequests(page, "**/profile.data*");
    const posted = page.waitForRequest(
      (request) => request.method() === "POST" && request.url().includes("/profile.data"),
    );
    await page.getByRole("button", { name: "Save Profile" }).click();
    await expect(page.getByRole("button", { name: "Saving..." })).toBeDisabled();
    await posted;
    release();
    const saved = page.getByText(PROFILE_MESSAGES.saved);
    await expect(saved).toBeVisible();
    await expect(saved).toBeHidden({ timeout: 4000 });

    await page.goto("/profile");
    await waitForHydration(page);
    const view = page.getByRole("tabpanel");
    await expect(view.getByRole("heading", { name: "Grace Okafor" })).toBeVisible();
    await expect(view).toContainText("34 years old · Toronto, Canada");
    await expect(view.getByRole("img", { name: "Grace Okafor" })).toHaveAttribute("src", /^\/images\/profiles\//);
    // Every value the read view shows (the spec's read view has no gender, income or postal code).
    const shownAbove = ["photoUrl", "firstName", "lastName", "age", "city", "country"];
    for (const name of PROFILE_FIELDS) {
      if ([...shownAbove, "gender", "annualIncome", "zipCode"].includes(name)) {
        continue;
      }
      for (const value of isListField(name) ? profile[name] : [profile[name] as string]) {
        await expect(view.getByText(value, { exact: !["favoriteBibleVerse"].includes(name) }).first()).toBeVisible();
      }
    }
    await expect(view.getByText(`“${profile.favoriteBibleVerse}”`)).toBeVisible();
    await expect(view).not.toContainText(profile.annualIncome);
    // The header's picture follows the profile's.
    await expect(
      page
        .getByRole("banner")
        .getByRole("button", { name: /account menu/ })
        .locator("img"),
    ).toHaveAttribute("src", /^\/images\/profiles\//);
  });

  test("shows each kind of error only after saving, scrolls to and focuses the first, and clears one when edited", async ({
    page,
    baseURL,
  }) => {
    await newAccount(page, baseURL ?? "");
    await openEditTab(page);
    await expect(page.getByText(PROFILE_MESSAGES.required)).toHaveCount(0);

    // Everything right except the hobbies, far down the page: that is where the page goes.
    await fillForm(page, { ...completeProfile(""), hobbies: [] });
    await choosePhoto(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole("button", { name: "Save Profile" }).click();
    const firstHobby = field(page, "hobbies").getByRole("checkbox").first();
    await expect(firstHobby).toBeFocused();
    await expect(firstHobby).toBeInViewport();
    await expect(field(page, "hobbies")).toContainText(PROFILE_MESSAGES.hobby);
    await expect(field(page, "hobbies")).toHaveAttribute("aria-invalid", "true");

    // Each kind of rule, each message under its field with a red border.
    await field(page, "age").fill("12");
    await field(page, "country").selectOption("United States");
    await field(page, "zipCode").fill("ABCDE");
    await field(page, "aboutMe").fill("Too short to tell anything.");
    await field(page, "occupation").fill("");
    await field(page, "ministryInterests").getByLabel("Worship Team").uncheck();
    await field(page, "ministryInterests").getByLabel("Hospitality").uncheck();
    await page.getByRole("button", { name: "Save Profile" }).click();
    await expect(field(page, "age")).toBeFocused();
    const expectations: [keyof ProfileForm, string][] = [
      ["age", PROFILE_MESSAGES.age],
      ["zipCode", PROFILE_MESSAGES.postalCode],
      ["aboutMe", PROFILE_MESSAGES.tooShort(50)],
      ["occupation", PROFILE_MESSAGES.required],
    ];
    for (const [name, message] of expectations) {
      await expect(field(page, name)).toHaveAttribute("aria-invalid", "true");
      await expect(field(page, name)).toHaveClass(/border-red-600/);
      await expect(page.locator(`#profile-${name}-error`)).toHaveText(message);
    }
    await expect(field(page, "ministryInterests")).toContainText(PROFILE_MESSAGES.ministry);

    // Editing a field clears its error; the others stay until the next save.
    await field(page, "age").fill("30");
    await expect(page.locator("#profile-age-error")).toHaveCount(0);
    await expect(field(page, "age")).not.toHaveAttribute("aria-invalid");
    await expect(page.locator("#profile-zipCode-error")).toBeVisible();
  });

  test("asks for the photo first when it is missing", async ({ page, baseURL }) => {
    await newAccount(page, baseURL ?? "");
    await openEditTab(page);
    await page.getByRole("button", { name: "Save Profile" }).click();
    await expect(field(page, "photoUrl")).toBeFocused();
    await expect(page.locator("#profile-photoUrl-error")).toHaveText(PROFILE_MESSAGES.required);
    // The 20 required fields, less the two the sign-up filled (first name and gender).
    await expect(page.getByText(PROFILE_MESSAGES.required, { exact: true })).toHaveCount(18);
  });

  test("counts long texts: red below 50, amber above 90 % of 4000", async ({ page, baseURL }) => {
    await newAccount(page, baseURL ?? "");
    await openEditTab(page);
    const counter = page.locator("#profile-aboutMe-footer p");
    await expect(counter).toHaveText("0/4000 (minimum 50)");
    await expect(counter).toHaveClass(/text-red-700/);
    await field(page, "aboutMe").fill("x".repeat(49));
    await expect(counter).toHaveText("49/4000 (minimum 50)");
    await expect(counter).toHaveClass(/text-red-700/);
    await field(page, "aboutMe").fill("x".repeat(50));
    await expect(counter).toHaveClass(/text-slate-600/);
    await field(page, "aboutMe").fill("x".repeat(3601));
    await expect(counter).toHaveText("3601/4000 (minimum 50)");
    await expect(counter).toHaveClass(/text-amber-700/);
    // An optional long text is not red while empty.
    await expect(page.locator("#profile-faithJourney-footer p")).toHaveClass(/text-slate-600/);
    await field(page, "faithJourney").fill("short");
    await expect(page.locator("#profile-faithJourney-footer p")).toHaveClass(/text-red-700/);
  });

  test("shows a chosen photo at once with the upload's progress, and refuses one of 5 MB or more", async ({
    page,
    baseURL,
  }) => {
    await newAccount(page, baseURL ?? "");
    await openEditTab(page);
    const client = await page.context().newCDPSession(page);
    await client.send("Network.enable");
    await client.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 20,
      downloadThroughput: 5_000_000,
      uploadThroughput: 400_000,
    });
    await field(page, "photoUrl").setInputFiles(pngFileOnDisk("big.png", 1_500_000));
    await expect(page.getByRole("img", { name: "You" })).toHaveAttribute("src", /^blob:/);
    await expect(page.getByRole("progressbar", { name: "Uploading photo" })).toBeVisible();
    await expect(page.getByText(PROFILE_FORM_TEXTS.photoReady)).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole("progressbar")).toHaveCount(0);
    await client.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });

    await field(page, "photoUrl").setInputFiles(pngFileOnDisk("huge.png", 5_242_880));
    await expect(page.getByRole("alert")).toHaveText("Profile picture must be less than 5MB");
  });

  test("keeps unsaved changes across a reload, until they are saved", async ({ page, baseURL }) => {
    await newAccount(page, baseURL ?? "");
    await openEditTab(page);
    await field(page, "occupation").fill("Teacher");
    await page.reload();
    await waitForHydration(page);
    await expect(page.getByText(PROFILE_FORM_TEXTS.restored)).toBeVisible();
    await expect(field(page, "occupation")).toHaveValue("Teacher");
  });
});

test.describe("Find Other Christians", () => {
  test("sends signed-out visitors to /signup", async ({ page }) => {
    await page.goto("/users");
    await expect(page).toHaveURL("/signup?next=%2Fusers");
  });

  test("finds an exact username in any case, says when nobody matches, and links to a message and the profile", async ({
    page,
    browser,
    baseURL,
  }) => {
    // Someone to find, with a filled profile.
    const other = await browser.newContext({ baseURL });
    const otherPage = await other.newPage();
    const hex = () => Math.floor(Math.random() * 0xffff).toString(16);
    await otherPage.setExtraHTTPHeaders({ "cf-connecting-ip": `2001:db8:${hex()}:${hex()}::9` });
    const found = await newAccount(otherPage, baseURL ?? "");
    await openEditTab(otherPage);
    await fillForm(otherPage, completeProfile(""));
    await choosePhoto(otherPage);
    await otherPage.getByRole("button", { name: "Save Profile" }).click();
    await expect(otherPage.getByText(PROFILE_MESSAGES.saved)).toBeVisible();
    await other.close();

    const me = await newAccount(page, baseURL ?? "");
    await page.goto("/users");
    await waitForHydration(page);
    await expect(page.getByRole("heading", { name: "Find Other Christians" })).toBeVisible();
    const box = page.getByRole("searchbox", { name: "Username" });

    // Searching: the state shows while the server answers (held until the test has seen it).
    const release = await holdRequests(page, "**/users.data*");
    await box.fill("nobody-by-this-name");
    await box.press("Enter");
    await expect(page.getByRole("status")).toHaveText("Searching...");
    release();
    await expect(page.getByText("No users found", { exact: true })).toBeVisible();
    await expect(
      page.getByText('No users found matching "nobody-by-this-name". Please check the username and try again.'),
    ).toBeVisible();
    await page.unroute("**/users.data*");

    // One's own name finds nobody: the answer to this search names it (the previous one is on screen).
    await box.fill(me.user.username);
    await box.press("Enter");
    await expect(page.getByText(`No users found matching "${me.user.username}".`, { exact: false })).toBeVisible();

    await box.fill(`  ${found.user.username.toUpperCase()}  `);
    await box.press("Enter");
    const results = page.getByRole("list", { name: "Search results" });
    await expect(results.getByRole("listitem")).toHaveCount(1);
    await expect(results).toContainText(found.user.username);
    await expect(results).toContainText("34 years old · Toronto, Canada · Anglican/Episcopal");
    const send = results.getByRole("link", { name: `Send Message to ${found.user.username}` });
    await expect(send).toHaveAttribute("href", `/chat/${found.user.id}`);

    await results.getByRole("link", { name: `View profile of ${found.user.username}` }).click();
    await expect(page.getByRole("heading", { name: "Grace Okafor" })).toBeVisible();
    await expect(page.getByText(`@${found.user.username}`)).toBeVisible();
    await expect(page.getByText("$75,000 - $99,999")).toHaveCount(0);
    await expect(page.getByText("M5V 2T6")).toHaveCount(0);

    await page.getByRole("link", { name: "Send Message" }).click();
    await expect(page).toHaveURL(new RegExp(`/chat/${found.user.id}$`));
    await expect(page.getByRole("link", { name: `View the profile of ${found.user.username}` })).toBeVisible();
  });
});

test.describe("another person's profile", () => {
  test("is a clear message for an unknown id, and one's own address leads to My Profile", async ({ page, baseURL }) => {
    const me = await newAccount(page, baseURL ?? "");
    const missing = await page.goto("/users/no-such-person");
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Profile not available" })).toBeVisible();
    await page.goto(`/users/${me.user.id}`);
    await expect(page).toHaveURL(/\/profile$/);
  });
});

test.describe("the account menu", () => {
  test("leads to one's profile and to the search", async ({ page, baseURL }) => {
    await newAccount(page, baseURL ?? "");
    await page.goto("/chat");
    await waitForHydration(page);
    await openAccountMenu(page);
    await page.getByRole("link", { name: "My Profile" }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole("heading", { level: 1, name: `${BRAND_NAME} Profile` })).toBeVisible();
    await openAccountMenu(page);
    await page.getByRole("link", { name: "Find Other Christians" }).click();
    await expect(page).toHaveURL(/\/users$/);
  });
});

test.describe("saving without the page's scripts", () => {
  test("works with JavaScript disabled: a refused save keeps everything posted, a good one is saved", async ({
    browser,
    baseURL,
  }) => {
    const page = await pageWithoutScripts(browser, baseURL);
    await newAccount(page, baseURL ?? "");
    await page.goto("/profile");
    await page.getByRole("tab", { name: "Edit Profile" }).click();
    await expect(page).toHaveURL("/profile?tab=edit");

    // Everything but the photo: the server refuses it and shows the form again, nothing lost.
    const profile = completeProfile("");
    await fillForm(page, profile);
    await page.getByRole("button", { name: "Save Profile" }).click();
    await expect(page.locator(`#profile-photoUrl-error`)).toHaveText(PROFILE_MESSAGES.required);
    await expect(field(page, "aboutMe")).toHaveValue(profile.aboutMe);
    await expect(field(page, "city")).toHaveValue(profile.city);
    await expect(field(page, "country")).toHaveValue(profile.country);
    await expect(field(page, "hobbies").getByLabel(profile.hobbies[0] ?? "", { exact: true })).toBeChecked();

    // With the photo as a file it saves, and the profile shows it.
    await field(page, "photoUrl").setInputFiles(pngFile());
    await page.getByRole("button", { name: "Save Profile" }).click();
    await expect(page).toHaveURL("/profile?saved=1");
    await expect(page.getByText(PROFILE_MESSAGES.saved)).toBeVisible();
    await page.goto("/profile");
    await expect(page.getByRole("heading", { name: `${profile.firstName} ${profile.lastName}` })).toBeVisible();
    await expect(page.getByText(profile.aboutMe)).toBeVisible();
    await expect(page.getByRole("img", { name: `${profile.firstName} ${profile.lastName}` })).toHaveAttribute(
      "src",
      /^\/images\/profiles\//,
    );
    await page.context().close();
  });

  test("keeps what was typed before the scripts ran, and saves it once they have", async ({ page, baseURL }) => {
    await newAccount(page, baseURL ?? "");
    await openEditTab(page);
    const profile = completeProfile("");
    await fillForm(page, profile);
    await choosePhoto(page);
    await page.getByRole("button", { name: "Save Profile" }).click();
    await expect(page.getByText(PROFILE_MESSAGES.saved)).toBeVisible();

    // A slow connection: the form is there, its scripts are not.
    const release = await holdRequests(page, /\/assets\/.+\.js$/);
    await page.goto("/profile?tab=edit", { waitUntil: "commit" });
    await field(page, "city").fill("Hamilton");
    await field(page, "occupation").fill("Midwife");
    await field(page, "hobbies").getByLabel("Gardening", { exact: true }).check();
    release();
    await waitForHydration(page);
    await expect(field(page, "city")).toHaveValue("Hamilton");
    await expect(field(page, "occupation")).toHaveValue("Midwife");
    await expect(field(page, "hobbies").getByLabel("Gardening", { exact: true })).toBeChecked();

    await page.getByRole("button", { name: "Save Profile" }).click();
    await expect(page.getByText(PROFILE_MESSAGES.saved)).toBeVisible();
    await page.goto("/profile");
    await expect(page.getByText("Hamilton")).toBeVisible();
    await expect(page.getByText("Midwife")).toBeVisible();
    await expect(page.getByText("Gardening", { exact: true })).toBeVisible();
  });
});
