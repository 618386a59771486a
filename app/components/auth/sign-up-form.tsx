import { useRef, useState } from "react";
import { PictureChooser } from "~/components/auth/picture-chooser";
import { Alert, PasswordField, primaryButtonClass, SelectField, TextField } from "~/components/ui/form-controls";
import { GENDERS } from "~/lib/accounts";
import { signUp } from "~/lib/auth-client";
import { downsizeImage } from "~/lib/downsize-image";
import { UploadError, uploadImage } from "~/lib/upload-image";
import { type FieldError, firstSignUpError, genderLabel, type SignUpFields } from "~/schemas/auth";

const GENDER_OPTIONS = GENDERS.map((value) => ({ value, label: genderLabel(value) }));

/** How long the 'profile data couldn't be saved' message stays before going on to chat (spec 9). */
export const PROFILE_SAVE_FAILURE_REDIRECT_MS = 3000;

type Field = keyof SignUpFields;

/**
 * Create an Account (spec section 4, Sign-up sequence): create the account, upload the picture,
 * set display name and photo, then chat. If the picture fails after the account exists, the account
 * stays and the picture can be retried without creating it again.
 */
export function SignUpForm({ username, onSignedIn }: { username: string; onSignedIn: () => void }) {
  const [values, setValues] = useState({ email: "", password: "", confirmPassword: "", gender: "" });
  const [picture, setPicture] = useState<File | null>(null);
  const [error, setError] = useState<FieldError<Field> | { field: null; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [accountCreated, setAccountCreated] = useState(false);
  const [saveFailure, setSaveFailure] = useState<string | null>(null);
  const fieldRefs = useRef<Partial<Record<Field, { focus(): void } | null>>>({});

  const update = (field: keyof typeof values) => (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
    setValues((v) => ({ ...v, [field]: event.target.value }));
    if (error?.field === field) setError(null);
  };
  const fieldError = (field: Field) => (error?.field === field ? error.message : undefined);

  async function savePicture(file: File) {
    let url: string;
    try {
      setProgress(0);
      url = (await uploadImage(await downsizeImage(file), { purpose: "profile", onProgress: setProgress })).url;
    } catch (caught) {
      setProgress(null);
      const message = caught instanceof UploadError ? caught.message : "Network error during upload";
      setError({ field: "picture", message });
      return false;
    }
    const response = await fetch("/api/account/photo", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ url }),
    }).catch(() => null);
    if (!response?.ok) {
      const body = (await response?.json().catch(() => null)) as { message?: string } | null;
      const reason = body?.message ?? (response ? `status ${response.status}` : "the network failed");
      setSaveFailure(`Account created but profile data couldn't be saved: ${reason}`);
      window.setTimeout(onSignedIn, PROFILE_SAVE_FAILURE_REDIRECT_MS);
      return false;
    }
    return true;
  }

  async function handleSubmit(event: React.FormEvent) {
    event.preventDefault();
    if (busy) return;
    const problem = firstSignUpError({ ...values, picture });
    if (problem) {
      setError(problem);
      fieldRefs.current[problem.field]?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    if (!accountCreated) {
      const result = await signUp({
        email: values.email.trim(),
        password: values.password,
        gender: values.gender,
        username,
      });
      if (!result.ok) {
        setError({ field: null, message: result.message });
        setBusy(false);
        return;
      }
      setAccountCreated(true);
    }
    if (picture && (await savePicture(picture))) {
      onSignedIn();
      return;
    }
    setBusy(false);
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="space-y-4">
      {saveFailure ? <Alert>{saveFailure}</Alert> : null}
      {error?.field === null ? <Alert>{error.message}</Alert> : null}
      {accountCreated && !saveFailure ? (
        <Alert tone="info">Your account was created. Add your profile picture to finish.</Alert>
      ) : null}
      <TextField
        label="Your anonymous username"
        value={username}
        readOnly
        hint="Generated for you, so nobody knows who you are."
      />
      <TextField
        ref={(el) => {
          fieldRefs.current.email = el;
        }}
        label="Email"
        type="email"
        autoComplete="email"
        value={values.email}
        onChange={update("email")}
        error={fieldError("email")}
        disabled={accountCreated}
      />
      <PasswordField
        ref={(el) => {
          fieldRefs.current.password = el;
        }}
        label="Password"
        autoComplete="new-password"
        value={values.password}
        onChange={update("password")}
        error={fieldError("password")}
        disabled={accountCreated}
      />
      <PasswordField
        ref={(el) => {
          fieldRefs.current.confirmPassword = el;
        }}
        label="Confirm password"
        autoComplete="new-password"
        value={values.confirmPassword}
        onChange={update("confirmPassword")}
        error={fieldError("confirmPassword")}
        disabled={accountCreated}
      />
      <SelectField
        ref={(el) => {
          fieldRefs.current.gender = el;
        }}
        label="Gender"
        placeholder="Select your gender"
        options={GENDER_OPTIONS}
        value={values.gender}
        onChange={update("gender")}
        error={fieldError("gender")}
        disabled={accountCreated}
      />
      <PictureChooser
        file={picture}
        onChange={(file) => {
          setPicture(file);
          setProgress(null);
          if (error?.field === "picture") setError(null);
        }}
        progress={progress}
        error={fieldError("picture")}
        disabled={busy}
      />
      <button type="submit" disabled={busy} className={primaryButtonClass}>
        {busy ? "Creating Account..." : accountCreated ? "Upload Picture" : "Create Account"}
      </button>
    </form>
  );
}
