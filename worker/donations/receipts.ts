import { env } from "cloudflare:workers";
import { and, desc, eq, inArray } from "drizzle-orm";
import { createElement } from "react";
import type { SignedInUser } from "~/shared/accounts";
import { RECEIPT_TEXTS, type ReceiptView, receiptDate, receiptServiceName } from "~/shared/receipts";
import { getConfig } from "../config";
import { recipientCrisisHelp } from "../crisis-help/visitor-help";
import { createDb } from "../db/client";
import { receipts } from "../db/schema";
import { configuredTransport, deliverEmail, type EmailTransport } from "../email/send-email";
import {
  DONATION_RECEIPT_TEMPLATE,
  DonationReceiptEmail,
  donationReceiptSubject,
} from "../email/templates/donation-receipt-email";
import { recipientLanguage } from "../i18n/visitor-language";

/** Kept internally, never shown (spec section 3). */
export const RECEIPT_AMOUNT = 75;
/** A second tab or double redirect shows the same receipt. */
export const RECEIPT_REUSE_MS = 2 * 60 * 1000;
/** How long a request that lost the race to send waits for the winner's result. */
const SEND_WAIT_MS = 10_000;

type ReceiptRow = typeof receipts.$inferSelect;

const newReceiptId = () => `VM-${String(100000 + ((crypto.getRandomValues(new Uint32Array(1))[0] ?? 0) % 900000))}`;

export function toReceiptView(row: ReceiptRow): ReceiptView {
  return {
    id: row.id,
    ...receiptDate(row.createdAt),
    username: row.username,
    email: row.email,
    paymentMethod: row.paymentMethod,
    amount: RECEIPT_TEXTS.amountShown,
    serviceName: receiptServiceName(getConfig().public.brandName),
  };
}

/** Nobody reads another person's receipt. */
export async function findReceipt(userId: string, id: string): Promise<ReceiptRow | null> {
  const [row] = await createDb(env.DB)
    .select()
    .from(receipts)
    .where(and(eq(receipts.id, id), eq(receipts.userId, userId)))
    .limit(1);
  return row ?? null;
}

export async function openReceipt(user: SignedInUser, now = new Date()): Promise<ReceiptRow> {
  const db = createDb(env.DB);
  const [recent] = await db
    .select()
    .from(receipts)
    .where(eq(receipts.userId, user.id))
    .orderBy(desc(receipts.createdAt))
    .limit(1);
  if (recent && now.getTime() - recent.createdAt.getTime() < RECEIPT_REUSE_MS) return recent;
  for (let attempt = 0; attempt < 5; attempt++) {
    const [row] = await db
      .insert(receipts)
      .values({
        id: newReceiptId(),
        userId: user.id,
        username: user.username,
        email: user.email,
        amount: RECEIPT_AMOUNT,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (row) return row;
  }
  throw new Error("Could not find a free receipt number");
}

type ReceiptEmailResult = { status: "sent" } | { status: "failed"; error: string };

/** The database decides who sends, so reloads, double renders and two tabs send one email. */
export async function sendReceiptEmail(
  userId: string,
  receiptId: string,
  transport: EmailTransport = configuredTransport(),
): Promise<ReceiptEmailResult | null> {
  const db = createDb(env.DB);
  const [claimed] = await db
    .update(receipts)
    .set({ emailStatus: "sending" })
    .where(
      and(
        eq(receipts.id, receiptId),
        eq(receipts.userId, userId),
        inArray(receipts.emailStatus, ["pending", "failed"]),
      ),
    )
    .returning();
  if (!claimed) return waitForResult(userId, receiptId);

  const config = getConfig();
  const [crisisHelp, language] = await Promise.all([recipientCrisisHelp(userId, null), recipientLanguage(userId)]);
  const result = await deliverEmail(
    {
      to: claimed.email,
      language,
      replyTo: config.public.contactEmail,
      cc: config.public.contactEmail,
      template: DONATION_RECEIPT_TEMPLATE,
      compose: () => {
        const view = toReceiptView(claimed);
        return {
          subject: donationReceiptSubject(config.public.brandName, view.id),
          element: createElement(DonationReceiptEmail, {
            brandName: config.public.brandName,
            crisisHelp,
            toName: view.username,
            orderId: view.id,
            orderDate: view.date,
            orderTime: view.time,
            amount: RECEIPT_TEXTS.amountInEmail,
            serviceName: view.serviceName,
            paymentMethod: view.paymentMethod,
            replyTo: config.public.contactEmail,
            ccEmail: config.public.contactEmail,
          }),
        };
      },
    },
    transport,
  );
  const sent = result.status !== "failed";
  await db
    .update(receipts)
    .set(sent ? { emailStatus: "sent", emailSentAt: new Date() } : { emailStatus: "failed" })
    .where(eq(receipts.id, receiptId));
  return sent ? { status: "sent" } : { status: "failed", error: RECEIPT_TEXTS.emailFailed };
}

async function waitForResult(userId: string, receiptId: string): Promise<ReceiptEmailResult | null> {
  const deadline = Date.now() + SEND_WAIT_MS;
  while (true) {
    const row = await findReceipt(userId, receiptId);
    if (!row) return null;
    if (row.emailStatus === "sent") return { status: "sent" };
    if (row.emailStatus === "failed") return { status: "failed", error: RECEIPT_TEXTS.emailFailed };
    if (Date.now() > deadline) return { status: "failed", error: RECEIPT_TEXTS.emailFailed };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
