import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { m } from "~/paraglide/messages";
import { action } from "~/routes/donation/thank-you";
import { IN_PLACE_FIELD } from "~/shared/form-posts";
import { RECEIPT_ID_PATTERN, RECEIPT_INTENTS, RECEIPT_TEXTS } from "~/shared/receipts";
import {
  openReceipt,
  RECEIPT_AMOUNT,
  RECEIPT_REUSE_MS,
  sendReceiptEmail,
  toReceiptView,
} from "../../worker/donations/receipts";
import type { EmailTransport } from "../../worker/email/send-email";
import { DONATION_RECEIPT_TEMPLATE } from "../../worker/email/templates/donation-receipt-email";
import { inLanguage } from "../../worker/i18n/request-language";
import { insertUser } from "./support/accounts";
import { callAction, signedInUser } from "./support/route-action";

const RESEND: EmailTransport = { kind: "resend", apiKey: "re_test_key", from: "Kindred <no-reply@kindred.example>" };

async function donor(language?: string) {
  const signedUp = await insertUser(language ? { language } : {});
  return { ...signedUp, signedIn: signedInUser(signedUp) };
}

const receiptEmails = async (to: string) =>
  (
    await env.DB.prepare(`SELECT subject, text FROM email_outbox WHERE "to" = ? AND template = ?`)
      .bind(to, DONATION_RECEIPT_TEMPLATE)
      .all<{ subject: string; text: string }>()
  ).results;

