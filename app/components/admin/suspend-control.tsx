import { useEffect, useId, useRef, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Dialog, DialogCloser, DialogOpener, dialogButtonClass } from "~/components/ui/dialog";
import { TextAreaField } from "~/components/ui/form-controls";
import { PATHS } from "~/shared/routes";
import { MAX_SUSPENSION_NOTE, MODERATION_TEXTS, SUSPENSION_REASONS } from "~/shared/safety";
import { type SuspendFormProblem, SuspensionDecisionSchema } from "~/shared/schemas/safety";

/** Outlined, so a tap meant for Dismiss can never suspend anyone. */
const suspendOpenerClass =
  "inline-flex min-h-11 items-center justify-center rounded-full px-5 font-semibold text-red-800 ring-1 ring-red-300 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700 [overflow-wrap:anywhere]";

/**
 * The dialog opens by invoker commands before scripts; a refused form comes back shown in place,
 * since a closed dialog would hide its errors.
 */
export function SuspendControl({
  reportId,
  username,
  problem,
}: {
  reportId: string;
  username: string;
  problem: SuspendFormProblem | null;
}) {
  const dialogId = useId();
  const titleId = useId();
  const [inPlace] = useState(problem !== null);
  if (inPlace) {
    return (
      <section aria-labelledby={titleId} className="w-full rounded-xl border border-red-200 bg-red-50/40 p-4">
        <h4 id={titleId} className="text-lg font-semibold text-slate-900 [overflow-wrap:anywhere]">
          {MODERATION_TEXTS.suspendTitle(username)}
        </h4>
        <SuspendForm
          reportId={reportId}
          username={username}
          problem={problem}
          cancel={
            <Link to={PATHS.adminReports} preventScrollReset className={dialogButtonClass.secondary}>
              {MODERATION_TEXTS.cancel}
            </Link>
          }
        />
      </section>
    );
  }
  return (
    <>
      <DialogOpener dialogId={dialogId} className={suspendOpenerClass}>
        {MODERATION_TEXTS.suspend(username)}
      </DialogOpener>
      <Dialog id={dialogId} title={MODERATION_TEXTS.suspendTitle(username)}>
        <SuspendForm
          reportId={reportId}
          username={username}
          problem={problem}
          cancel={
            <DialogCloser dialogId={dialogId} className={dialogButtonClass.secondary}>
              {MODERATION_TEXTS.cancel}
            </DialogCloser>
          }
        />
      </Dialog>
    </>
  );
}

function SuspendForm({
  reportId,
  username,
  problem,
  cancel,
}: {
  reportId: string;
  username: string;
  problem: SuspendFormProblem | null;
  cancel: React.ReactNode;
}) {
  const navigation = useNavigation();
  const busy = navigation.formData?.get("intent") === "suspend" && navigation.formData.get("id") === reportId;
  // The action checks again; a form that passes here clears these, so what the action answers shows next.
  const [localErrors, setLocalErrors] = useState<SuspendFormProblem["errors"] | null>(null);
  const errors = localErrors ?? problem?.errors ?? {};
  const legendId = useId();
  const reasons = useRef<HTMLFieldSetElement>(null);

  // Focus goes where the fix is.
  useEffect(() => {
    if (problem?.errors.reason) reasons.current?.querySelector("input")?.focus();
  }, [problem]);

  return (
    <Form
      method="post"
      preventScrollReset
      noValidate
      className="mt-3 space-y-4"
      onSubmit={(event) => {
        const form = new FormData(event.currentTarget);
        const parsed = SuspensionDecisionSchema.safeParse({
          reason: form.get("reason") ?? undefined,
          note: form.get("note") ?? "",
        });
        if (parsed.success || busy) {
          if (busy) event.preventDefault();
          setLocalErrors(null);
          return;
        }
        event.preventDefault();
        const next: SuspendFormProblem["errors"] = {};
        for (const issue of parsed.error.issues) {
          const field = issue.path[0];
          if ((field === "reason" || field === "note") && !next[field]) next[field] = issue.message;
        }
        setLocalErrors(next);
        if (next.reason) reasons.current?.querySelector("input")?.focus();
      }}
    >
      <p className="text-sm text-slate-700">{MODERATION_TEXTS.suspendExplanation(username)}</p>
      <input type="hidden" name="id" value={reportId} />
      <fieldset ref={reasons} aria-describedby={errors.reason ? `${legendId}-error` : undefined}>
        <legend id={legendId} className="text-sm font-semibold text-slate-900">
          {MODERATION_TEXTS.suspensionReasonLegend}
        </legend>
        <div className="mt-2 space-y-1">
          {SUSPENSION_REASONS.map((reason) => (
            <label key={reason.value} className="flex min-h-11 items-center gap-3 rounded-lg px-2 hover:bg-slate-50">
              <input
                type="radio"
                name="reason"
                value={reason.value}
                required
                defaultChecked={problem?.values.reason === reason.value}
                aria-invalid={errors.reason ? true : undefined}
                className="h-5 w-5 shrink-0 accent-red-700"
              />
              <span>{reason.label}</span>
            </label>
          ))}
        </div>
        {errors.reason ? (
          <p id={`${legendId}-error`} role="alert" className="mt-1 text-sm font-medium text-red-700">
            {errors.reason}
          </p>
        ) : null}
      </fieldset>
      <TextAreaField
        name="note"
        label={MODERATION_TEXTS.suspensionNoteLabel}
        defaultValue={problem?.values.note}
        maxLength={MAX_SUSPENSION_NOTE}
        error={errors.note}
        rows={3}
      />
      <div className="flex flex-wrap justify-end gap-2">
        {cancel}
        <button type="submit" name="intent" value="suspend" disabled={busy} className={dialogButtonClass.danger}>
          {busy ? MODERATION_TEXTS.suspending : MODERATION_TEXTS.confirmSuspend}
        </button>
      </div>
    </Form>
  );
}
