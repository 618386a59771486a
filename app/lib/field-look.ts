/**
 * How a form field and its messages look, shared by the React controls (app/components/ui/
 * form-controls.tsx) and the sign-in screens' page script, which shows and clears the same
 * messages on pages without the framework (./form-feedback.ts).
 */
export const FIELD_LOOK = {
  /** The control's border while it holds an error, and otherwise. */
  invalidBorder: "border-red-600",
  validBorder: "border-slate-300",
  /** A field's error, under it. */
  error: "mt-1 text-sm text-red-700",
} as const;

/** An alert's box, by tone (an error is read out as it appears; the others are a status). */
export const ALERT_LOOK = {
  base: "rounded-lg border px-4 py-3 text-sm",
  error: "border-red-200 bg-red-50 text-red-800",
  info: "border-brand-200 bg-brand-50 text-brand-900",
  success: "border-emerald-200 bg-emerald-50 text-emerald-900",
  /** A form's alert takes focus (it is the answer to the post): its outline when a keyboard moved there. */
  focus: "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700",
} as const;

/** Marks a field's frame (label, control, hint or error); `data-announce-error` when its error is an alert. */
export const FIELD_FRAME_ATTRIBUTE = "data-field-frame";
export const ANNOUNCE_ERROR_ATTRIBUTE = "data-announce-error";
/** Marks the place at the top of a form where a problem with the whole form is shown. */
export const FORM_ALERT_ATTRIBUTE = "data-form-alert";
/** Marks a form's copy of the crisis line (a template), which its script puts beside a refusal. */
export const CRISIS_LINE_TEMPLATE_ATTRIBUTE = "data-crisis-line";
