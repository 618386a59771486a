import type { Page } from "@playwright/test";
import { INACTIVITY_MESSAGES } from "../../app/shared/inactivity";
import { SESSION_END_MESSAGES } from "../../app/shared/session-end";
import { isGeneratedUsername } from "../../app/shared/username";
import { signInWithForm } from "./support/auth-forms";
import { expectNoSideScroll } from "./support/layout";
import { menuToggle } from "./support/mobile-menu";
import {
  expect,
  newAccount,
  openAccountMenu,
  pageWithoutScripts,
  pngFile,
  pngFileOnDisk,
  SEEDED_SUPPORT,
  test,
  uniqueEmail,
  waitForHydration,
  waitForPageScripts,
} from "./support/test";

async function openSignUp(page: Page) {
  await page.goto("/signup");
  await waitForPageScripts(page);
  await expect(page.getByRole("heading", { level: 1, name: "Create an Account" })).toBeVisible();
}

async function openSignIn(page: Page) {
  await page.goto("/login");
  await waitForPageScripts(page);
  await expect(page.getByRole("heading", { level: 1, name: "Welcome Back" })).toBeVisible();
}

/** Slows uploads down so their real progress can be seen. */
async function throttleUploads(page: Page, bytesPerSecond: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond,
  });
}

test.describe("creating an account", () => {
  test("signs up with a picture, shows real upload progress, and lands in chat with the picture in the header", async ({
    page,
  }) => {
    await openSignUp(page);
    const username = await page.getByLabel("Your anonymous username").inputValue();
    expect(isGeneratedUsername(username)).toBe(true);
    await expect(page.getByLabel("Your anonymous username")).toHaveAttribute("readonly", "");

    await page.getByLabel("Email").fill(uniqueEmail());
    await page.getByLabel("Password", { exact: true }).fill("gentle words");
    await page.getByLabel("Confirm password").fill("gentle words");
    await page.getByLabel("Gender").selectOption("female");
    await page.getByLabel("Choose a picture").setInputFiles(pngFile("me.png", 600_000));
    await expect(page.getByRole("img", { name: /chosen profile photo/ })).toBeVisible();

    await throttleUploads(page, 200_000);
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page.getByRole("button", { name: "Creating Account..." })).toBeDisabled();
    const progress = page.getByRole("progressbar", { name: "Uploading profile picture" });
    await expect(progress).toBeVisible();
    await expect
      .poll(async () => Number(await progress.getAttribute("aria-valuenow")), { timeout: 15_000 })
      .toBeGreaterThan(0);

    await page.waitForURL("**/chat", { timeout: 30_000 });
    const menuButton = page.getByRole("button", { name: `${username}: account menu` });
    await expect(menuButton).toBeVisible();
    const avatar = menuButton.locator("img");
    await expect(avatar).toHaveAttribute("src", /^\/images\/profiles\/.+\.png$/);
    await expect
      .poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
  });

  test("shows each validation message in the spec's order", async ({ page }) => {
    await openSignUp(page);
    const submit = page.getByRole("button", { name: "Create Account" });
    const expectMessage = async (message: string) => {
      await submit.click();
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    };
    await expectMessage("Email is required");
    await page.getByLabel("Email").fill("not-an-email");
    await expectMessage("Invalid email format");
    await page.getByLabel("Email").fill(uniqueEmail());
    await expectMessage("Password is required");
    await page.getByLabel("Password", { exact: true }).fill("12345");
    await expectMessage("Password must be at least 6 characters");
    await page.getByLabel("Password", { exact: true }).fill("123456");
    await page.getByLabel("Confirm password").fill("654321");
    await expectMessage("Passwords do not match");
    await page.getByLabel("Confirm password").fill("123456");
    await expectMessage("Please select your gender");
    await page.getByLabel("Gender").selectOption("male");
    // The picture is optional, but one that is chosen must be under 5 MB.
    await page.getByLabel("Choose a picture").setInputFiles(pngFileOnDisk("huge.png", 5_242_880));
    await expectMessage("Profile picture must be less than 5MB");
    // Nothing was created along the way.
    await expect(page).toHaveURL(/\/signup$/);
  });

  test("says 'Email is already in use' for an existing account", async ({ page }) => {
    await openSignUp(page);
    await page.getByLabel("Email").fill(SEEDED_SUPPORT.email);
    await page.getByLabel("Password", { exact: true }).fill("another password");
    await page.getByLabel("Confirm password").fill("another password");
    await page.getByLabel("Gender").selectOption("male");
    await page.getByLabel("Choose a picture").setInputFiles(pngFile());
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page.getByRole("alert")).toHaveText("Email is already in use");
  });

  test("shows and hides the passwords", async ({ page }) => {
    await openSignUp(page);
    const password = page.getByLabel("Password", { exact: true });
    await password.fill("secret words");
    await expect(password).toHaveAttribute("type", "password");
    await page.getByRole("button", { name: "Show password", exact: true }).click();
    await expect(password).toHaveAttribute("type", "text");
    await expect(password).toHaveValue("secret words");
    await page.getByRole("button", { name: "Hide password", exact: true }).click();
    await expect(password).toHaveAttribute("type", "password");
    await expect(page.getByRole("button", { name: "Show confirm password" })).toBeVisible();
  });

  test("shows and hides the password on the sign-in screen, which loads no framework", async ({ page }) => {
    await openSignIn(page);
    const password = page.getByLabel("Password", { exact: true });
    await password.fill("secret words");
    const show = page.getByRole("button", { name: "Show password", exact: true });
    await expect(show).toHaveAttribute("aria-pressed", "false");
    await show.click();
    await expect(password).toHaveAttribute("type", "text");
    await expect(password).toHaveValue("secret words");
    const hide = page.getByRole("button", { name: "Hide password", exact: true });
    await expect(hide).toHaveAttribute("aria-pressed", "true");
    await expect(hide).toBeFocused();
    await hide.click();
    await expect(password).toHaveAttribute("type", "password");
  });

  test("switching to sign-in and back clears everything typed", async ({ page }) => {
    await openSignUp(page);
    await page.getByLabel("Email").fill("typed@example.com");
    await page.getByRole("link", { name: "Sign in" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Welcome Back" })).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveValue("");
    await expect(page.getByLabel("Your anonymous username")).toHaveCount(0);
    await page.getByRole("link", { name: "Create an account" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Create an Account" })).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveValue("");
  });

  test("links to the terms, the privacy policy and password recovery", async ({ page }) => {
    await openSignIn(page);
    await expect(page.getByRole("main").getByRole("link", { name: "Terms of Service" })).toHaveAttribute(
      "href",
      "/termsofservice",
    );
    await expect(page.getByRole("main").getByRole("link", { name: "Privacy Policy" })).toHaveAttribute(
      "href",
      "/privacypolicy",
    );
    await expect(page.getByRole("link", { name: "Forgot your password?" })).toHaveAttribute("href", "/recover");
  });
});

for (const width of [320, 375]) {
  test.describe(`creating an account without a picture, at ${width} px`, () => {
    test.use({ viewport: { width, height: 640 } });

    test("says the picture is optional, creates the account and shows a generated avatar in chat", async ({ page }) => {
      await openSignUp(page);
      const username = await page.getByLabel("Your anonymous username").inputValue();
      const chooser = page.getByLabel("Profile picture");
      await expect(chooser).toHaveAccessibleName(/^Profile picture \(optional\)/);
      await expect(chooser).not.toHaveAttribute("required");
      await expectNoSideScroll(page);

      await page.getByLabel("Email").fill(uniqueEmail());
      await page.getByLabel("Password", { exact: true }).fill("gentle words");
      await page.getByLabel("Confirm password").fill("gentle words");
      await page.getByLabel("Gender").selectOption("female");
      await page.getByRole("button", { name: "Create Account" }).click();

      await page.waitForURL("**/chat");
      await expect(page.getByRole("heading", { level: 1, name: "Messages" })).toBeVisible();
      // On a phone the account menu's button sits in the header's menu.
      await waitForHydration(page);
      await menuToggle(page).click();
      const menuButton = page.getByRole("button", { name: `${username}: account menu` });
      await expect(menuButton).toBeVisible();
      // No picture: the avatar is drawn from the username (its first letter), the same everywhere.
      await expect(menuButton.locator("img")).toHaveCount(0);
      const avatar = menuButton.locator("[data-avatar=generated]");
      await expect(avatar).toHaveAttribute("data-initials", username.charAt(0).toUpperCase());
      await expect(avatar).toBeVisible();
      // The letters are drawn (by CSS, so they stay out of the button's name).
      expect(await avatar.evaluate((element) => getComputedStyle(element, "::before").content)).toBe(
        `"${username.charAt(0).toUpperCase()}"`,
      );
    });
  });
}

for (const viewport of [
  { width: 375, height: 667 },
  { width: 1280, height: 800 },
]) {
  test.describe(`field errors from the keyboard, at ${viewport.width} px`, () => {
    test.use({ viewport });

    test("Enter in a sign-up field with a problem announces it and keeps focus on that field", async ({ page }) => {
      await openSignUp(page);
      const email = page.getByLabel("Email");
      for (const field of [email, page.getByLabel("Password", { exact: true }), page.getByLabel("Confirm password")]) {
        await expect(field).toHaveAttribute("required", "");
      }
      await expect(page.getByLabel("Gender")).toHaveAttribute("required", "");

      await email.focus();
      await page.keyboard.type("bad-address");
      await page.keyboard.press("Enter");
      await expect(page.getByRole("alert")).toHaveText("Invalid email format");
      await expect(email).toBeFocused();
      await expect(email).toHaveAttribute("aria-invalid", "true");
      await expect(email).toHaveAccessibleDescription("Invalid email format");

      await page.keyboard.press("ControlOrMeta+A");
      await page.keyboard.type(uniqueEmail());
      await page.keyboard.press("Tab");
      await expect(page.getByLabel("Password", { exact: true })).toBeFocused();
      await page.keyboard.type("steady steps");
      await page.keyboard.press("Tab"); // Show password
      await page.keyboard.press("Tab");
      const confirm = page.getByLabel("Confirm password");
      await expect(confirm).toBeFocused();
      await page.keyboard.type("other steps");
      await page.keyboard.press("Enter");
      await expect(page.getByRole("alert")).toHaveText("Passwords do not match");
      await expect(confirm).toBeFocused();
      await expect(confirm).toHaveAccessibleDescription("Passwords do not match");
      await expect(page).toHaveURL(/\/signup$/);
    });

    test("a sign-up submitted with a problem further down moves focus to that field and announces it", async ({
      page,
    }) => {
      await openSignUp(page);
      await page.getByLabel("Email").fill(uniqueEmail());
      await page.getByLabel("Password", { exact: true }).fill("steady steps");
      await page.getByLabel("Confirm password").fill("steady steps");
      await page.getByRole("button", { name: "Create Account" }).focus();
      await page.keyboard.press("Enter");
      await expect(page.getByRole("alert")).toHaveText("Please select your gender");
      await expect(page.getByLabel("Gender")).toBeFocused();
    });

    test("Enter in the sign-in email with a problem announces it and keeps focus there", async ({ page }) => {
      await openSignIn(page);
      const email = page.getByLabel("Email");
      await expect(email).toHaveAttribute("required", "");
      await expect(page.getByLabel("Password", { exact: true })).toHaveAttribute("required", "");
      await email.focus();
      await page.keyboard.type("bad-address");
      await page.keyboard.press("Enter");
      await expect(page.getByRole("alert")).toHaveText("Invalid email format");
      await expect(email).toBeFocused();
      await expect(email).toHaveAccessibleDescription("Invalid email format");
    });
  });
}

test.describe("signing in and out", () => {
  test("signs in, shows 'Signing In...' while busy, and signs out to /signup", async ({ page }) => {
    await openSignIn(page);
    await page.getByLabel("Email").fill(SEEDED_SUPPORT.email);
    await page.getByLabel("Password", { exact: true }).fill(SEEDED_SUPPORT.password);
    // The form posts to the /login action, a plain form post checked first by the page's script. The
    // post is kept from leaving (after the script has seen it) until the busy button has been seen.
    await page.evaluate(() => window.addEventListener("submit", (event) => event.preventDefault(), { once: true }));
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByRole("button", { name: "Signing In..." })).toBeDisabled();
    await page.locator("main form").evaluate((form: HTMLFormElement) => form.submit());
    await page.waitForURL("**/chat");

    await expect(page.getByRole("button", { name: "Kindred Support: account menu" })).toBeVisible();
    await openAccountMenu(page);
    await page.getByRole("button", { name: "Sign Out" }).click();
    await page.waitForURL("**/signup?reason=signed-out");
    await expect(page.getByRole("banner").getByRole("link", { name: "Get Started" })).toBeVisible();
    // The spec's /signup, on the side for someone who has an account.
    await expect(page.getByRole("heading", { level: 1, name: "Welcome Back" })).toBeVisible();
    await expect(page.getByLabel("Your anonymous username")).toHaveCount(0);
    // It says what happened, and never that it was inactivity.
    await expect(page.getByRole("main").getByText(SESSION_END_MESSAGES["signed-out"], { exact: true })).toBeVisible();
    await expect(page.getByText(INACTIVITY_MESSAGES.loggedOut)).toHaveCount(0);
    await page.goto("/chat");
    await expect(page).toHaveURL(/\/signup\?next=%2Fchat$/);
  });

  test("/signup after a session's end signs in, with the page's scripts and without them", async ({
    page,
    browser,
    baseURL,
  }) => {
    await page.goto("/signup?reason=signed-out&next=%2Fchat%2Fkindred-support");
    await waitForPageScripts(page);
    await expect(page.getByRole("heading", { level: 1, name: "Welcome Back" })).toBeVisible();
    await expect(page).toHaveTitle(/^Welcome Back/);
    await page.getByLabel("Email").fill(SEEDED_SUPPORT.email);
    await page.getByLabel("Password", { exact: true }).fill("not the password");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByRole("alert")).toHaveText("Incorrect email or password");
    await expect(page.getByRole("heading", { level: 1, name: "Welcome Back" })).toBeVisible();
    // 'Create an account' is one link away, and keeps where the visitor was going.
    await expect(page.getByRole("link", { name: "Create an account" })).toHaveAttribute(
      "href",
      "/signup?next=%2Fchat%2Fkindred-support",
    );

    const plain = await pageWithoutScripts(browser, baseURL);
    await plain.goto("/signup?reason=inactivity&next=%2Fprofile");
    await expect(plain.getByRole("heading", { level: 1, name: "Welcome Back" })).toBeVisible();
    const { email, password } = await newAccount(page, baseURL ?? "");
    await signInWithForm(plain, { email, password });
    await expect(plain).toHaveURL(/\/profile$/);
    await plain.context().close();
  });

  test("validates in order and maps wrong credentials to one message", async ({ page }) => {
    await openSignIn(page);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByText("Email is required", { exact: true })).toBeVisible();
    await page.getByLabel("Email").fill(SEEDED_SUPPORT.email);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByText("Password is required", { exact: true })).toBeVisible();

    await page.getByLabel("Password", { exact: true }).fill("not the password");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByRole("alert")).toHaveText("Incorrect email or password");

    // The answer keeps the email and, as sign-in forms do, not the password that failed.
    await expect(page.getByLabel("Email")).toHaveValue(SEEDED_SUPPORT.email);
    await expect(page.getByLabel("Password", { exact: true })).toHaveValue("");
    await page.getByLabel("Email").fill("nobody-here@example.com");
    await page.getByLabel("Password", { exact: true }).fill("not the password");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByRole("alert")).toHaveText("Incorrect email or password");
  });

  test("says 'Too many failed attempts' after repeated bad sign-ins", async ({ page }) => {
    await openSignIn(page);
    await page.getByLabel("Email").fill(SEEDED_SUPPORT.email);
    const alert = page.getByRole("alert");
    for (let attempt = 1; attempt <= 6; attempt++) {
      await page.getByLabel("Password", { exact: true }).fill(`wrong password ${attempt}`);
      await page.getByRole("button", { name: "Sign In" }).click();
      await expect(page.getByRole("button", { name: "Sign In" })).toBeEnabled();
      if (attempt < 6) await expect(alert).toHaveText("Incorrect email or password");
    }
    await expect(alert).toHaveText("Too many failed attempts. Please try again later.");
  });
});

test.describe("guards", () => {
  test("send signed-out visitors from the chat screens to /signup, with where they were going", async ({ page }) => {
    for (const path of ["/chat", "/chat/kindred-support"]) {
      await page.goto(path);
      await expect(page, path).toHaveURL(`/signup?next=${encodeURIComponent(path)}`);
    }
  });

  test("send a signed-in person from /signup and /login to /chat", async ({ page, baseURL }) => {
    await newAccount(page, baseURL ?? "");
    for (const path of ["/signup", "/login"]) {
      await page.goto(path);
      await expect(page, path).toHaveURL(/\/chat$/);
    }
  });

  test("open the support conversation, and explain an unknown contact", async ({ page, baseURL }) => {
    await newAccount(page, baseURL ?? "");
    await page.goto("/chat/kindred-support");
    await expect(page.getByRole("heading", { level: 2, name: "Support" })).toBeVisible();
    await expect(page.getByText("Each session can only last for up to 20 mins.")).toBeVisible();
    await page.goto("/chat/no-such-person");
    await expect(page.getByText("We couldn't find that person. The link may be old or mistyped.")).toBeVisible();
  });
});
