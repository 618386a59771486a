import { readFile } from "node:fs/promises";
import type { Browser, Page } from "@playwright/test";
import { PDFDocument } from "pdf-lib";
import { m } from "../../app/paraglide/messages";
import { latestEmailTo } from "./support/outbox";
import { pdfText } from "./support/pdf-text";
import { borrowContext } from "./support/shared-context";
import { expect, randomClientAddress, SPANISH_BROWSER, signUpThroughApi, test, waitForHydration } from "./support/test";

/**
 * An account made in a Spanish browser keeps Spanish, and what is sent to it speaks Spanish: the
 * receipt on the thank-you page, its PDF, its email, and a password reset asked for later.
 */

const es = { locale: "es" as const };
const BRAND = "Kindred";

async function spanishBrowser(browser: Browser, baseURL: string): Promise<Page> {
  const context = await borrowContext(browser, { baseURL, locale: "es-MX" }, randomClientAddress());
  return context.newPage();
}

const signUpInSpanish = (page: Page, baseURL: string) =>
  signUpThroughApi(page, baseURL, { languages: SPANISH_BROWSER });

test("a donor whose browser is set to es-MX gets the receipt, its PDF and its email in Spanish", async ({
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
    page.getByRole("button", { name: /PDF/ }).click(),
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
