import { m } from "../../app/paraglide/messages";
import { COMPOSER_FIELDS, SEND_INTENT } from "../../app/shared/conversation-page";
import { withCrisisLine } from "../../app/shared/crisis-help";
import { DESK_PAGE_TEXTS, DESK_TEXTS } from "../../app/shared/desk";
import { DESK_FIGURES_TEXTS, SAVED_REPLY_TEXTS, savedReplyLanguageName } from "../../app/shared/desk-operations";
import { languageNameIn } from "../../app/shared/languages";
import { LISTENER_TEXTS } from "../../app/shared/listeners";
import { chatWith, deskConversationPath, PATHS } from "../../app/shared/routes";
import { crisisHelpFor } from "../../worker/crisis-help/country-help";
import { seriousViolations } from "./support/axe";
import { composer } from "./support/chat-page";
import { deskList, emptyTheQueue, leaveTheDesk, markAvailable, newListener, openDesk } from "./support/desk";
import { expectNoSideScroll } from "./support/layout";
import { queryLocalD1, sqlText } from "./support/local-d1";
import { borrowContext } from "./support/shared-context";
import {
  expect,
  newAccount,
  pageWithoutScripts,
  randomClientAddress,
  SEEDED_SUPPORT,
  signedInAsSupport,
  test,
  waitForHydration,
} from "./support/test";

/**
 * Listeners matched by language, as the people involved see it: the admin sets a listener's
 * languages with the page's form; a visitor whose browser reads Spanish, given to a listener who
 * speaks only English, is told so in Spanish; the listener sees the conversation's language; the
 * figures count it. The desk is one for the whole server: this runs with the desk's other tests,
 * one after another, from an empty queue, and leaves every listener Away.
 */
test.describe.configure({ mode: "serial", timeout: 180_000 });

const SUPPORT_ID = "kindred-support";
const SMALL_PHONE = { width: 320, height: 568 };
const DESKTOP = { width: 1280, height: 800 };
const es = { locale: "es" as const };
/** What a Spanish visitor reads when nobody taking conversations speaks Spanish. */
const NO_SPANISH_SPEAKER = m.desk_lang_no_speaker(
  { language: languageNameIn("es", "es"), fallback: languageNameIn("en", "es") },
  es,
);

/** A seeded saved reply's text, as stored. */
async function savedReplyText(title: string): Promise<string> {
  const [row] = await queryLocalD1<{ text: string }>(`SELECT text FROM saved_replies WHERE title = ${sqlText(title)}`);
  if (!row) throw new Error(`no saved reply "${title}"`);
  return row.text;
}

