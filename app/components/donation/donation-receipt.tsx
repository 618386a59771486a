import { useEffect, useRef, useState } from "react";
import { Form, Link, useFetcher } from "react-router";
import { Alert } from "~/components/ui/form-controls";
import type { PostFailure } from "~/lib/form-post-failure";
import { usePublicConfig } from "~/lib/public-config";
import { richMessage } from "~/lib/rich-message";
import { m } from "~/paraglide/messages";
import { IN_PLACE_FIELD } from "~/shared/form-posts";
import { PDF_TOAST_MS, RECEIPT_INTENTS, RECEIPT_TEXTS, type ReceiptView, receiptRows } from "~/shared/receipts";
import { chatWith, PATHS } from "~/shared/routes";

type StoredEmailStatus = "pending" | "sending" | "sent" | "failed";
/** 'unasked' only before scripts run. */
type EmailState = "unasked" | "sending" | "sent" | "failed";

type EmailAnswer = { email: "sent" | "failed" } | { failed: PostFailure };

/** The server sends it once however often it is asked. */
function useReceiptEmail(receiptId: string, stored: StoredEmailStatus) {
  const fetcher = useFetcher<EmailAnswer>();
  const send = () => {
    const form = new FormData();
    form.set("intent", RECEIPT_INTENTS.email);
    form.set("receipt", receiptId);
    form.set(IN_PLACE_FIELD, "1");
    void fetcher.submit(form, { method: "post", defaultShouldRevalidate: false });
  };
  const asked = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the page's scripts run
  useEffect(() => {
    if (asked.current || stored === "sent") return;
    asked.current = true;
    send();
  }, []);

  const answer = fetcher.data;
  const state: EmailState =
    fetcher.state !== "idle"
      ? "sending"
      : answer
        ? "email" in answer
          ? answer.email
          : "failed"
        : stored === "sent"
          ? "sent"
          : stored === "failed"
            ? "failed"
            : "unasked";
  return { state, retry: send };
}

const button =
  "inline-flex items-center justify-center rounded-full px-5 py-2.5 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700";

/** A real form, so a page without scripts can send it too. */
function EmailReceiptForm({ receiptId, label, onSend }: { receiptId: string; label: string; onSend: () => void }) {
  return (
    <Form
      method="post"
      onSubmit={(event) => {
        event.preventDefault();
        onSend();
      }}
    >
      <input type="hidden" name="intent" value={RECEIPT_INTENTS.email} />
      <input type="hidden" name="receipt" value={receiptId} />
      <button type="submit" className={`${button} text-brand-800 ring-1 ring-brand-200`}>
        {label}
      </button>
    </Form>
  );
}

/** Spec section 2, Donation thank-you. */
export function DonationReceipt({ receipt, emailStatus }: { receipt: ReceiptView; emailStatus: StoredEmailStatus }) {
  const config = usePublicConfig();
  const email = useReceiptEmail(receipt.id, emailStatus);
  const [pdfBusy, setPdfBusy] = useState(false);
  const [pdfFailed, setPdfFailed] = useState(false);

  useEffect(() => {
    if (!pdfFailed) return;
    const timer = window.setTimeout(() => setPdfFailed(false), PDF_TOAST_MS);
    return () => window.clearTimeout(timer);
  }, [pdfFailed]);

  async function downloadPdf() {
    setPdfBusy(true);
    try {
      // Loaded only now, never with the page.
      const { downloadReceiptPdf } = await import("~/lib/receipt-pdf");
      await downloadReceiptPdf(receipt, config.brandName);
    } catch (error) {
      console.error(error);
      setPdfFailed(true);
    } finally {
      setPdfBusy(false);
    }
  }

  return (
    <div className="mt-8 space-y-6">
      <article
        id="donation-receipt"
        aria-labelledby="receipt-title"
        className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm print:border-0 print:shadow-none"
      >
        <p className="text-sm font-semibold text-brand-700">{config.brandName}</p>
        <h2 id="receipt-title" className="mt-1 text-xl font-bold text-slate-900">
          {m.receipt_title()}
        </h2>
        <dl className="mt-4 divide-y divide-slate-100">
          {receiptRows(receipt).map(([label, value]) => (
            <div key={label} className="flex justify-between gap-4 py-2.5">
              <dt className="text-slate-600">{label}</dt>
              <dd className="text-right font-medium break-all text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
      </article>

      <div aria-live="polite" className="print:hidden">
        {email.state === "unasked" ? (
          <div className="flex justify-center">
            <EmailReceiptForm receiptId={receipt.id} label={RECEIPT_TEXTS.sendEmail} onSend={email.retry} />
          </div>
        ) : null}
        {email.state === "sending" ? <p className="text-center text-slate-700">{RECEIPT_TEXTS.emailSending}</p> : null}
        {email.state === "sent" ? <Alert tone="success">{RECEIPT_TEXTS.emailSent}</Alert> : null}
        {email.state === "failed" ? (
          <div className="space-y-2">
            <Alert>{RECEIPT_TEXTS.emailFailed}</Alert>
            <EmailReceiptForm receiptId={receipt.id} label={RECEIPT_TEXTS.retryEmail} onSend={email.retry} />
          </div>
        ) : null}
      </div>

      <div className="flex flex-wrap justify-center gap-3 print:hidden">
        <button
          type="button"
          onClick={downloadPdf}
          disabled={pdfBusy}
          className={`${button} bg-brand-700 text-white hover:bg-brand-800 disabled:opacity-60`}
        >
          {pdfBusy ? m.receipt_preparing_pdf() : m.receipt_download_pdf()}
        </button>
        <button
          type="button"
          onClick={() => window.print()}
          className={`${button} text-brand-800 ring-1 ring-brand-200 hover:bg-brand-50`}
        >
          {m.receipt_print()}
        </button>
      </div>
      {pdfFailed ? (
        <div className="fixed right-4 bottom-4 left-4 z-50 mx-auto max-w-sm print:hidden">
          <Alert>{RECEIPT_TEXTS.pdfFailed}</Alert>
        </div>
      ) : null}

      <div className="rounded-2xl bg-brand-50 p-6 text-center print:hidden">
        <p className="text-slate-800">
          {richMessage(m.receipt_questions, {
            email: (
              <a href={`mailto:${config.contactEmail}`} className="font-semibold text-brand-800 underline">
                {config.contactEmail}
              </a>
            ),
            social: (
              <a
                href={config.socialUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="font-semibold text-brand-800 underline"
              >
                {m.receipt_social_media()}
                <span className="sr-only">{m.footer_new_tab()}</span>
              </a>
            ),
          })}
        </p>
        <div className="mt-4 flex flex-wrap justify-center gap-3">
          <Link to={chatWith(config.adminUserId)} className={`${button} bg-brand-700 text-white hover:bg-brand-800`}>
            {m.receipt_get_support()}
          </Link>
          <Link to={PATHS.home} className={`${button} text-brand-800 ring-1 ring-brand-200 hover:bg-white`}>
            {m.receipt_return_home()}
          </Link>
          <a
            href={config.donateUrl}
            target="_blank"
            rel="noopener noreferrer"
            className={`${button} text-brand-800 ring-1 ring-brand-200 hover:bg-white`}
          >
            {m.receipt_donate_again()}
            <span className="sr-only">{m.footer_new_tab()}</span>
          </a>
        </div>
      </div>
    </div>
  );
}
