import type { Page } from "@playwright/test";
import { INACTIVITY_MESSAGES } from "../../app/shared/inactivity";
import { SESSION_END_MESSAGES } from "../../app/shared/session-end";
import { UPLOAD_MESSAGES } from "../../app/shared/uploads";
import { signInWithForm } from "./support/auth-forms";
import { menuToggle } from "./support/mobile-menu";
import {
  expect,
  holdRequests,
  newAccount,
  openAccountMenu,
  pageWithoutScripts,
  pngFile,
  SEEDED_SUPPORT,
  signedInAsSupport,
  test,
  uniqueEmail,
  waitForHydration,
  waitForPageScripts,
} from "./support/test";

const SUPPORT_CHAT = "/chat/kindred-support";
const SUPPORT_CHAT_NEXT = encodeURIComponent(SUPPORT_CHAT);

/** Fills the sign-up form (whatever state the page's scripts are in). */
async function fillSignUp(page: Page, email: string, picture = pngFile("me.png")) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("steady steps");
  await page.getByLabel("Confirm password").fill("steady steps");
  await page.getByLabel("Gender").selectOption("female");
  await page.getByLabel("Choose a picture").setInputFiles(picture);
}

/** The support conversation, ready to write in. */
async function expectSupportConversation(page: Page) {
  await expect(page).toHaveURL(SUPPORT_CHAT);
  await expect(page.getByRole("heading", { level: 2, name: "Support" })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Message Support" })).toBeEditable();
}

/** Holds the page's JavaScript back until `release` is called, as a slow connection would. */
const holdScripts = (page: Page) => holdRequests(page, /\/assets\/.+\.js$/);

test.describe("the call to action ends in the support conversation", () => {
  test("through sign-up", async ({ page }) => {
    await page.goto("/");
    await waitForPageScripts(page);
    await page.getByRole("link", { name: "Talk to Someone Now - Free" }).click();
    await expect(page).toHaveURL(`/signup?next=${SUPPORT_CHAT_NEXT}`);
    await fillSignUp(page, uniqueEmail());
    await page.getByRole("button", { name: "Create Account" }).click();
    await expectSupportConversation(page);
  });

  test("through sign-in, from the conversation's own address", async ({ page, baseURL }) => {
    const { email, password } = await newAccount(page, baseURL ?? "");
    await page.context().clearCookies();
    await page.goto(SUPPORT_CHAT);
    await expect(page).toHaveURL(`/signup?next=${SUPPORT_CHAT_NEXT}`);
    await waitForPageScripts(page);
    await page.getByRole("link", { name: "Sign in" }).click();
    await expect(page).toHaveURL(`/login?next=${SUPPORT_CHAT_NEXT}`);
    await signInWithForm(page, { email, password });
    await expectSupportConversation(page);
  });

  test("straight away for someone already signed in", async ({ page, baseURL }) => {
    await newAccount(page, baseURL ?? "");
    await page.goto("/");
    await waitForHydration(page);
    await page.getByRole("link", { name: "Talk to Someone Now - Free" }).click();
    await expectSupportConversation(page);
  });
});

test.describe("forms before and without the page's scripts", () => {
  test("sign-in keeps what was typed before the scripts ran, and signs in", async ({ page }) => {
    const release = await holdScripts(page);
    await page.goto("/login", { waitUntil: "commit" });
    await page.getByLabel("Email").fill(SEEDED_SUPPORT.email);
    await page.getByLabel("Password", { exact: true }).fill(SEEDED_SUPPORT.password);
    release();
    await waitForPageScripts(page);
    await expect(page.getByLabel("Email")).toHaveValue(SEEDED_SUPPORT.email);
    await expect(page.getByLabel("Password", { exact: true })).toHaveValue(SEEDED_SUPPORT.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL("/chat");
    await expect(page.getByRole("button", { name: "Kindred Support: account menu" })).toBeVisible();
  });

  test("sign-up keeps the fields and the picture chosen before the scripts ran, and creates the account", async ({
    page,
  }) => {
    const release = await holdScripts(page);
    await page.goto("/signup", { waitUntil: "commit" });
    const email = uniqueEmail();
    await fillSignUp(page, email);
    release();
    await waitForPageScripts(page);
    await expect(page.getByLabel("Email")).toHaveValue(email);
    await expect(page.getByLabel("Confirm password")).toHaveValue("steady steps");
    await expect(page.getByLabel("Gender")).toHaveValue("female");
    await expect(page.getByRole("img", { name: /chosen profile photo/ })).toBeVisible();
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page).toHaveURL("/chat");
    await expect(page.getByRole("button", { name: /account menu/ }).locator("img")).toHaveAttribute(
      "src",
      /^\/images\/profiles\//,
    );
  });

  test("sign-in works with JavaScript disabled, and goes where the visitor was headed", async ({
    page: accountMaker,
    browser,
    baseURL,
  }) => {
    const { email, password } = await newAccount(accountMaker, baseURL ?? "");
    const page = await pageWithoutScripts(browser, baseURL);
    const context = page.context();
    await page.goto(SUPPORT_CHAT);
    await expect(page).toHaveURL(`/signup?next=${SUPPORT_CHAT_NEXT}`);
    await page.getByRole("link", { name: "Sign in" }).click();
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("not the password");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByRole("alert")).toHaveText("Incorrect email or password");
    await expect(page.getByLabel("Email")).toHaveValue(email);

    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(SUPPORT_CHAT);
    await expect(page.getByRole("heading", { level: 2, name: "Support" })).toBeVisible();
    await context.close();
  });

  test("sign-up works with JavaScript disabled", async ({ browser, baseURL }) => {
    const page = await pageWithoutScripts(browser, baseURL);
    const context = page.context();
    await page.goto(`/signup?next=${SUPPORT_CHAT_NEXT}`);
    await fillSignUp(page, uniqueEmail());
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page).toHaveURL(SUPPORT_CHAT);
    await expect(page.getByRole("heading", { level: 2, name: "Support" })).toBeVisible();
    await context.close();
  });
});

