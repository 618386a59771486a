import type { Locator, Page } from "@playwright/test";
import { ADMIN_TEXTS, ADMIN_TITLES } from "../../app/shared/admin";
import {
  MAX_SAVED_REPLY,
  SAVED_REPLY_PAGE_TEXTS,
  SAVED_REPLY_TEXTS,
  savedReplyLanguageName,
  WRAP_UP_TOPIC_TEXTS,
} from "../../app/shared/desk-operations";
import { PATHS } from "../../app/shared/routes";
import { seriousViolations } from "./support/axe";
import { expectNoSideScroll } from "./support/layout";
import {
  expect,
  newAccount,
  pageWithoutScripts,
  SEEDED_SUPPORT,
  signedInAsSupport,
  test,
  waitForHydration,
} from "./support/test";

/**
 * The admin's lists for the support desk: saved replies (/admin/replies) and wrap-up topics
 * (/admin/topics). The lists are one for the whole server, so these tests run one after another and
 * each removes what it added; the desk's own tests (support-desk.spec.ts) use the seeded ones.
 */
test.describe.configure({ mode: "serial" });

const DESKTOP = { width: 1280, height: 800 };
const NARROW = { width: 320, height: 640 };

/** What the admin is told after an action (a status region). */
const told = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text });
// An action's answer shows before the page has read the list again: the rows are polled after one.
/** A row of the list, by its heading (the reply's title, the topic's name). */
const row = (page: Page, name: string) => page.getByRole("article", { name, exact: true });
const unique = () => crypto.randomUUID().slice(0, 8);

/** The rows' headings, in the list's order. */
const rowNames = (page: Page) =>
  page
    .getByRole("list")
    .getByRole("article")
    .getByRole("heading", { level: 3 })
    .evaluateAll((headings) => headings.map((heading) => heading.textContent ?? ""));

async function expectOnScreen(controls: Locator[], width: number) {
  for (const control of controls) {
    const box = await control.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= width, String(control)).toBe(true);
    expect(box && box.height >= 24, String(control)).toBe(true);
  }
}

