import type { Browser, Locator, Page } from "@playwright/test";
import { formatHour, formatHourSpan } from "../../app/lib/figure-format";
import { ADMIN_TEXTS, ADMIN_TITLES } from "../../app/shared/admin";
import { DESK_TEXTS } from "../../app/shared/desk";
import {
  DESK_FIGURES_PAGE_TEXTS,
  DESK_FIGURES_TEXTS,
  FIGURE_PERIOD_LABELS,
  OPENING_STATE_TEXTS,
  OPENING_STATES,
  SURVEY_TEXTS,
} from "../../app/shared/desk-operations";
import { LISTENER_INTENTS } from "../../app/shared/listeners";
import { deskConversationPath, PATHS } from "../../app/shared/routes";
import { seriousViolations } from "./support/axe";
import { composer, expectStored, log, openConversation } from "./support/chat-page";
import { SUPPORT_USER_ID } from "./support/config";
import { deskList, emptyTheQueue, endSupportConversation, leaveTheDesk, markAvailable } from "./support/desk";
import { expectNoSideScroll } from "./support/layout";
import { sqlText, writeLocalD1 } from "./support/local-d1";
import {
  anotherPerson,
  expect,
  newAccount,
  pageWithoutScripts,
  SEEDED_SUPPORT,
  signedInAsSupport,
  test,
} from "./support/test";

/**
 * The admin's desk figures (/admin/desk). The desk is one for the whole server and other desk tests
 * leave their own openings in today's figures, so these tests read the figures before and after a
 * scenario of their own and check the difference, or figures only their scenario can make (a
 * listener of their own). They run in the 'desk' project, one after another with the desk's other
 * tests (playwright.config.ts).
 */
test.describe.configure({ mode: "serial", timeout: 180_000 });

const PATH = PATHS.adminDesk;
const PHONE = { width: 375, height: 740 };
const DESKTOP = { width: 1280, height: 800 };
const TEXTS = DESK_FIGURES_TEXTS;

/** A figure's shown values (its name is a term, its values the definitions after it). */
const figure = (page: Page, term: string) =>
  page
    .locator("dl > div")
    .filter({ has: page.locator("dt").getByText(term, { exact: true }) })
    .locator("dd");

/** A count as shown ('1,234'), as a number. */
async function countOf(page: Page, term: string): Promise<number> {
  const text = (await figure(page, term).first().textContent()) ?? "";
  const count = Number(text.replaceAll(",", ""));
  expect(Number.isInteger(count), `${term} shows a count, not ${text}`).toBe(true);
  return count;
}

/** The hour-by-hour table's row for an hour (UTC): its cells, openings and median time to answer. */
const hourRow = (page: Page, hour: number) =>
  page
    .getByRole("region", { name: DESK_FIGURES_PAGE_TEXTS.byHourTable("UTC") })
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader", { name: formatHourSpan(hour), exact: true }) });

async function openingsAt(page: Page, hour: number): Promise<number> {
  return Number(((await hourRow(page, hour).getByRole("cell").first().textContent()) ?? "").replaceAll(",", ""));
}

/** What the page's figures are now, as the admin reads them. */
async function readFigures(page: Page) {
  await page.goto(PATH);
  await expect(page.getByRole("heading", { level: 1, name: ADMIN_TITLES.desk })).toBeVisible();
  const hour = new Date().getUTCHours();
  const surveyAnswers = (await page.getByText(/^\d[\d,]* answers?$/).textContent()) ?? "";
  return {
    conversations: await countOf(page, TEXTS.conversations),
    answered: await countOf(page, TEXTS.answered),
    abandoned: await countOf(page, TEXTS.abandoned),
    stillWaiting: await countOf(page, TEXTS.stillWaiting),
    closedWithoutReply: await countOf(page, TEXTS.closedWithoutReply),
    surveyAnswers: Number.parseInt(surveyAnswers.replaceAll(",", ""), 10),
    hour,
    openingsThisHour: await openingsAt(page, hour),
  };
}

