import { useRef, useState } from "react";
import { PictureChooser } from "~/components/auth/picture-chooser";
import { Alert, PasswordField, primaryButtonClass, SelectField, TextField } from "~/components/ui/form-controls";
import { downsizeImage } from "~/lib/downsize-image";
import { postWithProgress, UploadError } from "~/lib/upload-image";
import { GENDERS } from "~/shared/accounts";
import { NEXT_PARAM } from "~/shared/redirect-target";
import {
  type FormError,
  firstSignUpError,
  genderLabel,
  type SignUpFields,
  signUpFieldsFrom,
} from "~/shared/schemas/auth";
import { chosenImageProblem, UPLOAD_MESSAGES } from "~/shared/uploads";
import { focusField } from "./form-fields";

const GENDER_OPTIONS = GENDERS.map((value) => ({ value, label: genderLabel(value) }));

/** How long the 'profile data couldn't be saved' message stays before going on to chat (spec 9). */
export const PROFILE_SAVE_FAILURE_REDIRECT_MS = 3000;

type Field = keyof SignUpFields;

/** What the /signup action answers when it does not redirect (the form posted without scripts). */
export type SignUpResult =
  | { error: FormError<Field>; values: { email: string; gender: string } }
  | { saveFailure: string; destination: string };

/** What POST /api/sign-up answers the page's script. */
type SignUpAnswer = { destination: string; saveFailure: string | null } | { field: Field | null; message: string };

/**
 * Create an Account (spec section 4, Sign-up sequence). One multipart form: without scripts it posts
 * to the /signup action; with them it posts the same fields to /api/sign-up so the picture's upload
 * progress shows. The picture is optional (issue 23); the other fields are required, and the first
 * problem is announced and focused. Either way the server checks every field and the picture's real type before it
 * creates anything, then makes the account and stores the picture in one go. The inputs are
 * uncontrolled, so nothing typed before the scripts arrived is lost when they do.
 */
export function SignUpForm({
  username,
  next,
  result,
}: {
  username: string;
  next: string | null;
  result: SignUpResult | undefined;
}) {
  const serverError = result && "error" in result ? result.error : null;
  const [picture, setPicture] = useState<File | null>(null);
  const [error, setError] = useState<FormError<Field> | null>(serverError);
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [saveFailure, setSaveFailure] = useState<string | null>(
    result && "saveFailure" in result ? result.saveFailure : null,
  );
  const formRef = useRef<HTMLFormElement>(null);
  const values = result && "values" in result ? result.values : { email: "", gender: "" };

  const clearOnEdit = (field: Field) => () => {
    if (error?.field === field) setError(null);
  };
  const fieldError = (field: Field) => (error?.field === field ? error.message : undefined);

  function refuse(problem: FormError<Field>) {
    setError(problem);
    if (formRef.current) focusField(formRef.current, problem.field);
  }

  async function handleSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || saveFailure) return;
    const form = new FormData(event.currentTarget);
    const fields = signUpFieldsFrom(form);
    // The claimed type answers at once for a HEIC photo; the server decides from the bytes.
    const pictureProblem = fields.picture ? chosenImageProblem(fields.picture, "profile") : null;
    const problem =
      firstSignUpError(fields) ?? (pictureProblem ? { field: "picture" as const, message: pictureProblem } : null);
    if (problem) return refuse(problem);
    setBusy(true);
    setError(null);
    // Progress is the picture's upload; without one (it is optional) there is nothing to show.
    const chosen = fields.picture;
    setProgress(chosen ? 0 : null);
    try {
      if (chosen) form.set("picture", await downsizeImage(chosen), chosen.name);
      else form.delete("picture");
      const { status, body } = await postWithProgress<SignUpAnswer>(
        "/api/sign-up",
        form,
        chosen ? setProgress : undefined,
      );
      if (status === 201 && body && "destination" in body) {
        // A full page load: every part of the page starts from the new session.
        if (!body.saveFailure) return window.location.assign(body.destination);
        setSaveFailure(body.saveFailure);
        window.setTimeout(() => window.location.assign(body.destination), PROFILE_SAVE_FAILURE_REDIRECT_MS);
        return;
      }
      const refused = body && "message" in body ? body : null;
      refuse(
        refused
          ? { field: refused.field, message: refused.message }
          : { field: null, message: UPLOAD_MESSAGES.failedWithStatus(status) },
      );
    } catch (caught) {
      refuse({ field: null, message: caught instanceof UploadError ? caught.message : UPLOAD_MESSAGES.networkError });
    }
    setBusy(false);
    setProgress(null);
  }

  return (
    <form
      ref={formRef}
      method="post"
      encType="multipart/form-data"
      noValidate
      onSubmit={handleSubmit}
      className="space-y-4"
    >
      {saveFailure ? <Alert>{saveFailure}</Alert> : null}
      {saveFailure && result && "destination" in result ? (
        // Without scripts, the page moves on by itself after the same 3 seconds.
        <meta httpEquiv="refresh" content={`${PROFILE_SAVE_FAILURE_REDIRECT_MS / 1000};url=${result.destination}`} />
      ) : null}
      {error?.field === null ? <Alert>{error.message}</Alert> : null}
      <input type="hidden" name={NEXT_PARAM} value={next ?? ""} />
      <TextField
        label="Your anonymous username"
        name="username"
        value={username}
        readOnly
        hint="Generated for you, so nobody knows who you are."
      />
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        required
        announceError
        defaultValue={values.email}
        onChange={clearOnEdit("email")}
        error={fieldError("email")}
      />
      <PasswordField
        label="Password"
        name="password"
        autoComplete="new-password"
        required
        announceError
        onChange={clearOnEdit("password")}
        error={fieldError("password")}
      />
      <PasswordField
        label="Confirm password"
        name="confirmPassword"
        autoComplete="new-password"
        required
        announceError
        onChange={clearOnEdit("confirmPassword")}
        error={fieldError("confirmPassword")}
      />
      <SelectField
        label="Gender"
        name="gender"
        placeholder="Select your gender"
        options={GENDER_OPTIONS}
        required
        announceError
        defaultValue={values.gender}
        onChange={clearOnEdit("gender")}
        error={fieldError("gender")}
      />
      <PictureChooser
        name="picture"
        file={picture}
        onChange={(file) => {
          setPicture(file);
          setProgress(null);
          const problem = file ? chosenImageProblem(file, "profile") : null;
          if (problem) setError({ field: "picture", message: problem });
          else if (error?.field === "picture") setError(null);
        }}
        progress={progress}
        error={fieldError("picture")}
        disabled={busy}
      />
      <button type="submit" disabled={busy} className={primaryButtonClass}>
        {busy ? "Creating Account..." : "Create Account"}
      </button>
    </form>
  );
}
