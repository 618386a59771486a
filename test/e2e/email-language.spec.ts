import { readFile } from "node:fs/promises";
import type { Browser, Page } from "@playwright/test";
import { PDFDocument } from "pdf-lib";
import { m } from "../../app/paraglide/messages";
import { expectNoSideScroll } from "./support/layout";
import { latestEmailTo } from "./support/outbox";
import { pdfText } from "./support/pdf-text";
import { borrowContext } from "./support/shared-context";
import { expect, newAccount, randomClientAddress, SPANISH_BROWSER, test, waitForHydration } from "./support/test";

/**
 * An account made in a Spanish browser keeps Spanish, and what is sent to it speaks Spanish: the
 * receipt on the thank-you page, its PDF, its email, and a password reset asked for later.
 */

const es = { locale: "es" as const };
const BRAND = "Kindred";
const PHONE = { width: 375, height: 740 };

async function spanishBrowser(browser: Browser, baseURL: string): Promise<Page> {
  const context = await borrowContext(browser, { baseURL, locale: "es-MX", viewport: PHONE }, randomClientAddress());
  return context.newPage();
}

const signUpInSpanish = (page: Page, baseURL: string) => newAccount(page, baseURL, { languages: SPANISH_BROWSER });

test("a donor whose browser is set to es-MX reads the thank-you page on a phone and gets the receipt, its PDF and its email in Spanish", async ({
  browser,
  baseURL,
}) => {
  const page = await spanishBrowser(browser, baseURL ?? "");
  const { email, user } = await signUpInSpanish(page, baseURL ?? "");
  await page.goto("/thankyou");
  await expect(page).toHaveURL(/\/thankyou\?receipt=VM-\d{6}$/);
  const receiptId = new URL(page.url()).searchParams.get("receipt") ?? "";
  const receipt = page.getByRole("article");
  await expect(receipt.getByRole("term").filter({ hasText: m.email_receipt_label_id({}, es) })).toBeVisible();
  await expect(receipt).toContainText(receiptId);
  await expect(receipt).toContainText(m.email_receipt_service_name({ brand: BRAND }, es));
  await expect(receipt.getByRole("definition").last()).toHaveText(m.email_receipt_amount_shown({}, es));
  await expect(receipt).toContainText(/\d{1,2} de [a-z]+ de \d{4}/);
  await expect(receipt.getByRole("heading", { name: m.receipt_title({}, es) })).toBeVisible();

  // The page around it, end to end.
  await expect(page).toHaveTitle(`${m.receipt_page_title({}, es)} | ${BRAND}`);
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1, name: m.receipt_heading({}, es) })).toBeVisible();
  await expect(main.getByText(m.receipt_kindness({}, es))).toBeVisible();
  await expect(main.getByText(m.receipt_email_sent({}, es), { exact: true })).toBeVisible();
  await expect(main.getByRole("button", { name: m.receipt_print({}, es) })).toBeVisible();
  const newTab = m.footer_new_tab({}, es);
  await expect(main.getByRole("link", { name: `${m.receipt_social_media({}, es)}${newTab}` })).toBeVisible();
  await expect(main.getByText(/^¿Tienes preguntas sobre tu donación\?/)).toBeVisible();
  for (const name of [
    m.receipt_get_support({}, es),
    m.receipt_return_home({}, es),
    `${m.receipt_donate_again({}, es)}${newTab}`,
  ]) {
    await expect(main.getByRole("link", { name, exact: true })).toBeVisible();
  }
  await expect(main).not.toContainText(/Thank|Receipt|Email|Download|Print|Questions|Homepage|Donate|Support/);
  await expectNoSideScroll(page);

  const sent = await latestEmailTo(email);
  expect(sent.template).toBe("donation-receipt");
  expect(sent.subject).toBe(m.email_receipt_subject({ brand: BRAND, id: receiptId }, es));
  expect(sent.text).toContain(m.email_receipt_greeting({ name: user.username }, es));
  expect(sent.text).toContain(`${m.email_receipt_label_amount({}, es)}: ${m.email_receipt_amount_in_email({}, es)}`);
  expect(sent.text).toContain(m.crisis_in_text_lead({}, es));
  expect(sent.text).toContain(m.email_disclaimer({}, es));

  await waitForHydration(page);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: m.receipt_download_pdf({}, es) }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(m.email_receipt_pdf_file({ brand: "kindred", id: receiptId }, es));
  const bytes = await readFile((await download.path()) ?? "");
  const pdf = await PDFDocument.load(bytes);
  expect(pdf.getTitle()).toBe(m.email_receipt_pdf_title({ brand: BRAND, id: receiptId }, es));
  expect(pdf.getSubject()).toBe(m.email_receipt_pdf_subject({ id: receiptId }, es));
  // The PDF's text is drawn in Windows-1252, which holds every letter of Spanish.
  const text = await pdfText(bytes);
  for (const words of [
    m.email_receipt_pdf_heading({}, es),
    m.email_receipt_pdf_thanks({}, es),
    m.email_receipt_label_id({}, es),
    m.email_receipt_label_payment_method({}, es),
    m.email_receipt_amount_shown({}, es),
    m.email_receipt_pdf_private({}, es),
    m.email_disclaimer({}, es),
  ]) {
    expect(text).toContain(words);
  }
  expect(text).toMatch(/\d{1,2} de [a-z]+ de \d{4}/);
});

test("a password reset for an account made in an es-MX browser comes in Spanish", async ({ browser, baseURL }) => {
  const page = await spanishBrowser(browser, baseURL ?? "");
  const { email, user } = await signUpInSpanish(page, baseURL ?? "");
  // What the recovery page posts, here from an English browser: the email speaks the account's language.
  const asked = await page.request.post("/api/auth/request-password-reset", {
    data: { email, redirectTo: "/reset-password" },
    headers: { Origin: baseURL ?? "", "Accept-Language": "en-US" },
  });
  expect(asked.status()).toBe(200);

  const sent = await latestEmailTo(email);
  expect(sent.subject).toBe(m.email_reset_subject({ brand: BRAND }, es));
  expect(sent.text).toContain(m.email_greeting({ name: user.username }, es));
  expect(sent.text).toContain(m.email_reset_expiry({ expiry: "1 hora" }, es));
  expect(sent.text).toContain(m.email_reset_ignore({}, es));
  expect(sent.text).toMatch(/https?:\/\/\S+\/api\/auth\/reset-password\/\S+/);
});
