import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { Form, useFetcher } from "react-router";
import { Alert, ProgressBar, primaryButtonClass } from "~/components/ui/form-controls";
import { PersonIcon } from "~/components/ui/person-icon";
import { usePrefersReducedMotion } from "~/hooks/use-prefers-reduced-motion";
import type { PostFailure } from "~/lib/form-post-failure";
import { EDIT_SECTIONS, LONG_TEXT_FIELDS } from "~/lib/profile-labels";
import { m } from "~/paraglide/messages";
import { IN_PLACE_FIELD } from "~/shared/form-posts";
import {
  firstErrorField,
  isListField,
  PROFILE_FIELDS,
  PROFILE_MESSAGES,
  type ProfileErrors,
  type ProfileField,
  type ProfileForm,
  profileErrors,
  profileFromFormData,
  profileToFormData,
} from "~/shared/schemas/profile";
import { ACCEPTED_IMAGE_TYPES } from "~/shared/uploads";
import { usePhotoUpload, useProfileDraft } from "./profile-form-state";
import { fieldId, labelOf, ProfileInput } from "./profile-input";

export const PROFILE_FORM_TEXTS = {
  get photoReady() {
    return m.profile_form_photo_ready();
  },
  get restored() {
    return m.profile_form_restored();
  },
};

/** Spec section 9. */
export const SAVED_NOTICE_MS = 2000;

type SaveState = { kind: "idle" } | { kind: "saved" } | { kind: "failed"; message: string };

type SaveAnswer = { saved: ProfileForm } | { errors: ProfileErrors } | { failed: PostFailure };

const PROFILE_FORM_ACTION = "/profile?tab=edit";

/**
 * Spec sections 2, 4 and 5; the server validates again with the same schema. A real form: without
 * scripts it posts the photo as a file; with them the photo uploads when chosen.
 */
export function ProfileEditForm({
  userId,
  initial,
  initialErrors = {},
  failure,
  onSaved,
}: {
  userId: string;
  initial: ProfileForm;
  initialErrors?: ProfileErrors;
  failure?: string;
  onSaved: (profile: ProfileForm) => void;
}) {
  const [values, setValues, clearDraft, restored] = useProfileDraft(userId, initial);
  const [errors, setErrors] = useState<ProfileErrors>(initialErrors);
  const [save, setSave] = useState<SaveState>(failure ? { kind: "failed", message: failure } : { kind: "idle" });
  const formRef = useRef<HTMLFormElement>(null);
  const photoRef = useRef<(file: File | null) => void>(() => {});
  useTypedBeforeScripts(formRef, initial, setValues, (file) => photoRef.current(file));
  const focusFirstError = useFocusFirstError();

  const setField = <F extends ProfileField>(field: F, value: ProfileForm[F]) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors(({ [field]: _cleared, ...rest }) => rest);
  };

  const photo = usePhotoUpload((url) => setField("photoUrl", url));
  photoRef.current = photo.choose;

  useEffect(() => {
    if (save.kind !== "saved") return;
    const timer = window.setTimeout(() => setSave({ kind: "idle" }), SAVED_NOTICE_MS);
    return () => window.clearTimeout(timer);
  }, [save.kind]);

  const showErrors = (found: ProfileErrors) => {
    setErrors(found);
    focusFirstError(firstErrorField(found));
  };

  const fetcher = useFetcher<SaveAnswer>();
  const saving = fetcher.state !== "idle";
  const handled = useRef<SaveAnswer | undefined>(undefined);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs per answer; the handlers read the latest state
  useEffect(() => {
    const answer = fetcher.data;
    if (!answer || handled.current === answer) return;
    handled.current = answer;
    if ("saved" in answer) {
      clearDraft();
      setSave({ kind: "saved" });
      onSaved(answer.saved);
    } else if ("errors" in answer && Object.keys(answer.errors).length > 0) {
      setSave({ kind: "idle" });
      showErrors(answer.errors);
    } else {
      setSave({ kind: "failed", message: PROFILE_MESSAGES.saveFailed });
    }
  }, [fetcher.data]);

  function submit(event: React.FormEvent) {
    event.preventDefault();
    if (saving || photo.uploading) return;
    const found = profileErrors(values);
    if (Object.keys(found).length > 0) return showErrors(found);
    setSave({ kind: "idle" });
    const form = profileToFormData(values);
    form.set(IN_PLACE_FIELD, "1");
    void fetcher.submit(form, { method: "post", action: PROFILE_FORM_ACTION });
  }

  return (
    <Form
      ref={formRef}
      method="post"
      action={PROFILE_FORM_ACTION}
      encType="multipart/form-data"
      noValidate
      onSubmit={submit}
      className="space-y-8"
    >
      <input type="hidden" name="photoUrl" value={values.photoUrl} />
      <p className="text-sm text-slate-600">
        <span aria-hidden="true">* </span>
        {m.profile_form_required_fields()}
      </p>
      {restored ? <Alert tone="info">{PROFILE_FORM_TEXTS.restored}</Alert> : null}

      <section aria-labelledby="profile-photo-heading" className="flex flex-col items-center gap-3">
        <h3 id="profile-photo-heading" className="sr-only">
          {m.profile_form_photo_heading()}
        </h3>
        <div className="relative">
          {photo.preview || values.photoUrl ? (
            <img
              src={photo.preview ?? values.photoUrl}
              alt={m.profile_form_photo_alt()}
              className={`h-32 w-32 rounded-full object-cover ring-4 ${errors.photoUrl ? "ring-red-600" : "ring-brand-100"}`}
            />
          ) : (
            <span
              className={`flex h-32 w-32 items-center justify-center rounded-full bg-brand-100 text-brand-700 ring-4 ${errors.photoUrl ? "ring-red-600" : "ring-brand-100"}`}
            >
              <PersonIcon className="h-16 w-16" />
            </span>
          )}
          <label className="absolute right-0 bottom-0 inline-flex h-11 w-11 cursor-pointer items-center justify-center rounded-full bg-brand-700 text-white shadow hover:bg-brand-800 focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand-700">
            <span className="sr-only">{m.profile_form_choose_photo({ label: labelOf("photoUrl") })}</span>
            <svg
              viewBox="0 0 24 24"
              className="h-5 w-5"
              aria-hidden="true"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              <path d="M4 8h3l2-3h6l2 3h3v11H4z" strokeLinejoin="round" />
              <circle cx="12" cy="13" r="3.5" />
            </svg>
            {/* Posted as a file only where scripts have not run. */}
            <input
              id={fieldId("photoUrl")}
              name="photo"
              type="file"
              accept={ACCEPTED_IMAGE_TYPES.join(",")}
              className="sr-only"
              aria-invalid={errors.photoUrl ? true : undefined}
              aria-describedby={errors.photoUrl ? `${fieldId("photoUrl")}-error` : undefined}
              disabled={photo.uploading}
              onChange={(event) => {
                const file = event.currentTarget.files?.[0] ?? null;
                event.currentTarget.value = "";
                photo.choose(file);
              }}
            />
          </label>
        </div>
        {photo.progress !== null && photo.progress > 0 && photo.progress < 100 ? (
          <div className="w-48">
            <ProgressBar value={photo.progress} label={m.profile_form_uploading()} />
          </div>
        ) : null}
        {photo.error ? <Alert>{photo.error}</Alert> : null}
        <p role="status" className="text-sm text-slate-700">
          {!photo.uploading && values.photoUrl && values.photoUrl !== initial.photoUrl
            ? PROFILE_FORM_TEXTS.photoReady
            : ""}
        </p>
        {errors.photoUrl ? (
          <p id={`${fieldId("photoUrl")}-error`} className="text-sm text-red-700">
            {errors.photoUrl}
          </p>
        ) : null}
      </section>

      {EDIT_SECTIONS.map((section) => (
        <section key={section.title} className="space-y-4 rounded-xl border border-slate-200 p-5">
          <h3 className="text-lg font-semibold text-slate-900">{section.title}</h3>
          <div className="grid gap-4 sm:grid-cols-2">
            {section.fields.map((field) => (
              <div
                key={field}
                className={LONG_TEXT_FIELDS.includes(field) || isListField(field) ? "sm:col-span-2" : ""}
              >
                <ProfileInput field={field} values={values} error={errors[field]} onChange={setField} />
              </div>
            ))}
          </div>
        </section>
      ))}

      <div className="space-y-3">
        {save.kind === "failed" ? <Alert>{save.message}</Alert> : null}
        <div aria-live="polite">
          {save.kind === "saved" ? <Alert tone="success">{PROFILE_MESSAGES.saved}</Alert> : null}
        </div>
        <button type="submit" disabled={saving || photo.uploading} className={primaryButtonClass}>
          {saving ? m.profile_form_saving() : m.profile_form_save()}
        </button>
      </div>
    </Form>
  );
}

