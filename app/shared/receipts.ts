import { m } from "~/paraglide/messages";
import { getLocale } from "~/paraglide/runtime";

/** Spec sections 2, 3 and 7. The amount is kept internally and never shown: receipts say 'Private'. */
export const RECEIPT_TEXTS = {
  get amountShown() {
    return m.email_receipt_amount_shown();
  },
  get amountInEmail() {
    return m.email_receipt_amount_in_email();
  },
  paymentMethod: "PayPal",
  get emailSent() {
    return m.receipt_email_sent();
  },
  get emailSending() {
    return m.receipt_email_sending();
  },
  get emailFailed() {
    return m.receipt_email_failed();
  },
  get pdfFailed() {
    return m.receipt_pdf_failed();
  },
  get preparing() {
    return m.receipt_preparing();
  },
  get openReceipt() {
    return m.receipt_open();
  },
  get sendEmail() {
    return m.receipt_send_email();
  },
  get retryEmail() {
    return m.receipt_retry_email();
  },
  get notFound() {
    return m.receipt_not_found();
  },
  /** A forged or outdated post. */
  get unknownRequest() {
    return m.receipt_unknown_request();
  },
};

export const RECEIPT_INTENTS = { open: "open-receipt", email: "email-receipt" } as const;

/** Spec section 9. */
export const PDF_TOAST_MS = 3000;

/** Spec section 3. */
export const RECEIPT_ID_PATTERN = /^VM-\d{6}$/;

/** Dates in UTC, so the page, the PDF and the email agree. */
export type ReceiptView = {
  id: string;
  date: string;
  time: string;
  username: string;
  email: string;
  paymentMethod: string;
  amount: string;
  serviceName: string;
};

export function receiptDate(at: Date): { date: string; time: string } {
  const locale = getLocale();
  return {
    date: at.toLocaleDateString(locale, { timeZone: "UTC", year: "numeric", month: "long", day: "numeric" }),
    // ICU puts a narrow no-break space before AM/PM; a plain space prints in every font.
    time: `${at.toLocaleTimeString(locale, { timeZone: "UTC", hour: "numeric", minute: "2-digit" }).replace(/\s/gu, " ")} UTC`,
  };
}

export const receiptServiceName = (brand: string) => m.email_receipt_service_name({ brand });

export const RECEIPT_LABELS = {
  get id() {
    return m.email_receipt_label_id();
  },
  get date() {
    return m.email_receipt_label_date();
  },
  get time() {
    return m.email_receipt_label_time();
  },
  get username() {
    return m.email_receipt_label_name();
  },
  get email() {
    return m.email_receipt_label_email();
  },
  get serviceName() {
    return m.email_receipt_label_service();
  },
  get paymentMethod() {
    return m.email_receipt_label_payment_method();
  },
  get amount() {
    return m.email_receipt_label_amount();
  },
} satisfies Record<keyof ReceiptView, string>;

export function receiptRows(receipt: ReceiptView): [label: string, value: string][] {
  return (Object.keys(RECEIPT_LABELS) as (keyof ReceiptView)[]).map((key) => [RECEIPT_LABELS[key], receipt[key]]);
}
