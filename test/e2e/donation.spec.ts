import { readFile } from "node:fs/promises";
import { PDFDocument } from "pdf-lib";
import { PDF_TOAST_MS, RECEIPT_TEXTS } from "../../app/shared/receipts";
import { queryLocalD1, sqlText } from "./support/local-d1";
import { emailsTo } from "./support/outbox";
import { pdfText } from "./support/pdf-text";
import { expect, newAccount, pageWithoutScripts, test, waitForHydration } from "./support/test";

/**
 * What the server holds for a donor: the ids of their receipts and how many receipt emails went to
 * them. One query, because each one starts wrangler, which takes seconds on a busy machine.
 */
async function donationRecords(userId: string, email: string) {
  const [row] = await queryLocalD1<{ receipts: string | null; emails: number }>(
    `SELECT (SELECT group_concat(id) FROM receipts WHERE user_id = ${sqlText(userId)}) AS receipts,
            (SELECT count(*) FROM email_outbox WHERE "to" = ${sqlText(email)} AND template = 'donation-receipt') AS emails`,
  );
  return { receipts: row?.receipts?.split(",") ?? [], emails: row?.emails ?? 0 };
}

test.describe("the donation thank-you page", () => {
  test("sends signed-out visitors to /login", async ({ page }) => {
    await page.goto("/thankyou");
    await expect(page).toHaveURL(/\/login\?next=%2Fthankyou$/);
  });

  test("a prefetch, a speculative load or a data request of /thankyou opens no receipt and sends no email", async ({
    page,
    baseURL,
  }) => {
    const { email, user } = await newAccount(page, baseURL ?? "");
    // What a link's prefetch, the browser's speculative load and a client navigation's data request
    // send: GETs with the session cookie, on arrival and on a receipt's own address. Each one is
    // answered before we look.
    const reads = [
      page.request.get("/thankyou", { headers: { "Sec-Purpose": "prefetch" }, maxRedirects: 0 }),
      page.request.get("/thankyou", { maxRedirects: 0 }),
      page.request.get("/thankyou.data", { maxRedirects: 0 }),
      page.request.get("/thankyou.data?_routes=routes%2Fdonation%2Fthank-you", { maxRedirects: 0 }),
    ];
    const answers = await Promise.all(reads);
    expect(await donationRecords(user.id, email)).toEqual({ receipts: [], emails: 0 });
    expect(answers.map((answer) => answer.status())).toEqual([200, 200, 200, 200]);
    // What they read is the page that asks to open one, with a form that posts.
    expect(await answers[0]?.text()).toContain('method="post"');

    // Arriving for real posts, and opens exactly one receipt and sends its email once.
    await page.goto("/thankyou");
    await expect(page).toHaveURL(/\/thankyou\?receipt=VM-\d{6}$/);
    await expect(page.getByText(RECEIPT_TEXTS.emailSent)).toBeVisible();
    const receiptId = new URL(page.url()).searchParams.get("receipt") ?? "";
    // Reading the receipt's own address again (prefetch, data request) writes nothing either.
    await page.request.get(`/thankyou?receipt=${receiptId}`);
    await page.request.get(`/thankyou.data?receipt=${receiptId}`);
    expect(await donationRecords(user.id, email)).toEqual({ receipts: [receiptId], emails: 1 });
  });

  test("shows the receipt, emails it once even after a reload, and says 'Email Sent'", async ({ page, baseURL }) => {
    const { email, user } = await newAccount(page, baseURL ?? "");
    await page.goto("/thankyou");
    await expect(page).toHaveURL(/\/thankyou\?receipt=VM-\d{6}$/);
    const receiptId = new URL(page.url()).searchParams.get("receipt") ?? "";
    const receipt = page.getByRole("article", { name: "Donation Receipt" });
    await expect(receipt).toContainText(receiptId);
    await expect(receipt).toContainText(user.username);
    await expect(receipt).toContainText(email);
    await expect(receipt).toContainText("PayPal");
    await expect(receipt).toContainText("Private");
    await expect(receipt.getByRole("definition").last()).toHaveText("Private");
    await expect(receipt).not.toContainText("$75");
    await expect(page.getByText(RECEIPT_TEXTS.emailSent)).toHaveCount(1);

    await page.reload();
    await expect(page.getByText(RECEIPT_TEXTS.emailSent)).toHaveCount(1);
    // A second tab on the same receipt, too.
    const second = await page.context().newPage();
    await second.goto(page.url());
    await expect(second.getByText(RECEIPT_TEXTS.emailSent)).toBeVisible();
    const sent = (await emailsTo(email)).filter((e) => e.template === "donation-receipt");
    expect(sent).toHaveLength(1);
    expect(sent[0]?.subject).toContain(receiptId);
    expect(sent[0]?.text).toContain("Donation Amount (Private)");

    await expect(page.getByRole("link", { name: "Get Emotional Support" })).toHaveAttribute(
      "href",
      "/chat/kindred-support",
    );
    await expect(page.getByRole("link", { name: "Return to Homepage" })).toHaveAttribute("href", "/");
    const donate = page.getByRole("link", { name: /Donate again/ });
    await expect(donate).toHaveAttribute("target", "_blank");
    await expect(donate).toHaveAttribute("rel", "noopener noreferrer");
  });

  test("works without scripts: one button opens the receipt, another emails it", async ({ browser, baseURL }) => {
    const page = await pageWithoutScripts(browser, baseURL);
    const { email, user } = await newAccount(page, baseURL ?? "");
    await page.goto("/thankyou");
    await expect(page.getByRole("heading", { name: "Thank You!" })).toBeVisible();
    await page.getByRole("button", { name: RECEIPT_TEXTS.openReceipt }).click();
    await expect(page).toHaveURL(/\/thankyou\?receipt=VM-\d{6}$/);
    const receiptId = new URL(page.url()).searchParams.get("receipt") ?? "";
    const receipt = page.getByRole("article", { name: "Donation Receipt" });
    await expect(receipt).toContainText(receiptId);
    await expect(receipt).toContainText(user.username);
    await expect(page.getByText(RECEIPT_TEXTS.emailSent)).toHaveCount(0);

    await page.getByRole("button", { name: RECEIPT_TEXTS.sendEmail }).click();
    await expect(page.getByText(RECEIPT_TEXTS.emailSent)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/thankyou\\?receipt=${receiptId}$`));
    expect(await donationRecords(user.id, email)).toEqual({ receipts: [receiptId], emails: 1 });
    await page.context().close();
  });

  test("says when the email could not be sent, and sends it when asked again", async ({ page, baseURL }) => {
    const { email } = await newAccount(page, baseURL ?? "");
    // The email request to the page's action finds no answer (a gateway's 502).
    await page.route("**/thankyou.data*", (route) =>
      route.request().method() === "POST" && (route.request().postData() ?? "").includes("email-receipt")
        ? route.fulfill({ status: 502, contentType: "text/plain", body: "bad gateway" })
        : route.continue(),
    );
    await page.goto("/thankyou");
    await expect(page.getByText(RECEIPT_TEXTS.emailFailed)).toBeVisible();
    await expect(page.getByText(RECEIPT_TEXTS.emailSent)).toHaveCount(0);
    await page.unroute("**/thankyou.data*");
    await page.getByRole("button", { name: "Try sending again" }).click();
    await expect(page.getByText(RECEIPT_TEXTS.emailSent)).toBeVisible();
    await expect(page.getByText(RECEIPT_TEXTS.emailFailed)).toHaveCount(0);
    expect((await emailsTo(email)).filter((e) => e.template === "donation-receipt")).toHaveLength(1);
  });

  test("downloads an A4 PDF with the receipt as real text, loading the PDF library only on the click", async ({
    page,
    baseURL,
  }) => {
    await newAccount(page, baseURL ?? "");
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(request.url());
    });
    await page.goto("/thankyou");
    await waitForHydration(page);
    await expect(page.getByText(RECEIPT_TEXTS.emailSent)).toBeVisible();
    const receiptId = new URL(page.url()).searchParams.get("receipt") ?? "";
    expect(scripts.some((url) => url.includes("receipt-pdf"))).toBe(false);

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Download PDF Receipt" }).click(),
    ]);
    expect(scripts.some((url) => url.includes("receipt-pdf"))).toBe(true);
    expect(download.suggestedFilename()).toBe(`kindred-receipt-${receiptId}.pdf`);
    const bytes = await readFile((await download.path()) ?? "");
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBe(1);
    const { width, height } = pdf.getPage(0).getSize();
    expect([Math.round(width), Math.round(height)]).toEqual([595, 842]);
    expect(pdf.getTitle()).toContain(receiptId);
    const text = await pdfText(bytes);
    expect(text).toContain(receiptId);
    expect(text).toContain("Donation Receipt");
    expect(text).toContain("Private");
  });

  test("says when the PDF cannot be made, for 3 seconds", async ({ page, baseURL }) => {
    await newAccount(page, baseURL ?? "");
    await page.route(/receipt-pdf.*\.js$/, (route) => route.abort());
    await page.goto("/thankyou");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Download PDF Receipt" }).click();
    const toast = page.getByRole("alert").filter({ hasText: RECEIPT_TEXTS.pdfFailed });
    await expect(toast).toBeVisible();
    await expect(toast).toBeHidden({ timeout: PDF_TOAST_MS + 2000 });
  });

  test("prints the receipt alone", async ({ page, baseURL }) => {
    await newAccount(page, baseURL ?? "");
    await page.goto("/thankyou");
    await waitForHydration(page);
    await expect(page.getByText(RECEIPT_TEXTS.emailSent)).toBeVisible();
    await page.emulateMedia({ media: "print" });
    await expect(page.getByRole("article", { name: "Donation Receipt" })).toBeVisible();
    await expect(page.locator("header").first()).toBeHidden();
    await expect(page.locator("footer").first()).toBeHidden();
    await expect(page.getByRole("button", { name: "Print Receipt" })).toBeHidden();
    await expect(page.getByRole("heading", { name: "Thank You!" })).toBeHidden();
    await expect(page.getByText(RECEIPT_TEXTS.emailSent)).toBeHidden();
    await page.emulateMedia({ media: "screen" });
    await expect(page.locator("header").first()).toBeVisible();
  });
});