test("a Spanish visitor given to a listener who speaks only English is told so in Spanish, the desk shows the language, and the admin sets who speaks it", async ({
  browser,
  baseURL: base,
}) => {
  const baseURL = base ?? "";
  const admin = await signedInAsSupport(browser, baseURL, SMALL_PHONE);
  await emptyTheQueue(admin.page, baseURL);
  const english = await newListener(browser, baseURL, admin.page, DESKTOP);
  const bilingual = await newListener(browser, baseURL, admin.page, SMALL_PHONE);
  const visitorContext = await borrowContext(
    browser,
    { baseURL, locale: "es-MX", viewport: SMALL_PHONE },
    randomClientAddress(),
  );
  const visitor = await visitorContext.newPage();
  try {
    // The admin, on a 320 px phone: every listener answers in English until told otherwise.
    const p = admin.page;
    await p.goto(PATHS.adminListeners);
    await waitForHydration(p);
    const row = p.getByRole("article", { name: bilingual.user.username });
    const languages = row.getByRole("group", {
      name: `${LISTENER_TEXTS.languagesLegend} (${bilingual.user.username})`,
    });
    const save = row.getByRole("button", { name: `${LISTENER_TEXTS.saveLanguages} for ${bilingual.user.username}` });
    await expect(languages.getByRole("checkbox", { name: "English" })).toBeChecked();
    await expect(languages.getByRole("checkbox", { name: "Español" })).not.toBeChecked();
    await expect(languages).toHaveAccessibleDescription(LISTENER_TEXTS.languagesHint);
    // None at all is refused beside the form, with what was ticked kept.
    await languages.getByRole("checkbox", { name: "English" }).uncheck();
    await save.click();
    await expect(row.getByRole("alert")).toHaveText(LISTENER_TEXTS.noLanguage);
    await expect(languages.getByRole("checkbox", { name: "English" })).not.toBeChecked();
    await expect(languages.getByRole("checkbox", { name: "English" })).toBeFocused();
    await languages.getByRole("checkbox", { name: "English" }).check();
    await languages.getByRole("checkbox", { name: "Español" }).check();
    await save.click();
    await expect(
      p.getByRole("status").filter({ hasText: LISTENER_TEXTS.languagesSaved(bilingual.user.username, ["en", "es"]) }),
    ).toBeVisible();
    await expect(languages.getByRole("checkbox", { name: "Español" })).toBeChecked();
    await expectNoSideScroll(p);
    expect(await seriousViolations(p)).toEqual([]);

    // Only the English listener is Available. The visitor writes with the page's form, from a
    // browser that reads Spanish: the conversation is theirs, and the visitor is told nobody there
    // speaks Spanish, in Spanish.
    await markAvailable(english.page);
    const { user } = await newAccount(visitor, baseURL);
    const sent = await visitor.request.post(chatWith(SUPPORT_ID), {
      form: {
        [COMPOSER_FIELDS.intent]: SEND_INTENT,
        [COMPOSER_FIELDS.clientId]: `temp-${crypto.randomUUID()}`,
        [COMPOSER_FIELDS.text]: "Hola, ¿hay alguien ahí?",
      },
      headers: { Origin: baseURL, "Accept-Language": "es-MX,es;q=0.9" },
      maxRedirects: 0,
    });
    expect(sent.status()).toBe(303);
    await visitor.goto(chatWith(SUPPORT_ID));
    const line = visitor.getByRole("status").filter({ hasText: NO_SPANISH_SPEAKER });
    await expect(line).toContainText(m.desk_coming_soon({}, es));
    await waitForHydration(visitor);
    await expect(line).toBeVisible();
    await expectNoSideScroll(visitor);

    // The listener sees the conversation's language beside its country, in the desk's words.
    await openDesk(english.page);
    const mine = deskList(english.page, DESK_TEXTS.mine).getByRole("listitem").filter({ hasText: user.username });
    await expect(mine.getByText("Spanish", { exact: true })).toBeVisible();
    await mine.getByRole("link", { name: user.username }).click();
    await expect(english.page).toHaveURL(deskConversationPath(user.id));
    await expect(english.page.getByText(DESK_PAGE_TEXTS.visitorLanguage("Spanish"))).toBeVisible();
    // Its saved replies: the seeded Spanish ones first and unmarked, the English ones after, each
    // named as English; the crisis line goes in in Spanish, Mexico's (the table has its emergency number).
    await waitForHydration(english.page);
    await english.page.getByRole("button", { name: SAVED_REPLY_TEXTS.open, exact: true }).click();
    const choices = english.page.getByRole("button", { name: /^Insert “/ });
    await expect(choices.first()).toHaveAccessibleName(SAVED_REPLY_TEXTS.insert("Bienvenida"));
    const englishName = savedReplyLanguageName("en");
    await expect(choices.last()).toHaveAccessibleName(new RegExp(`\\(${englishName}\\)$`));
    await expect(
      english.page.getByRole("button", { name: SAVED_REPLY_TEXTS.insert("Welcome", englishName), exact: true }),
    ).toBeVisible();
    await english.page
      .getByRole("button", { name: SAVED_REPLY_TEXTS.insert("Su línea de crisis"), exact: true })
      .click();
    const spanishLine = withCrisisLine(await savedReplyText("Su línea de crisis"), crisisHelpFor("MX"), "es");
    expect(spanishLine).toContain("el número de emergencias de México (911)");
    await expect(composer(english.page)).toHaveValue(spanishLine);
    await composer(english.page).fill("");
    // Opened: a listener is with the visitor, and the line (with what it said of languages) goes.
    await expect(line).toHaveCount(0);

    // Offered for a transfer once there: the bilingual listener, with the languages they answer in.
    await markAvailable(bilingual.page);
    const transferTo = english.page.getByRole("combobox", { name: DESK_PAGE_TEXTS.transferTo });
    await expect(transferTo.getByRole("option").nth(1)).toHaveText(
      DESK_PAGE_TEXTS.listenerOption(bilingual.user.username, 0, ["English", "Spanish"]),
    );

    // The figures count it under its language.
    await p.goto(PATHS.adminDesk);
    const byLanguage = p.getByRole("region", { name: DESK_FIGURES_TEXTS.byLanguage });
    await expect(byLanguage.getByRole("rowheader", { name: "Spanish" })).toBeVisible();
    await expect(byLanguage.getByRole("row", { name: /^Spanish / })).toContainText(/^Spanish\s*[1-9]/);
    await expectNoSideScroll(p);
  } finally {
    await leaveTheDesk(english.page, baseURL);
    await leaveTheDesk(bilingual.page, baseURL);
    for (const context of [english.context, bilingual.context, admin.context, visitorContext]) await context.close();
  }
});

test("without scripts the admin sets a listener's languages with the form, and none at all is refused with words", async ({
  browser,
  baseURL: base,
}) => {
  const baseURL = base ?? "";
  const admin = await signedInAsSupport(browser, baseURL);
  const listener = await newListener(browser, baseURL, admin.page);
  const p = await pageWithoutScripts(browser, baseURL);
  try {
    const signIn = await p.request.post("/api/auth/sign-in/email", {
      data: SEEDED_SUPPORT,
      headers: { Origin: baseURL },
    });
    expect(signIn.status()).toBe(200);
    const { username } = listener.user;
    await p.goto(PATHS.adminListeners);
    const languages = () =>
      p
        .getByRole("article", { name: username })
        .getByRole("group", { name: `${LISTENER_TEXTS.languagesLegend} (${username})` });
    const save = () =>
      p
        .getByRole("article", { name: username })
        .getByRole("button", { name: `${LISTENER_TEXTS.saveLanguages} for ${username}` });
    await languages().getByRole("checkbox", { name: "English" }).uncheck();
    await save().click();
    await expect(languages()).toHaveAccessibleDescription(LISTENER_TEXTS.noLanguage);
    await expect(languages().getByRole("checkbox", { name: "English" })).not.toBeChecked();

    await languages().getByRole("checkbox", { name: "Español" }).check();
    await save().click();
    await expect(
      p.getByRole("status").filter({ hasText: LISTENER_TEXTS.languagesSaved(username, ["es"]) }),
    ).toBeVisible();
    await expect(languages().getByRole("checkbox", { name: "Español" })).toBeChecked();
    await expect(languages().getByRole("checkbox", { name: "English" })).not.toBeChecked();
  } finally {
    for (const context of [admin.context, listener.context, p.context()]) await context.close();
  }
});
