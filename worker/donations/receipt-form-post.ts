import { data, redirect } from "react-router";
import type { SignedInUser } from "~/shared/accounts";
import { postedInPlace } from "~/shared/form-posts";
import { RECEIPT_ID_PATTERN, RECEIPT_INTENTS, RECEIPT_TEXTS } from "~/shared/receipts";
import { PATHS } from "~/shared/routes";
import { readPostedForm } from "../http/posted-form";
import { openReceipt, sendReceiptEmail } from "./receipts";

const receiptPath = (id: string) => `${PATHS.thankYou}?receipt=${id}`;

/** Reopening within 2 minutes takes the same receipt, so a reload or a second tab shows it; its email is sent once. */
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
