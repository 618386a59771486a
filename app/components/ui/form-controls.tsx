import { forwardRef, useId, useState } from "react";

const inputClass =
  "block w-full rounded-lg border bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm placeholder:text-slate-400 focus:outline-2 focus:outline-offset-1 focus:outline-brand-600 disabled:bg-slate-100 read-only:bg-slate-50";
const borderClass = (invalid: boolean) => (invalid ? "border-red-600" : "border-slate-300");

/**
 * Whether a field's error is read out as it appears (an alert), for forms that show one problem at
 * a time: otherwise a person who pressed Enter in the field hears nothing. Forms that
 * show many errors at once announce them in one place instead.
 */
type Announce = { announceError?: boolean };

type FieldFrameProps = {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  children: React.ReactNode;
} & Announce;

/** Label above, control, then a hint or the field's error (red) below. */
function FieldFrame({ id, label, hint, error, announceError, children }: FieldFrameProps) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
      </label>
      {children}
      {error ? (
        <p id={`${id}-error`} role={announceError ? "alert" : undefined} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

type TextFieldProps = React.InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  hint?: string;
  error?: string;
} & Announce;

export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, hint, error, announceError, id, className, ...input },
  ref,
) {
  const generated = useId();
  const fieldId = id ?? generated;
  return (
    <FieldFrame id={fieldId} label={label} hint={hint} error={error} announceError={announceError}>
      {/* Free text takes the direction of what is typed (Hebrew, Arabic); a field may still set its own. */}
      <input
        ref={ref}
        id={fieldId}
        dir="auto"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${fieldId}-error` : hint ? `${fieldId}-hint` : undefined}
        className={`${inputClass} ${borderClass(!!error)} ${className ?? ""}`}
        {...input}
      />
    </FieldFrame>
  );
});

/** A password input with a show/hide toggle that keeps focus and the typed value. */
export const PasswordField = forwardRef<HTMLInputElement, Omit<TextFieldProps, "type">>(function PasswordField(
  { label, hint, error, announceError, id, ...input },
  ref,
) {
  const generated = useId();
  const fieldId = id ?? generated;
  const [visible, setVisible] = useState(false);
  return (
    <FieldFrame id={fieldId} label={label} hint={hint} error={error} announceError={announceError}>
      <div className="relative">
        <input
          ref={ref}
          id={fieldId}
          type={visible ? "text" : "password"}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${fieldId}-error` : hint ? `${fieldId}-hint` : undefined}
          className={`${inputClass} ${borderClass(!!error)} pr-20`}
          {...input}
        />
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-pressed={visible}
          aria-controls={fieldId}
          className="absolute inset-y-0 right-0 rounded-r-lg px-3 text-sm font-medium text-brand-700 hover:text-brand-900 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          {visible ? "Hide" : "Show"}
          <span className="sr-only"> {label.toLowerCase()}</span>
        </button>
      </div>
    </FieldFrame>
  );
});

type SelectFieldProps = React.SelectHTMLAttributes<HTMLSelectElement> & {
  label: string;
  error?: string;
  placeholder: string;
  options: readonly { value: string; label: string }[];
} & Announce;

export const SelectField = forwardRef<HTMLSelectElement, SelectFieldProps>(function SelectField(
  { label, error, announceError, placeholder, options, id, ...select },
  ref,
) {
  const generated = useId();
  const fieldId = id ?? generated;
  return (
    <FieldFrame id={fieldId} label={label} error={error} announceError={announceError}>
      <select
        ref={ref}
        id={fieldId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${fieldId}-error` : undefined}
        className={`${inputClass} ${borderClass(!!error)}`}
        {...select}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
});

/** Real progress of an upload, announced to assistive technology. */
export function ProgressBar({ value, label }: { value: number; label: string }) {
  return (
    <div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        className="h-2 w-full overflow-hidden rounded-full bg-brand-100"
      >
        <div className="h-full rounded-full bg-brand-600 transition-[width]" style={{ width: `${value}%` }} />
      </div>
      <p className="mt-1 text-xs text-slate-600">{value}%</p>
    </div>
  );
}

/** A message that is read out as soon as it appears. */
export function Alert({
  tone = "error",
  children,
}: {
  tone?: "error" | "info" | "success";
  children: React.ReactNode;
}) {
  const tones = {
    error: "border-red-200 bg-red-50 text-red-800",
    info: "border-brand-200 bg-brand-50 text-brand-900",
    success: "border-emerald-200 bg-emerald-50 text-emerald-900",
  };
  return (
    <div role={tone === "error" ? "alert" : "status"} className={`rounded-lg border px-4 py-3 text-sm ${tones[tone]}`}>
      {children}
    </div>
  );
}

export const primaryButtonClass =
  "inline-flex w-full items-center justify-center rounded-full bg-brand-700 px-6 py-3 text-base font-semibold text-white shadow-sm hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:cursor-not-allowed disabled:opacity-60";

type TextAreaFieldProps = React.TextareaHTMLAttributes<HTMLTextAreaElement> & {
  label: string;
  error?: string;
  /** Shown under the text area, before any error (a character counter, for instance). */
  footer?: React.ReactNode;
};

export const TextAreaField = forwardRef<HTMLTextAreaElement, TextAreaFieldProps>(function TextAreaField(
  { label, error, footer, id, className, ...textarea },
  ref,
) {
  const generated = useId();
  const fieldId = id ?? generated;
  return (
    <FieldFrame id={fieldId} label={label} error={error}>
      <textarea
        ref={ref}
        id={fieldId}
        dir="auto"
        aria-invalid={error ? true : undefined}
        aria-describedby={
          [error ? `${fieldId}-error` : "", footer ? `${fieldId}-footer` : ""].join(" ").trim() || undefined
        }
        className={`${inputClass} ${borderClass(!!error)} min-h-28 ${className ?? ""}`}
        {...textarea}
      />
      {footer ? <div id={`${fieldId}-footer`}>{footer}</div> : null}
    </FieldFrame>
  );
});

/** A group of checkboxes for a list of options; each one toggles itself in or out of `value`. */
export function CheckboxGroup({
  id,
  name,
  legend,
  options,
  value,
  error,
  onChange,
}: {
  id: string;
  /** Each checked box posts its option under this name (a native form post). */
  name?: string;
  legend: string;
  options: readonly string[];
  value: readonly string[];
  error?: string;
  onChange: (next: string[]) => void;
}) {
  return (
    <fieldset
      id={id}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? `${id}-error` : undefined}
      className={`rounded-lg border p-3 ${error ? "border-red-600" : "border-slate-200"}`}
    >
      <legend className="px-1 text-sm font-medium text-slate-800">{legend}</legend>
      <div className="grid gap-x-4 gap-y-1 sm:grid-cols-2">
        {options.map((option) => (
          <label key={option} className="flex min-h-9 items-center gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              name={name}
              value={option}
              checked={value.includes(option)}
              onChange={() => onChange(value.includes(option) ? value.filter((v) => v !== option) : [...value, option])}
              className="h-4 w-4 rounded border-slate-400 accent-brand-700"
            />
            {option}
          </label>
        ))}
      </div>
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
