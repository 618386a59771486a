import { forwardRef, useId } from "react";
import { CrisisLine } from "~/components/safety/crisis-line";
import {
  ALERT_LOOK,
  ANNOUNCE_ERROR_ATTRIBUTE,
  FIELD_FRAME_ATTRIBUTE,
  FIELD_LOOK,
  FORM_ALERT_ATTRIBUTE,
} from "~/lib/field-look";
import {
  PASSWORD_TOGGLE_ATTRIBUTE,
  PASSWORD_TOGGLE_WORD_ATTRIBUTE,
  PASSWORD_TOGGLE_WORDS,
} from "~/lib/password-toggle";

const inputClass =
  "block w-full rounded-lg border bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm placeholder:text-slate-400 focus:outline-2 focus:outline-offset-1 focus:outline-brand-600 disabled:bg-slate-100 read-only:bg-slate-50";
const borderClass = (invalid: boolean) => (invalid ? FIELD_LOOK.invalidBorder : FIELD_LOOK.validBorder);

/** For forms that show one problem at a time: otherwise a person who pressed Enter hears nothing. */
type Announce = { announceError?: boolean };

type FieldFrameProps = {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  children: React.ReactNode;
} & Announce;

/** The hint stays in the page, hidden while an error shows, so a page script can show and clear errors. */
function FieldFrame({ id, label, hint, error, announceError, children }: FieldFrameProps) {
  return (
    <div {...{ [FIELD_FRAME_ATTRIBUTE]: "" }} {...(announceError ? { [ANNOUNCE_ERROR_ATTRIBUTE]: "" } : {})}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} hidden={!!error} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} role={announceError ? "alert" : undefined} className={FIELD_LOOK.error}>
          {error}
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
      {/* Free text takes the direction of what is typed (Hebrew, Arabic). */}
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

/** The toggle is plain DOM code (~/lib/password-toggle.ts); hidden without scripts. */
export const PasswordField = forwardRef<HTMLInputElement, Omit<TextFieldProps, "type">>(function PasswordField(
  { label, hint, error, announceError, id, ...input },
  ref,
) {
  const generated = useId();
  const fieldId = id ?? generated;
  return (
    <FieldFrame id={fieldId} label={label} hint={hint} error={error} announceError={announceError}>
      <div className="relative">
        <input
          ref={ref}
          id={fieldId}
          type="password"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${fieldId}-error` : hint ? `${fieldId}-hint` : undefined}
          className={`${inputClass} ${borderClass(!!error)} pr-20`}
          {...input}
        />
        <button
          type="button"
          {...{ [PASSWORD_TOGGLE_ATTRIBUTE]: "" }}
          aria-pressed={false}
          aria-controls={fieldId}
          className="no-js:hidden absolute inset-y-0 right-0 rounded-r-lg px-3 text-sm font-medium text-brand-700 hover:text-brand-900 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <span {...{ [PASSWORD_TOGGLE_WORD_ATTRIBUTE]: "" }}>{PASSWORD_TOGGLE_WORDS.show}</span>
          <span className="sr-only"> {label.toLowerCase()}</span>
        </button>
      </div>
    </FieldFrame>
  );
});

type SelectFieldProps = React.SelectHTMLAttributes<HTMLSelectElement> & {
  label: string;
  hint?: string;
  error?: string;
  placeholder: string;
  options: readonly { value: string; label: string }[];
} & Announce;

export const SelectField = forwardRef<HTMLSelectElement, SelectFieldProps>(function SelectField(
  { label, hint, error, announceError, placeholder, options, id, ...select },
  ref,
) {
  const generated = useId();
  const fieldId = id ?? generated;
  return (
    <FieldFrame id={fieldId} label={label} hint={hint} error={error} announceError={announceError}>
      <select
        ref={ref}
        id={fieldId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${fieldId}-error` : hint ? `${fieldId}-hint` : undefined}
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
        {/* A style attribute in the server's HTML would break the page's CSP. */}
        <div
          className="h-full w-0 rounded-full bg-brand-600 transition-[width]"
          style={value > 0 ? { width: `${value}%` } : undefined}
        />
      </div>
      <p data-progress-label="" className="mt-1 text-xs text-slate-600">
        {value}%
      </p>
    </div>
  );
}

export function Alert({
  tone = "error",
  children,
}: {
  tone?: "error" | "info" | "success";
  children: React.ReactNode;
}) {
  return (
    <div role={tone === "error" ? "alert" : "status"} className={`${ALERT_LOOK.base} ${ALERT_LOOK[tone]}`}>
      {children}
    </div>
  );
}

/**
 * Filled, it takes focus as the page loads (`autofocus`: the sign-in screens load no framework), so
 * the answer is where the person is.
 */
export function FormAlert({
  message,
  crisisLine = false,
}: {
  message: string | null | undefined;
  crisisLine?: boolean;
}) {
  return (
    <div {...{ [FORM_ALERT_ATTRIBUTE]: "" }} hidden={!message}>
      {message ? (
        <div
          role="alert"
          tabIndex={-1}
          // biome-ignore lint/a11y/noAutofocus: the answer to the post the person just made; nothing else on the page has focus yet
          autoFocus
          className={`${ALERT_LOOK.base} ${ALERT_LOOK.error} ${ALERT_LOOK.focus}`}
        >
          {message}
          {crisisLine ? <CrisisLine /> : null}
        </div>
      ) : null}
    </div>
  );
}

export const primaryButtonClass =
  "inline-flex w-full items-center justify-center rounded-full bg-brand-700 px-6 py-3 text-base font-semibold text-white shadow-sm hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:cursor-not-allowed disabled:opacity-60";

type TextAreaFieldProps = React.TextareaHTMLAttributes<HTMLTextAreaElement> & {
  label: string;
  error?: string;
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
  /** A native form post. */
  name?: string;
  legend: string;
  options: readonly { value: string; label: string }[];
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
          <label key={option.value} className="flex min-h-9 items-center gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              name={name}
              value={option.value}
              checked={value.includes(option.value)}
              onChange={() =>
                onChange(
                  value.includes(option.value) ? value.filter((v) => v !== option.value) : [...value, option.value],
                )
              }
              className="h-4 w-4 shrink-0 rounded border-slate-400 accent-brand-700"
            />
            {option.label}
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