/** The page's script asking the /thankyou route action to email a receipt (in place); `user` null is signed out. */
const askForEmail = (user: ReturnType<typeof signedInUser> | null, id: string, inPlace = true) => {
  const form = new URLSearchParams({
    intent: RECEIPT_INTENTS.email,
    receipt: id,
    ...(inPlace ? { [IN_PLACE_FIELD]: "1" } : {}),
  });
  return callAction(action, `/thankyou?receipt=${id}`, form, { user });
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe("donation receipts", () => {
  it("are numbered 'VM-' and six digits, keep 75 inside and show 'Private'", async () => {
    const { signedIn } = await donor();
    const receipt = await openReceipt(signedIn);
    expect(receipt.id).toMatch(RECEIPT_ID_PATTERN);
    expect(receipt.amount).toBe(RECEIPT_AMOUNT);
    expect(receipt.paymentMethod).toBe("PayPal");
    const view = toReceiptView(receipt);
    expect(view.amount).toBe("Private");
    // The id, username or email can hold the digits 75 by chance: look for an amount.
    expect(Object.values(view)).not.toContain("75");
    expect(JSON.stringify(view)).not.toMatch(/\$\s?75|75\.00/);
  });

  it("show the same receipt when the page opens again moments later, and a new one after", async () => {
    const { signedIn } = await donor();
    const first = await openReceipt(signedIn);
    expect((await openReceipt(signedIn)).id).toBe(first.id);
    const later = new Date(first.createdAt.getTime() + RECEIPT_REUSE_MS + 1000);
    expect((await openReceipt(signedIn, later)).id).not.toBe(first.id);
  });

  it("send one email when two requests ask at once, and answer both 'sent'", async () => {
    const { signedIn, email } = await donor();
    const { id } = await openReceipt(signedIn);
    const answers = await Promise.all([askForEmail(signedIn, id), askForEmail(signedIn, id)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(answers.map((a) => a.data)).toEqual([{ email: "sent" }, { email: "sent" }]);
    // A reload later asks again (here without scripts: it moves on to the receipt): still one email.
    expect(await askForEmail(signedIn, id, false)).toMatchObject({ status: 302, location: `/thankyou?receipt=${id}` });
    const emails = await receiptEmails(email);
    expect(emails).toHaveLength(1);
    expect(emails[0]?.subject).toContain(id);
    expect(emails[0]?.text).toContain("Donation Amount (Private)");
    expect(emails[0]?.text).toContain("PayPal");
    expect(emails[0]?.text).not.toMatch(/\$\s?75|75\.00|Amount: 75/);
  });

  it("come by email in the donor's account language: Spanish words and dates for a Spanish account", async () => {
    vi.spyOn(console, "log").mockImplementation(() => {});
    const { signedIn, email } = await donor("es");
    const receipt = await openReceipt(signedIn, new Date("2026-11-28T14:05:00Z"));
    expect(await sendReceiptEmail(signedIn.id, receipt.id)).toEqual({ status: "sent" });
    const [sent] = await receiptEmails(email);
    expect(sent?.subject).toBe(`Tu recibo de donación a Kindred ${receipt.id}`);
    expect(sent?.subject).toBe(m.email_receipt_subject({ brand: env.BRAND_NAME, id: receipt.id }, { locale: "es" }));
    const es = { locale: "es" } as const;
    for (const words of [
      m.email_receipt_greeting({ name: signedIn.username }, es),
      m.email_receipt_thanks({}, es),
      `${m.email_receipt_label_id({}, es)}: ${receipt.id}`,
      "Fecha: 28 de noviembre de 2026",
      "Hora: 14:05 UTC",
      "Servicio: Apoyo emocional de Kindred",
      "Método de pago: PayPal",
      "Monto: Monto de la donación (privado)",
      m.email_receipt_questions({ replyTo: env.CONTACT_EMAIL, cc: env.CONTACT_EMAIL }, es),
      "¿Estás en peligro inmediato? Llama al número de emergencias de tu país.",
      m.email_disclaimer({}, es),
    ]) {
      expect(sent?.text).toContain(words);
    }
    expect(sent?.text).not.toMatch(/November|Receipt number|Donation Amount|immediate danger/);
    // Read in English (the thank-you page of an English browser), the same receipt keeps English words and dates.
    expect(inLanguage("en", () => toReceiptView(receipt))).toMatchObject({
      date: "November 28, 2026",
      time: "2:05 PM UTC",
      serviceName: "Kindred Emotional Support",
      amount: "Private",
    });
  });

  it("come by email in English to an account with no language", async () => {
    vi.spyOn(console, "log").mockImplementation(() => {});
    const { signedIn, email } = await donor();
    const receipt = await openReceipt(signedIn, new Date("2026-11-28T14:05:00Z"));
    expect(await sendReceiptEmail(signedIn.id, receipt.id)).toEqual({ status: "sent" });
    const [sent] = await receiptEmails(email);
    expect(sent?.subject).toBe(`Your Kindred donation receipt ${receipt.id}`);
    for (const words of [
      `Dear ${signedIn.username},`,
      `Receipt number: ${receipt.id}`,
      "Date: November 28, 2026",
      "Time: 2:05 PM UTC",
      "Service: Kindred Emotional Support",
      "Amount: Donation Amount (Private)",
      "In immediate danger? Call your local emergency number.",
    ]) {
      expect(sent?.text).toContain(words);
    }
  });

  it("report a failed send with the spec's message, and send on the next try", async () => {
    const { signedIn } = await donor();
    const { id } = await openReceipt(signedIn);
    vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(console, "log").mockImplementation(() => {});
    const fetchSpy = vi
      .spyOn(globalThis, "fetch")
      .mockImplementationOnce(async () =>
        Response.json({ name: "internal_server_error", message: "down" }, { status: 500 }),
      )
      .mockImplementationOnce(async () => Response.json({ id: "resend-id-1" }));
    expect(await sendReceiptEmail(signedIn.id, id, RESEND)).toEqual({
      status: "failed",
      error: RECEIPT_TEXTS.emailFailed,
    });
    expect(await sendReceiptEmail(signedIn.id, id, RESEND)).toEqual({ status: "sent" });
    expect(await sendReceiptEmail(signedIn.id, id, RESEND)).toEqual({ status: "sent" });
    expect(fetchSpy).toHaveBeenCalledTimes(2);
    const body = JSON.parse(String(fetchSpy.mock.calls[1]?.[1]?.body));
    expect(body).toMatchObject({ to: signedIn.email, reply_to: env.CONTACT_EMAIL, cc: env.CONTACT_EMAIL });
  });

  it("are nobody else's to read or send", async () => {
    const { signedIn } = await donor();
    const other = await donor();
    const { id } = await openReceipt(signedIn);
    for (const answer of [await askForEmail(other.signedIn, id), await askForEmail(other.signedIn, "not-a-receipt")]) {
      expect(answer).toMatchObject({ status: 404, thrown: true });
    }
    const signedOut = await askForEmail(null, id);
    expect(signedOut).toMatchObject({ status: 302, thrown: true });
    expect(signedOut.location).toMatch(/^\/login\?next=/);
    expect(await receiptEmails(signedIn.email)).toHaveLength(0);
  });
});