test.describe("a picture that is not an image", () => {
  test("creates no account, and says which types are accepted", async ({ page }) => {
    await page.goto("/signup");
    await waitForPageScripts(page);
    const email = uniqueEmail();
    // Text dressed up as a PNG: only the server, reading the bytes, can tell.
    await fillSignUp(page, email, { name: "notes.png", mimeType: "image/png", buffer: Buffer.from("dear diary") });
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page.getByText(UPLOAD_MESSAGES.notAnImage, { exact: true })).toBeVisible();
    await expect(page).toHaveURL("/signup");

    // A HEIC photo is refused as soon as it is chosen.
    await page.getByLabel(/Choose (another|a) picture/).setInputFiles({
      name: "IMG_0001.heic",
      mimeType: "image/heic",
      buffer: Buffer.from([0, 0, 0, 24, 0x66, 0x74, 0x79, 0x70, 0x68, 0x65, 0x69, 0x63]),
    });
    await expect(page.getByText(UPLOAD_MESSAGES.notAnImage, { exact: true })).toBeVisible();

    // No account was made: the same email signs up now without 'Email is already in use'.
    await page.getByLabel(/Choose (another|a) picture/).setInputFiles(pngFile("me.png"));
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page).toHaveURL("/chat");
  });

  test("creates no account when posted without JavaScript either", async ({ browser, baseURL }) => {
    const page = await pageWithoutScripts(browser, baseURL);
    const context = page.context();
    await page.goto("/signup");
    const email = uniqueEmail();
    await fillSignUp(page, email, { name: "notes.png", mimeType: "image/png", buffer: Buffer.from("dear diary") });
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page.getByText(UPLOAD_MESSAGES.notAnImage, { exact: true })).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveValue(email);

    await fillSignUp(page, email);
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page).toHaveURL("/chat");
    await context.close();
  });
});