async function expectWithin(element: Locator, width: number) {
  const box = await element.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= width, "inside the screen's width").toBe(true);
}

/** The period's conversations as the page writes them: the sum of their states, each counted. */
function sumOf(figures: Awaited<ReturnType<typeof readFigures>>): string {
  return DESK_FIGURES_PAGE_TEXTS.sum(
    String(figures.conversations),
    OPENING_STATES.map((state) => OPENING_STATE_TEXTS[state].counted(String(figures[state]))),
  );
}

/** The comments' list, newest first: in the section under its heading. */
const comments = (page: Page) =>
  page.getByRole("heading", { level: 2, name: TEXTS.comments, exact: true }).locator("xpath=..").getByRole("listitem");

/** A survey comment in a right-to-left script, with a word longer than a phone is wide. */
const RTL_COMMENT = `شكرا لكم على الاستماع ${"ممتن".repeat(25)}`;

async function send(page: Page, text: string) {
  await composer(page).fill(text);
  await composer(page).press("Enter");
  await expectStored(page, text);
}

/**
 * A listener of this test's own with a long unbroken username (sign-up makes 10-character ones; an
 * older or imported account may have a far longer one), Available with their desk page open.
 */
async function longNamedListener(browser: Browser, baseURL: string, admin: Page) {
  const person = await anotherPerson(browser, baseURL, { viewport: DESKTOP });
  const name = `Listener${crypto.randomUUID().replaceAll("-", "")}${"W".repeat(30)}`;
  await writeLocalD1(`UPDATE users SET username = ${sqlText(name)} WHERE id = ${sqlText(person.user.id)}`);
  // Signed in again, so that their session (which the desk learns their name from) holds the new name.
  const signIn = await person.page.request.post("/api/auth/sign-in/email", {
    data: { email: person.email, password: person.password },
    headers: { Origin: baseURL },
  });
  expect(signIn.status()).toBe(200);
  const added = await admin.request.post(PATHS.adminListeners, {
    form: { intent: LISTENER_INTENTS.add, username: name },
    headers: { Origin: baseURL },
  });
  expect(added.status()).toBe(200);
  await markAvailable(person.page);
  return { ...person, name };
}