test("at 1280 px the admin adds a saved reply (refused past 1,000 characters, keeping the text), edits it, moves it up with the keyboard and removes it", async ({
  browser,
  baseURL,
}) => {
  const admin = await signedInAsSupport(browser, baseURL ?? "", DESKTOP);
  const p = admin.page;
  try {
    await p.goto(PATHS.adminReplies);
    await waitForHydration(p);
    await expect(p.getByRole("heading", { level: 1, name: ADMIN_TITLES.replies })).toBeVisible();
    // Reached from the other admin pages' nav, as they are from here.
    await expect(
      p.getByRole("navigation", { name: ADMIN_TEXTS.navLabel }).getByRole("link", { name: ADMIN_TITLES.topics }),
    ).toBeVisible();
    expect(await seriousViolations(p)).toEqual([]);
    const before = await rowNames(p);

    const title = `Grounding ${unique()}`;
    const add = p.getByRole("region", { name: SAVED_REPLY_PAGE_TEXTS.addHeading });
    const tooLong = `${"Breathe in slowly. ".repeat(60)}`.slice(0, MAX_SAVED_REPLY + 1);
    await add.getByRole("textbox", { name: SAVED_REPLY_TEXTS.titleLabel }).fill(title);
    await add.getByRole("textbox", { name: SAVED_REPLY_TEXTS.textLabel }).fill(tooLong);
    await add.getByRole("button", { name: SAVED_REPLY_TEXTS.add }).click();
    const text = add.getByRole("textbox", { name: SAVED_REPLY_TEXTS.textLabel });
    await expect(text).toHaveAccessibleDescription(new RegExp(SAVED_REPLY_TEXTS.textTooLong));
    await expect(text).toBeFocused();
    await expect(text).toHaveValue(tooLong);
    await expect(add.getByRole("textbox", { name: SAVED_REPLY_TEXTS.titleLabel })).toHaveValue(title);
    expect(await rowNames(p)).toEqual(before);
    expect(await seriousViolations(p)).toEqual([]);

    const words = "Let's try something together: breathe in for four, hold for four, out for four.";
    await text.fill(words);
    // A new reply is English unless the admin chooses another of the site's languages.
    const language = add.getByRole("combobox", { name: SAVED_REPLY_TEXTS.languageLabel });
    await expect(language).toHaveValue("en");
    await expect(language).toHaveAccessibleDescription(SAVED_REPLY_PAGE_TEXTS.languageHint);
    await add.getByRole("button", { name: SAVED_REPLY_TEXTS.add }).click();
    await expect(told(p, SAVED_REPLY_PAGE_TEXTS.added(title))).toBeVisible();
    await expect(text).toHaveValue("");
    const added = row(p, title);
    await expect(added).toContainText(words);
    await expect(added).toContainText(
      `${SAVED_REPLY_PAGE_TEXTS.position(before.length + 1, before.length + 1)} · ${savedReplyLanguageName("en")}`,
    );
    await expect.poll(() => rowNames(p)).toEqual([...before, title]);

    // Edit: the disclosure opens the reply's own form.
    await added.getByText(SAVED_REPLY_PAGE_TEXTS.edit).click();
    const edited = `${words} You're doing well.`;
    await added.getByRole("textbox", { name: SAVED_REPLY_TEXTS.textLabel }).fill(edited);
    await added
      .getByRole("combobox", { name: SAVED_REPLY_TEXTS.languageLabel })
      .selectOption({ label: savedReplyLanguageName("es") });
    await added.getByRole("button", { name: `${SAVED_REPLY_TEXTS.save} “${title}”` }).click();
    await expect(told(p, SAVED_REPLY_PAGE_TEXTS.saved(title))).toBeVisible();
    await expect(row(p, title)).toContainText(`· ${savedReplyLanguageName("es")}`);
    await expect(row(p, title).getByRole("paragraph").filter({ hasText: "You're doing well." })).toHaveText(edited);

    // Move up twice from the keyboard: focus stays on the button, so Enter moves it again.
    const moveUp = row(p, title).getByRole("button", { name: `${SAVED_REPLY_TEXTS.moveUp} “${title}”` });
    await moveUp.focus();
    await p.keyboard.press("Enter");
    await expect(told(p, SAVED_REPLY_PAGE_TEXTS.moved(title, before.length, before.length + 1))).toBeVisible();
    await expect(moveUp).toBeFocused();
    // The answer shows while the page still reads the list again; until then a second press is
    // ignored (never sent twice), so the keyboard waits for the button to be live again.
    await expect(moveUp).not.toHaveAttribute("aria-disabled", "true");
    await p.keyboard.press("Enter");
    await expect(told(p, SAVED_REPLY_PAGE_TEXTS.moved(title, before.length - 1, before.length + 1))).toBeVisible();
    await expect.poll(() => rowNames(p)).toEqual([...before.slice(0, -2), title, ...before.slice(-2)]);
    await p.reload();
    expect(await rowNames(p)).toEqual([...before.slice(0, -2), title, ...before.slice(-2)]);

    await row(p, title)
      .getByRole("button", { name: `${SAVED_REPLY_TEXTS.remove} “${title}”` })
      .click();
    await expect(told(p, SAVED_REPLY_PAGE_TEXTS.removed(title))).toBeVisible();
    await expect(p.locator(":focus")).toContainText(SAVED_REPLY_PAGE_TEXTS.removed(title));
    await expect.poll(() => rowNames(p)).toEqual(before);
    await expectNoSideScroll(p);
  } finally {
    await admin.context.close();
  }
});

