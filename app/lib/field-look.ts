/** Shared with the sign-in screens' script, which shows the same messages without the framework. */
export const FIELD_LOOK = {
  invalidBorder: "border-red-600",
  validBorder: "border-slate-300",
  error: "mt-1 text-sm text-red-700",
} as const;

export const ALERT_LOOK = {
  base: "rounded-lg border px-4 py-3 text-sm",
  error: "border-red-200 bg-red-50 text-red-800",
  info: "border-brand-200 bg-brand-50 text-brand-900",
  success: "border-emerald-200 bg-emerald-50 text-emerald-900",
  /** It is the answer to the post. */
  focus: "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700",
} as const;

export const FIELD_FRAME_ATTRIBUTE = "data-field-frame";
export const ANNOUNCE_ERROR_ATTRIBUTE = "data-announce-error";
export const FORM_ALERT_ATTRIBUTE = "data-form-alert";
export const CRISIS_LINE_TEMPLATE_ATTRIBUTE = "data-crisis-line";