test("the admin reads today's figures of a conversation answered and one still waiting, then of the survey answer and the abandoned one, on a desktop and on a phone", async ({
  browser,
  baseURL: base,
}) => {
  const baseURL = base ?? "";
  const admin = await signedInAsSupport(browser, baseURL, DESKTOP);
  const a = admin.page;
  await emptyTheQueue(a, baseURL);
  const before = await readFigures(a);
  const listener = await longNamedListener(browser, baseURL, a);
  const answeredVisitor = await anotherPerson(browser, baseURL, { viewport: PHONE });
  const waitingVisitor = await anotherPerson(browser, baseURL, { viewport: PHONE });
  const phoneAdmin = await signedInAsSupport(browser, baseURL, PHONE);
  try {
    // One visitor writes, and the listener the desk gives it to replies.
    await openConversation(answeredVisitor.page, SUPPORT_USER_ID);
    await send(answeredVisitor.page, "Hello, could someone talk with me?");
    await deskList(listener.page, DESK_TEXTS.mine).getByRole("link", { name: answeredVisitor.user.username }).click();
    await expect(listener.page).toHaveURL(deskConversationPath(answeredVisitor.user.id));
    await expect(composer(listener.page)).toBeEditable();
    await send(listener.page, "I'm here. What's on your mind?");
    await expect(log(answeredVisitor.page).getByText("I'm here. What's on your mind?")).toBeVisible();
    // Another writes, and nobody replies.
    await openConversation(waitingVisitor.page, SUPPORT_USER_ID);
    await send(waitingVisitor.page, "Is anyone there tonight?");

    // The figures are read when the page is: a reload shows the two openings.
    await expect
      .poll(async () => (await readFigures(a)).conversations, { timeout: 15_000 })
      .toBe(before.conversations + 2);
    await expect.poll(async () => (await readFigures(a)).answered).toBe(before.answered + 1);
    expect(await countOf(a, TEXTS.waitingNow)).toBeGreaterThanOrEqual(1);
    for (const term of [TEXTS.longestWaitNow, TEXTS.answerRate, TEXTS.withinTarget]) {
      await expect(figure(a, term)).not.toHaveText(TEXTS.none);
    }
    await expect(figure(a, TEXTS.timeToAnswer).first()).toContainText(TEXTS.median);
    await expect(figure(a, TEXTS.timeToAnswer).first()).not.toContainText(TEXTS.none);
    await expect(figure(a, TEXTS.timeToAnswer).last()).toContainText(TEXTS.p90);

    // The answered visitor ends it and says it helped somewhat, in their own script; the waiting one
    // gives up before anyone replied: abandoned.
    await endSupportConversation(answeredVisitor.page, { withListener: true });
    const survey = answeredVisitor.page.getByRole("group", { name: SURVEY_TEXTS.question });
    await survey.getByText(SURVEY_TEXTS.answers.somewhat).click();
    await answeredVisitor.page.getByLabel(SURVEY_TEXTS.comment).fill(RTL_COMMENT);
    await answeredVisitor.page.getByRole("button", { name: SURVEY_TEXTS.send }).click();
    await expect(answeredVisitor.page.getByText(SURVEY_TEXTS.thanks)).toBeVisible();
    // The desk gave it to the listener (who has room) though they have not replied: they are let go.
    await endSupportConversation(waitingVisitor.page, { withListener: true });
    await expect.poll(async () => (await readFigures(a)).abandoned).toBe(before.abandoned + 1);
    const after = await readFigures(a);
    expect(after.surveyAnswers).toBe(before.surveyAnswers + 1);
    // Every conversation is in one state, and the page shows the states adding up.
    expect(after.answered + after.abandoned + after.stillWaiting + after.closedWithoutReply).toBe(after.conversations);
    await expect(a.getByText(sumOf(after), { exact: true })).toBeVisible();
    // The newest comment first, with its answer and without a name.
    await expect(comments(a).first()).toContainText(RTL_COMMENT);
    await expect(comments(a).first()).toContainText(`${SURVEY_TEXTS.question} ${SURVEY_TEXTS.answers.somewhat}`);
    await expect(comments(a).first()).not.toContainText(answeredVisitor.user.username);

    // The listener's own row: one conversation, answered first by them, none closed without a reply,
    // none resolved (the visitor ended it).
    const listeners = a.getByRole("region", { name: TEXTS.listeners });
    const row = listeners.getByRole("row").filter({ has: a.getByRole("rowheader", { name: listener.name }) });
    await expect(row.getByRole("cell")).toHaveText(["1", "1", "0", "0", /\d/]);
    await expect(row.getByRole("cell").nth(4)).not.toHaveText(TEXTS.none);

    // The hour the two began, in the table beside the chart and in the chart's words.
    const hour = new Date().getUTCHours();
    if (hour === before.hour) expect(await openingsAt(a, hour)).toBe(before.openingsThisHour + 2);
    const openings = await openingsAt(a, hour);
    await expect(a.getByRole("img", { name: new RegExp(`^${TEXTS.openings}: `) })).toHaveAttribute(
      "aria-label",
      new RegExp(`${openings} at ${formatHour(hour)}`),
    );
    await expect(a.getByRole("figure").getByText(TEXTS.byHour("UTC"), { exact: true })).toBeVisible();
    expect(await seriousViolations(a)).toEqual([]);
    await expectNoSideScroll(a);

    // On a phone: the same figures; nothing wider than the screen but the tables, inside their own
    // named regions; the long name wraps within its column.
    const p = phoneAdmin.page;
    await p.goto(PATH);
    expect(await countOf(p, TEXTS.conversations)).toBe(before.conversations + 2);
    await expectNoSideScroll(p);
    const phoneListeners = p.getByRole("region", { name: TEXTS.listeners });
    await expectWithin(phoneListeners, PHONE.width);
    const nameCell = phoneListeners.getByRole("rowheader", { name: listener.name });
    expect((await nameCell.boundingBox())?.width ?? Number.POSITIVE_INFINITY).toBeLessThan(PHONE.width / 2);
    await expectWithin(p.getByRole("region", { name: DESK_FIGURES_PAGE_TEXTS.byHourTable("UTC") }), PHONE.width);
    await expectWithin(comments(p).first(), PHONE.width);
    for (const control of [
      p.getByRole("radio", { name: FIGURE_PERIOD_LABELS["30d"] }),
      p.getByRole("button", { name: TEXTS.show }),
    ]) {
      await expectWithin(control, PHONE.width);
    }
    expect(await seriousViolations(p)).toEqual([]);

    // With scripts, the form loads another period in place.
    await p.getByRole("radio", { name: FIGURE_PERIOD_LABELS["30d"] }).check();
    await p.getByRole("button", { name: TEXTS.show }).click();
    await expect(p).toHaveURL(`${PATH}?period=30d&tz=UTC`);
    await expect(p.getByRole("radio", { name: FIGURE_PERIOD_LABELS["30d"] })).toBeChecked();
    expect(await countOf(p, TEXTS.conversations)).toBeGreaterThanOrEqual(before.conversations + 2);
  } finally {
    await leaveTheDesk(listener.page, baseURL);
    // The visitor left waiting must not stand in line before the next desk test's people.
    await emptyTheQueue(a, baseURL);
    for (const person of [answeredVisitor, waitingVisitor, listener, phoneAdmin, admin]) await person.context.close();
  }
});

