/**
 * The donation receipt (spec sections 2, 3 and 7): what the thank-you page, its PDF, its email and
 * the server share. The amount is kept internally and never shown: receipts say 'Private'.
 */
export const RECEIPT_TEXTS = {
  amountShown: "Private",
  amountInEmail: "Donation Amount (Private)",
  paymentMethod: "PayPal",
  emailSent: "Email Sent",
  emailSending: "Sending your receipt by email…",
  emailFailed: "Failed to send email receipt. Please contact support.",
  pdfFailed: "PDF generation failed. Please try again or use the print option.",
  preparing: "Preparing your receipt…",
  openReceipt: "Show my receipt",
  sendEmail: "Email my receipt",
  retryEmail: "Try sending again",
} as const;

/** What the thank-you page's forms ask its action to do. */
export const RECEIPT_INTENTS = { open: "open-receipt", email: "email-receipt" } as const;

/** How long the PDF failure toast stays (spec section 9). */
export const PDF_TOAST_MS = 3000;

/** Receipt ids are 'VM-' and six random digits (spec section 3). */
export const RECEIPT_ID_PATTERN = /^VM-\d{6}$/;

/** A receipt as people see it: dates and times in UTC, so the page, the PDF and the email agree. */
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
  return {
    date: at.toLocaleDateString("en-US", { timeZone: "UTC", year: "numeric", month: "long", day: "numeric" }),
    // ICU puts a narrow no-break space before AM/PM; a plain space prints in every font (and the PDF's).
    time: `${at.toLocaleTimeString("en-US", { timeZone: "UTC", hour: "numeric", minute: "2-digit" }).replace(/\s/gu, " ")} UTC`,
  };
}

/** How the receipt's lines are named on the page, in the PDF and in the email. */
export const RECEIPT_LABELS = {
  id: "Receipt number",
  date: "Date",
  time: "Time",
  username: "Name",
  email: "Email",
  serviceName: "Service",
  paymentMethod: "Payment method",
  amount: "Amount",
} as const satisfies Record<keyof ReceiptView, string>;

/** The receipt's rows, in order, for the page and the PDF alike. */
export function receiptRows(receipt: ReceiptView): [label: string, value: string][] {
  return (Object.keys(RECEIPT_LABELS) as (keyof ReceiptView)[]).map((key) => [RECEIPT_LABELS[key], receipt[key]]);
}
