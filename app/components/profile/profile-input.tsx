import { CheckboxGroup, SelectField, TextAreaField, TextField } from "~/components/ui/form-controls";
import { LONG_TEXT_FIELDS, PROFILE_LABELS } from "~/lib/profile-labels";
import { m } from "~/paraglide/messages";
import { isOptionField, optionChoices } from "~/shared/profile-option-labels";
import {
  AT_LEAST_ONE,
  isListField,
  LONG_TEXT_MAX,
  LONG_TEXT_MIN,
  longTextLength,
  type ProfileField,
  type ProfileForm,
  REQUIRED_PROFILE_FIELDS,
} from "~/shared/schemas/profile";

export const fieldId = (field: ProfileField) => `profile-${field}`;
function isRequiredField(field: ProfileField): boolean {
  return (REQUIRED_PROFILE_FIELDS as readonly string[]).includes(field) || field in AT_LEAST_ONE;
}
export const labelOf = (field: ProfileField) => `${PROFILE_LABELS[field]}${isRequiredField(field) ? " *" : ""}`;

export function ProfileInput({
  field,
  values,
  error,
  onChange,
}: {
  field: ProfileField;
  values: ProfileForm;
  error?: string;
  onChange: <F extends ProfileField>(field: F, value: ProfileForm[F]) => void;
}) {
  // Each option posts its stored (English) value and reads in the person's language.
  const options = isOptionField(field) ? optionChoices(field) : null;
  const value = values[field];
  if (isListField(field)) {
    return (
      <CheckboxGroup
        id={fieldId(field)}
        name={field}
        legend={labelOf(field)}
        options={options ?? []}
        value={values[field]}
        error={error}
        onChange={(next) => onChange(field, next)}
      />
    );
  }
  const text = value as string;
  const common = {
    id: fieldId(field),
    name: field,
    label: labelOf(field),
    error,
    "aria-required": isRequiredField(field) || undefined,
  };
  if (options) {
    return (
      <SelectField
        {...common}
        value={text}
        placeholder={m.profile_form_select()}
        options={options}
        onChange={(event) => onChange(field, event.target.value)}
      />
    );
  }
  if (LONG_TEXT_FIELDS.includes(field)) {
    return (
      <TextAreaField
        {...common}
        value={text}
        rows={4}
        onChange={(event) => onChange(field, event.target.value)}
        footer={<LengthCounter length={longTextLength(text)} required={isRequiredField(field)} />}
      />
    );
  }
  return (
    <TextField
      {...common}
      value={text}
      {...(field === "age" ? { type: "text", inputMode: "numeric" as const, autoComplete: "off" } : {})}
      {...(field === "zipCode" ? { autoComplete: "postal-code" } : {})}
      {...(field === "firstName" ? { autoComplete: "given-name" } : {})}
      {...(field === "lastName" ? { autoComplete: "family-name" } : {})}
      onChange={(event) => onChange(field, event.target.value)}
    />
  );
}

/** Spec section 5. */
function LengthCounter({ length, required }: { length: number; required: boolean }) {
  const level =
    length < LONG_TEXT_MIN && (required || length > 0)
      ? "below-minimum"
      : length > LONG_TEXT_MAX * 0.9
        ? "near-maximum"
        : "ok";
  const color = { "below-minimum": "text-red-700", "near-maximum": "text-amber-700", ok: "text-slate-600" }[level];
  return (
    <p data-level={level} className={`mt-1 text-right text-xs ${color}`}>
      {m.profile_form_counter({ length, max: LONG_TEXT_MAX, min: LONG_TEXT_MIN })}
    </p>
  );
}