test("at 320 px the admin keeps the wrap-up topics: a duplicate is refused beside the field, a long one fits, renamed, moved and removed", async ({
  browser,
  baseURL,
}) => {
  const admin = await signedInAsSupport(browser, baseURL ?? "", NARROW);
  const p = admin.page;
  try {
    await p.goto(PATHS.adminTopics);
    await waitForHydration(p);
    await expect(p.getByRole("heading", { level: 1, name: ADMIN_TITLES.topics })).toBeVisible();
    const before = await rowNames(p);
    expect(before).toContain("Anxiety");
    expect(await seriousViolations(p)).toEqual([]);

    const add = p.getByRole("region", { name: WRAP_UP_TOPIC_TEXTS.addHeading });
    const field = add.getByRole("textbox", { name: WRAP_UP_TOPIC_TEXTS.nameLabel });
    await field.fill("anxiety");
    await add.getByRole("button", { name: WRAP_UP_TOPIC_TEXTS.add }).click();
    await expect(field).toHaveAccessibleDescription(WRAP_UP_TOPIC_TEXTS.duplicate("anxiety"));
    await expect(p.getByRole("alert").filter({ hasText: WRAP_UP_TOPIC_TEXTS.duplicate("anxiety") })).toBeVisible();
    await expect(field).toHaveValue("anxiety");
    await expect(field).toBeFocused();
    expect(await rowNames(p)).toEqual(before);

    // A long word where a phone has no room for it.
    const name = `Workplace${unique()}BurnoutAndExhaustionWithoutEnd`;
    await field.fill(name);
    await field.press("Enter");
    await expect(told(p, WRAP_UP_TOPIC_TEXTS.added(name))).toBeVisible();
    await expect(field).toHaveValue("");
    const topic = row(p, name);
    await expect(topic).toContainText(WRAP_UP_TOPIC_TEXTS.position(before.length + 1, before.length + 1));
    await expectNoSideScroll(p);
    await expectOnScreen(
      [
        topic.getByRole("heading", { name }),
        topic.getByRole("textbox", { name: WRAP_UP_TOPIC_TEXTS.renameLabel(name) }),
        topic.getByRole("button", { name: `${WRAP_UP_TOPIC_TEXTS.save} “${name}”` }),
        topic.getByRole("button", { name: `${WRAP_UP_TOPIC_TEXTS.moveUp} “${name}”` }),
        topic.getByRole("button", { name: `${WRAP_UP_TOPIC_TEXTS.remove} “${name}”` }),
        add.getByRole("button", { name: WRAP_UP_TOPIC_TEXTS.add }),
      ],
      NARROW.width,
    );
    expect(await seriousViolations(p)).toEqual([]);

    const renamed = `${name}Renamed`;
    await topic.getByRole("textbox", { name: WRAP_UP_TOPIC_TEXTS.renameLabel(name) }).fill(renamed);
    await topic.getByRole("button", { name: `${WRAP_UP_TOPIC_TEXTS.save} “${name}”` }).click();
    await expect(told(p, WRAP_UP_TOPIC_TEXTS.renamed(name, renamed))).toBeVisible();
    await row(p, renamed)
      .getByRole("button", { name: `${WRAP_UP_TOPIC_TEXTS.moveUp} “${renamed}”` })
      .click();
    await expect(told(p, WRAP_UP_TOPIC_TEXTS.moved(renamed, before.length, before.length + 1))).toBeVisible();
    await expect.poll(() => rowNames(p)).toEqual([...before.slice(0, -1), renamed, ...before.slice(-1)]);
    await expectNoSideScroll(p);

    await row(p, renamed)
      .getByRole("button", { name: `${WRAP_UP_TOPIC_TEXTS.remove} “${renamed}”` })
      .click();
    await expect(told(p, WRAP_UP_TOPIC_TEXTS.removed(renamed))).toBeVisible();
    await expect.poll(() => rowNames(p)).toEqual(before);
  } finally {
    await admin.context.close();
  }
});

test("without scripts, a refused reply keeps what was typed beside each problem, then it is added and removed with the page's forms; others get a 403", async ({
  page,
  browser,
  baseURL,
}) => {
  // Someone who is not the admin, reading either page.
  await newAccount(page, baseURL ?? "");
  for (const path of [PATHS.adminReplies, PATHS.adminTopics]) {
    expect((await page.goto(path))?.status(), path).toBe(403);
    await expect(page.getByText(ADMIN_TEXTS.forbidden)).toBeVisible();
  }

  const p = await pageWithoutScripts(browser, baseURL, { viewport: { width: 375, height: 740 } });
  try {
    const signIn = await p.request.post("/api/auth/sign-in/email", {
      data: SEEDED_SUPPORT,
      headers: { Origin: baseURL ?? "" },
    });
    expect(signIn.status()).toBe(200);
    await p.goto(PATHS.adminReplies);
    const add = p.getByRole("region", { name: SAVED_REPLY_PAGE_TEXTS.addHeading });
    const words = "I hear how heavy this is.\nWould you tell me more?";
    await add.getByRole("textbox", { name: SAVED_REPLY_TEXTS.textLabel }).fill(words);
    await add.getByRole("button", { name: SAVED_REPLY_TEXTS.add }).click();
    const title = add.getByRole("textbox", { name: SAVED_REPLY_TEXTS.titleLabel });
    await expect(title).toHaveAccessibleDescription(SAVED_REPLY_TEXTS.emptyTitle);
    await expect(add.getByRole("textbox", { name: SAVED_REPLY_TEXTS.textLabel })).toHaveValue(words);

    const name = `Heavy ${unique()}`;
    await title.fill(name);
    await add.getByRole("button", { name: SAVED_REPLY_TEXTS.add }).click();
    await expect(told(p, SAVED_REPLY_PAGE_TEXTS.added(name))).toBeVisible();
    await expect(row(p, name)).toContainText("Would you tell me more?");
    await row(p, name)
      .getByRole("button", { name: `${SAVED_REPLY_TEXTS.remove} “${name}”` })
      .click();
    await expect(told(p, SAVED_REPLY_PAGE_TEXTS.removed(name))).toBeVisible();
    await expect(row(p, name)).toHaveCount(0);
  } finally {
    await p.context().close();
  }
});