test("without scripts the admin chooses another period with the form, and a period that is not a choice shows today's, saying so", async ({
  browser,
  baseURL,
}) => {
  const p = await pageWithoutScripts(browser, baseURL, { viewport: PHONE });
  const signIn = await p.request.post("/api/auth/sign-in/email", {
    data: SEEDED_SUPPORT,
    headers: { Origin: baseURL ?? "" },
  });
  expect(signIn.status()).toBe(200);
  await p.goto(PATH);
  await expect(p.getByRole("group", { name: TEXTS.period })).toBeVisible();
  await expect(p.getByRole("radio", { name: FIGURE_PERIOD_LABELS.today })).toBeChecked();
  const today = await countOf(p, TEXTS.conversations);

  await p.getByRole("radio", { name: FIGURE_PERIOD_LABELS["7d"] }).check();
  await p.getByRole("button", { name: TEXTS.show }).click();
  await expect(p).toHaveURL(`${PATH}?period=7d&tz=UTC`);
  await expect(p.getByRole("radio", { name: FIGURE_PERIOD_LABELS["7d"] })).toBeChecked();
  // Seven days hold today.
  expect(await countOf(p, TEXTS.conversations)).toBeGreaterThanOrEqual(today);
  await expect(p.getByText(DESK_FIGURES_PAGE_TEXTS.unknownPeriod)).toHaveCount(0);

  const response = await p.goto(`${PATH}?period=forever`);
  expect(response?.status()).toBe(200);
  await expect(p.getByRole("status").filter({ hasText: DESK_FIGURES_PAGE_TEXTS.unknownPeriod })).toBeVisible();
  await expect(p.getByRole("radio", { name: FIGURE_PERIOD_LABELS.today })).toBeChecked();
  await expectNoSideScroll(p);
  await p.context().close();
});

