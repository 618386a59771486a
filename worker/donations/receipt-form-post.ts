import { data, redirect } from "react-router";
import type { SignedInUser } from "~/shared/accounts";
import { postedInPlace } from "~/shared/form-posts";
import { RECEIPT_ID_PATTERN, RECEIPT_INTENTS, RECEIPT_TEXTS } from "~/shared/receipts";
import { PATHS } from "~/shared/routes";
import { readPostedForm } from "../http/posted-form";
import { openReceipt, sendReceiptEmail } from "./receipts";

const receiptPath = (id: string) => `${PATHS.thankYou}?receipt=${id}`;

/**
 * The thank-you page's two writes, both posts (its route action). Opening a receipt (arriving from
 * the payment provider) makes one, or takes the one made in the last 2 minutes, and moves to its
 * address, so a reload or a second tab shows the same receipt. Emailing one sends it once however
 * often it is asked: posted in place by the page's script it answers whether it was sent; posted
 * without scripts it moves to the receipt's page, which reads the outcome from the database.
 */
export async function receiptAction(user: SignedInUser, request: Request) {
  const form = await readPostedForm(request);
  const intent = form.get("intent");
  if (intent === RECEIPT_INTENTS.open) throw redirect(receiptPath((await openReceipt(user)).id));
  if (intent === RECEIPT_INTENTS.email) {
    const id = String(form.get("receipt") ?? "");
    const result = RECEIPT_ID_PATTERN.test(id) ? await sendReceiptEmail(user.id, id) : null;
    if (!result) throw data(RECEIPT_TEXTS.notFound, { status: 404 });
    if (postedInPlace(form)) return { email: result.status };
    throw redirect(receiptPath(id));
  }
  throw data(RECEIPT_TEXTS.unknownRequest, { status: 400 });
}