/** A layout effect: a Save pressed the moment the scripts arrive must not send the values from before. */
function useTypedBeforeScripts(
  formRef: React.RefObject<HTMLFormElement | null>,
  initial: ProfileForm,
  setValues: (update: (current: ProfileForm) => ProfileForm) => void,
  choosePhoto: (file: File) => void,
) {
  const initialRef = useRef(initial);
  const setValuesRef = useRef(setValues);
  setValuesRef.current = setValues;
  const choosePhotoRef = useRef(choosePhoto);
  choosePhotoRef.current = choosePhoto;
  useLayoutEffect(() => {
    if (!formRef.current) return;
    const form = new FormData(formRef.current);
    // As if chosen just now.
    const photo = form.get("photo");
    if (photo instanceof File && photo.size > 0) choosePhotoRef.current(photo);
    const typed = profileFromFormData(form);
    const changed = PROFILE_FIELDS.filter(
      (field) => field !== "photoUrl" && JSON.stringify(typed[field]) !== JSON.stringify(initialRef.current[field]),
    );
    if (changed.length === 0) return;
    setValuesRef.current((current) => ({
      ...current,
      ...Object.fromEntries(changed.map((field) => [field, typed[field]])),
    }));
  }, [formRef]);
}

/** After React has drawn the errors. */
function useFocusFirstError() {
  const reducedMotion = usePrefersReducedMotion();
  const [target, setTarget] = useState<{ field: ProfileField } | null>(null);
  useEffect(() => {
    if (!target) return;
    const element = document.getElementById(fieldId(target.field));
    const focusable =
      element instanceof HTMLFieldSetElement ? element.querySelector<HTMLInputElement>("input") : element;
    element?.scrollIntoView({ behavior: reducedMotion ? "auto" : "smooth", block: "center" });
    focusable?.focus({ preventScroll: true });
  }, [target, reducedMotion]);
  return (field: ProfileField | undefined) => {
    if (field) setTarget({ field });
  };
}
