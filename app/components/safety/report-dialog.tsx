import { forwardRef, useEffect, useId, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { CrisisResourcesBox } from "~/components/layout/crisis-resources-box";
import { focusTargetClass, ignoreWhileBusy } from "~/components/safety/block-controls";
import { Dialog, DialogCloser, DialogOpener, dialogButtonClass } from "~/components/ui/dialog";
import { Alert, TextAreaField } from "~/components/ui/form-controls";
import { MAX_REPORT_NOTE, REPORT_REASONS, REPORT_TEXTS, type ReportSubject } from "~/shared/safety";
import type { SafetyResult } from "~/shared/schemas/safety";

type ReportTarget = {
  username: string;
  subject: ReportSubject;
  seq?: number;
  /** Never for the support account. */
  canAlsoBlock: boolean;
};

/** Posted to the page's own action; the crisis resources follow a self-harm report. */
export const ReportDialog = forwardRef<HTMLDialogElement, ReportTarget & { id: string }>(function ReportDialog(
  { id, username, subject, seq, canAlsoBlock },
  ref,
) {
  const fetcher = useFetcher<{ safety?: SafetyResult }>();
  const result = fetcher.data?.safety?.intent === "report" ? fetcher.data.safety : null;
  const [note, setNote] = useState("");
  const busy = fetcher.state !== "idle";
  const title = subject === "message" ? REPORT_TEXTS.messageTitle(username) : REPORT_TEXTS.profileTitle(username);
  const reasonError = result && !result.ok ? result.errors.reason : undefined;
  const noteError = result && !result.ok ? result.errors.note : undefined;
  const legendId = useId();
  const firstReasonRef = useRef<HTMLInputElement>(null);
  const confirmationRef = useRef<HTMLDivElement>(null);
  // Focus goes to what each answer is about: the reasons when one is missing, else the confirmation.
  useEffect(() => {
    if (result?.ok) confirmationRef.current?.focus();
    else if (result?.errors.reason) firstReasonRef.current?.focus();
  }, [result]);
  return (
    <Dialog ref={ref} id={id} title={title}>
      {result?.ok ? (
        <div className="space-y-4">
          <div ref={confirmationRef} tabIndex={-1} className={`rounded-lg ${focusTargetClass}`}>
            <ReportConfirmation result={result} />
          </div>
          <div className="flex justify-end">
            <DialogCloser dialogId={id} className={dialogButtonClass.primary}>
              {REPORT_TEXTS.close}
            </DialogCloser>
          </div>
        </div>
      ) : (
        <fetcher.Form
          method="post"
          preventScrollReset
          className="space-y-4"
          noValidate
          onSubmit={ignoreWhileBusy(busy)}
        >
          <input type="hidden" name="intent" value="report" />
          <input type="hidden" name="subject" value={subject} />
          {seq !== undefined ? <input type="hidden" name="seq" value={seq} /> : null}
          {result && !result.ok && result.message ? <Alert>{result.message}</Alert> : null}
          <fieldset aria-describedby={reasonError ? `${legendId}-error` : undefined}>
            <legend id={legendId} className="text-sm font-semibold text-slate-900">
              {REPORT_TEXTS.reasonLegend}
            </legend>
            <div className="mt-2 space-y-1">
              {REPORT_REASONS.map((reason, index) => (
                <label
                  key={reason.value}
                  className="flex min-h-11 items-center gap-3 rounded-lg px-2 hover:bg-slate-50"
                >
                  <input
                    ref={index === 0 ? firstReasonRef : undefined}
                    type="radio"
                    name="reason"
                    value={reason.value}
                    aria-invalid={reasonError ? true : undefined}
                    className="h-5 w-5 accent-brand-700"
                  />
                  <span>{reason.label}</span>
                </label>
              ))}
            </div>
            {reasonError ? (
              <p id={`${legendId}-error`} role="alert" className="mt-1 text-sm text-red-700">
                {reasonError}
              </p>
            ) : null}
          </fieldset>
          <TextAreaField
            name="note"
            label={REPORT_TEXTS.noteLabel}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            error={noteError}
            rows={3}
            footer={
              <p className={`text-right text-xs ${note.length > MAX_REPORT_NOTE ? "text-red-700" : "text-slate-600"}`}>
                {note.length} / {MAX_REPORT_NOTE}
              </p>
            }
          />
          {canAlsoBlock ? (
            <label className="flex min-h-11 items-center gap-3">
              <input type="checkbox" name="alsoBlock" className="h-5 w-5 accent-brand-700" />
              <span>{REPORT_TEXTS.alsoBlock(username)}</span>
            </label>
          ) : null}
          <div className="flex flex-wrap justify-end gap-2">
            <DialogCloser dialogId={id} className={dialogButtonClass.secondary}>
              {REPORT_TEXTS.cancel}
            </DialogCloser>
            <button type="submit" aria-disabled={busy} className={dialogButtonClass.primary}>
              {busy ? REPORT_TEXTS.sending : REPORT_TEXTS.submit}
            </button>
          </div>
        </fetcher.Form>
      )}
    </Dialog>
  );
});

export function ReportProfileButton({ username, canAlsoBlock }: { username: string; canAlsoBlock: boolean }) {
  const id = useId();
  return (
    <>
      <DialogOpener dialogId={id} className={dialogButtonClass.quiet}>
        {REPORT_TEXTS.profileButton(username)}
      </DialogOpener>
      <ReportDialog id={id} username={username} subject="profile" canAlsoBlock={canAlsoBlock} />
    </>
  );
}

export function ReportConfirmation({ result }: { result: Extract<SafetyResult, { intent: "report"; ok: true }> }) {
  return (
    <div className="space-y-3">
      <Alert tone="success">
        {REPORT_TEXTS.sent}
        {result.blockedUsername ? ` ${REPORT_TEXTS.sentAndBlocked(result.blockedUsername)}` : ""}
      </Alert>
      {result.reason === "self-harm" ? (
        <>
          <p className="text-sm text-slate-700">{REPORT_TEXTS.selfHarmHelp}</p>
          <CrisisResourcesBox tone="light" />
        </>
      ) : null}
    </div>
  );
}