test("without scripts the admin reads the figures in their own time zone, remembered for the next visit; a zone that is not one shows UTC, saying so", async ({
  browser,
  baseURL,
}) => {
  const SMALL_PHONE = { width: 320, height: 568 };
  const p = await pageWithoutScripts(browser, baseURL, { viewport: SMALL_PHONE });
  const signIn = await p.request.post("/api/auth/sign-in/email", {
    data: SEEDED_SUPPORT,
    headers: { Origin: baseURL ?? "" },
  });
  expect(signIn.status()).toBe(200);
  const zone = p.getByRole("combobox", { name: TEXTS.timeZone });
  const range = p.getByText(/^From .+ to .+$/);
  await p.goto(PATH);
  // UTC until chosen, and said so wherever a time or an hour is shown.
  await expect(zone).toHaveValue("UTC");
  await expect(range).toHaveText(/^From \w{3} \d{1,2}, \d{4}, 00:00 UTC to .+ UTC$/);
  await expect(p.getByRole("region", { name: DESK_FIGURES_PAGE_TEXTS.byHourTable("UTC") })).toBeVisible();

  await zone.selectOption("Asia/Tokyo");
  await p.getByRole("button", { name: TEXTS.show }).click();
  await expect(p).toHaveURL(`${PATH}?period=today&tz=Asia%2FTokyo`);
  // Today began at midnight there, and the hours are its hours.
  await expect(range).toHaveText(/^From \w{3} \d{1,2}, \d{4}, 00:00 Asia\/Tokyo to .+ Asia\/Tokyo$/);
  const tokyoHours = p.getByRole("region", { name: DESK_FIGURES_PAGE_TEXTS.byHourTable("Asia/Tokyo") });
  await expect(tokyoHours.getByRole("columnheader", { name: TEXTS.hour("Asia/Tokyo") })).toBeVisible();
  await expect(p.getByText(TEXTS.countedHow("Asia/Tokyo"))).toBeVisible();
  await expectNoSideScroll(p);

  // Remembered: the page's own address, with no choice in it, shows the same zone.
  await p.goto(PATH);
  await expect(zone).toHaveValue("Asia/Tokyo");
  await expect(tokyoHours).toBeVisible();

  // Not a zone: UTC, said so, never an error page; and the zone remembered stays.
  for (const bad of ["Mars%2FOlympus", "%2B05%3A00", "x".repeat(300)]) {
    const response = await p.goto(`${PATH}?tz=${bad}`);
    expect(response?.status()).toBe(200);
    await expect(p.getByRole("status").filter({ hasText: DESK_FIGURES_PAGE_TEXTS.unknownTimeZone })).toBeVisible();
    await expect(zone).toHaveValue("UTC");
    await expect(range).toHaveText(/UTC$/);
  }
  await p.goto(PATH);
  await expect(zone).toHaveValue("Asia/Tokyo");
  await expect(p.getByText(DESK_FIGURES_PAGE_TEXTS.unknownTimeZone)).toHaveCount(0);
  await p.context().close();
});

test("the admin reaches it from the other admin pages; everyone else is refused: signed out to sign in, a signed-in person a 403; a post is refused, the admin's too", async ({
  page,
  browser,
  baseURL,
}) => {
  await page.goto(PATH);
  await expect(page).toHaveURL(`/signup?next=${encodeURIComponent(PATH)}`);
  await newAccount(page, baseURL ?? "");
  const refused = await page.goto(PATH);
  expect(refused?.status()).toBe(403);
  await expect(page.getByText(ADMIN_TEXTS.forbidden)).toBeVisible();
  await expect(page.getByText(TEXTS.conversations, { exact: true })).toHaveCount(0);
  // The page only reads: it has no action, so a post is refused with the methods it takes, whoever
  // asks, before anything else is read; never a 5xx.
  const post = async (p: Page) => {
    const answer = await p.request.post(PATH, {
      form: { period: "7d" },
      headers: { Origin: baseURL ?? "" },
      maxRedirects: 0,
    });
    return { status: answer.status(), allow: answer.headers().allow };
  };
  expect(await post(page)).toEqual({ status: 405, allow: "GET, HEAD" });

  const admin = await signedInAsSupport(browser, baseURL ?? "", DESKTOP);
  expect(await post(admin.page)).toEqual({ status: 405, allow: "GET, HEAD" });
  await admin.page.goto(PATHS.adminListeners);
  await admin.page
    .getByRole("navigation", { name: ADMIN_TEXTS.navLabel })
    .getByRole("link", { name: ADMIN_TITLES.desk })
    .click();
  await expect(admin.page).toHaveURL(PATH);
  await expect(admin.page.getByRole("heading", { level: 1, name: ADMIN_TITLES.desk })).toBeVisible();
  await admin.context.close();
});