test.describe("after signing out", () => {
  test("Back shows no signed-in content, and the page says the person signed out", async ({ page, baseURL }) => {
    await newAccount(page, baseURL ?? "");
    await page.goto("/profile");
    await expect(page.getByRole("button", { name: /account menu/ })).toBeVisible();
    await page.goto("/chat");
    await openAccountMenu(page);
    await page.getByRole("button", { name: "Sign Out" }).click();
    await page.waitForURL("/signup?reason=signed-out");
    await expect(page.getByText(SESSION_END_MESSAGES["signed-out"], { exact: true })).toBeVisible();
    await expect(page.getByText(INACTIVITY_MESSAGES.loggedOut)).toHaveCount(0);

    await page.goBack();
    await expect(page).toHaveURL("/signup?next=%2Fchat");
    await expect(page.getByRole("button", { name: /account menu/ })).toHaveCount(0);
    await page.goBack();
    await expect(page).toHaveURL("/signup?next=%2Fprofile");
    await expect(page.getByRole("button", { name: /account menu/ })).toHaveCount(0);
  });
});

test.describe("caching", () => {
  test("pages and their data that depend on the session, and the auth pages, are private and never stored", async ({
    page,
    baseURL,
  }) => {
    for (const path of ["/signup", "/login", "/recover", "/login.data"]) {
      const response = await page.request.get(path);
      expect(response.headers()["cache-control"], path).toBe("private, no-store");
    }
    await newAccount(page, baseURL ?? "");
    for (const path of ["/chat", SUPPORT_CHAT, "/profile", "/users", "/", "/chat.data", "/profile.data"]) {
      const response = await page.request.get(path);
      expect(response.status(), path).toBe(200);
      expect(response.headers()["cache-control"], path).toBe("private, no-store");
    }
  });
});

test.describe("on a 375 px phone", () => {
  test.use({ viewport: { width: 375, height: 667 } });

  test("the unread count shows on the menu button, without opening the menu", async ({ page, browser, baseURL }) => {
    const visitor = await newAccount(page, baseURL ?? "");
    await page.goto("/users");
    await waitForHydration(page);
    await expect(menuToggle(page)).toBeVisible();
    await expect(menuToggle(page)).toHaveAccessibleName("Open menu");

    const { context: support, page: supportPage } = await signedInAsSupport(browser, baseURL ?? "");
    await supportPage.goto(`/chat/${visitor.user.id}`);
    await waitForHydration(supportPage);
    const input = supportPage.getByRole("textbox", { name: `Message ${visitor.user.username}` });
    await input.fill("Hello, how are you today?");
    await input.press("Enter");
    // Shown at once while sending; only 'Sent' proves the room stored it before the page closes.
    await expect(
      supportPage.getByRole("log").getByRole("listitem").filter({ hasText: "Hello, how are you today?" }),
    ).toContainText(/· (Sent|Delivered|Read)/);
    await support.close();

    // The count arrives over the visitor's inbox socket (room, then inbox, then page): on a busy
    // machine that takes longer than the default 5 s.
    const toggle = menuToggle(page);
    await expect(toggle).toHaveAccessibleName("Open menu 1 unread", { timeout: 15_000 });
    await expect(toggle).toBeInViewport();
  });
});

test.describe("the /users search", () => {
  test("an answer to an older search never overwrites what was typed since, and Back restores the term", async ({
    page,
    baseURL,
  }) => {
    await newAccount(page, baseURL ?? "");
    await page.goto("/users");
    await waitForHydration(page);
    const box = page.getByRole("searchbox", { name: "Username" });

    const release = await holdRequests(page, "**/users.data*");
    await box.fill("first-search");
    await box.press("Enter");
    await expect(page.getByRole("status")).toHaveText("Searching...");
    await box.fill("second-thou");
    release();
    await expect(page.getByText('No users found matching "first-search".', { exact: false })).toBeVisible();
    await expect(box).toHaveValue("second-thou");
    await page.unroute("**/users.data*");

    await box.fill("second-search");
    await box.press("Enter");
    await expect(page.getByText('No users found matching "second-search".', { exact: false })).toBeVisible();
    await page.goBack();
    await expect(page.getByText('No users found matching "first-search".', { exact: false })).toBeVisible();
    await expect(box).toHaveValue("first-search");
  });
});
