import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { PictureChooser } from "~/components/auth/picture-chooser";
import { Alert, PasswordField, primaryButtonClass, SelectField, TextField } from "~/components/ui/form-controls";
import { downsizeImage } from "~/lib/downsize-image";
import type { PostFailure } from "~/lib/form-post-failure";
import { chosenFileProblem, UploadError, uploadImage } from "~/lib/upload-image";
import { GENDERS } from "~/shared/accounts";
import { NEXT_PARAM } from "~/shared/redirect-target";
import {
  type FormError,
  firstSignUpError,
  genderLabel,
  profileSaveFailureMessage,
  SIGN_UP_POST,
  type SignUpFields,
  signUpFieldsFrom,
} from "~/shared/schemas/auth";
import { UPLOAD_MESSAGES } from "~/shared/uploads";
import { focusField } from "./form-fields";

const GENDER_OPTIONS = GENDERS.map((value) => ({ value, label: genderLabel(value) }));

/** How long the 'profile data couldn't be saved' message stays before going on to chat (spec 9). */
const PROFILE_SAVE_FAILURE_REDIRECT_MS = 3000;

type Field = keyof SignUpFields;

/** What the /signup action answers when it does not move the browser on. */
export type SignUpResult =
  | { error: FormError<Field>; values: { email: string; gender: string } }
  | { saveFailure: string; destination: string }
  /** The account is made and signed in; the page uploads the picture that follows (SIGN_UP_POST). */
  | { created: true; destination: string };

/** What the page's script gets back: the action's answer, or a post that got none. */
type SignUpAnswer = SignUpResult | { failed: PostFailure };

const failureMessage = ({ status }: PostFailure) =>
  status === null ? UPLOAD_MESSAGES.networkError : UPLOAD_MESSAGES.failedWithStatus(status);

/**
 * Create an Account (spec section 4, Sign-up sequence). One multipart form, posted to the /signup
 * action. Without scripts the picture travels in that post. With them the fields are checked here
 * first (the first problem is announced and focused), then the account is created and signed in
 * without the picture, then the picture uploads to the upload endpoint with its real progress, and
 * its key is posted to the action to become the account's picture (SIGN_UP_POST). A picture not kept
 * says so and the visitor goes on after 3 seconds, as the spec's sequence does. Every error comes from
 * the action's answer; the inputs are uncontrolled, so nothing typed (before the scripts arrived, or
 * before a failed post) is lost.
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
  const fetcher = useFetcher<SignUpAnswer>();
  const serverError = result && "error" in result ? result.error : null;
  const [picture, setPicture] = useState<File | null>(null);
  const [error, setError] = useState<FormError<Field> | null>(serverError);
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [saveFailure, setSaveFailure] = useState<string | null>(
    result && "saveFailure" in result ? result.saveFailure : null,
  );
  const formRef = useRef<HTMLFormElement>(null);
  /** The picture, ready to upload once the account exists. */
  const pending = useRef<Blob | null>(null);
  /** Which post is under way: the account's, or (once it is made) the picture's, and where to go after. */
  const stage = useRef<{ posting: "account" } | { posting: "picture"; destination: string }>({ posting: "account" });
  const handled = useRef<SignUpAnswer | undefined>(undefined);
  const latestPicture = useRef<File | null>(null);
  const values = result && "values" in result ? result.values : { email: "", gender: "" };

  const clearOnEdit = (field: Field) => () => {
    if (error?.field === field) setError(null);
  };
  const fieldError = (field: Field) => (error?.field === field ? error.message : undefined);

  function refuse(problem: FormError<Field>) {
    setError(problem);
    setBusy(false);
    setProgress(null);
    if (formRef.current) focusField(formRef.current, problem.field);
  }

  function goOnAfterFailure(message: string, destination: string) {
    setSaveFailure(message);
    setProgress(null);
    window.setTimeout(() => window.location.assign(destination), PROFILE_SAVE_FAILURE_REDIRECT_MS);
  }

  async function uploadPicture(destination: string) {
    const file = pending.current;
    if (!file) return window.location.assign(destination);
    stage.current = { posting: "picture", destination };
    setProgress(0);
    try {
      const { key } = await uploadImage(file, { purpose: "profile", onProgress: setProgress });
      const post = new FormData();
      post.set(SIGN_UP_POST.intent, SIGN_UP_POST.pictureIntent);
      post.set(SIGN_UP_POST.pictureKey, key);
      post.set(NEXT_PARAM, next ?? "");
      await fetcher.submit(post, { method: "post", defaultShouldRevalidate: false });
    } catch (caught) {
      const reason = caught instanceof UploadError ? caught.message : UPLOAD_MESSAGES.networkError;
      goOnAfterFailure(profileSaveFailureMessage(reason), destination);
    }
  }

  // Each answer of the action, once: refused, made (the picture follows), or made without the picture.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs per answer; the handlers read the latest state
  useEffect(() => {
    const answer = fetcher.data;
    if (!answer || handled.current === answer) return;
    handled.current = answer;
    if ("error" in answer) return refuse(answer.error);
    if ("created" in answer) {
      void uploadPicture(answer.destination);
      return;
    }
    if ("saveFailure" in answer) return goOnAfterFailure(answer.saveFailure, answer.destination);
    // No answer to the account's post: nothing was made, try again. No answer to the picture's:
    // the account exists, so the visitor goes on without it.
    const current = stage.current;
    if (current.posting === "account") return refuse({ field: null, message: failureMessage(answer.failed) });
    goOnAfterFailure(profileSaveFailureMessage(failureMessage(answer.failed)), current.destination);
  }, [fetcher.data]);

  /**
   * A picture chosen (or removed, null): checked as it is chosen, its first bytes too, so a file
   * that is no picture is refused at once, by name of the kinds that work. The latest choice wins
   * over a slower check of an earlier one.
   */
  async function choosePicture(file: File | null) {
    latestPicture.current = file;
    setProgress(null);
    const problem = file ? await chosenFileProblem(file, "profile") : null;
    if (latestPicture.current !== file) return;
    setPicture(file);
    if (problem) setError({ field: "picture", message: problem });
    else setError((current) => (current?.field === "picture" ? null : current));
  }

  async function handleSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || saveFailure) return;
    const form = new FormData(event.currentTarget);
    const fields = signUpFieldsFrom(form);
    // The claimed type answers at once for a HEIC photo, and the first bytes for a file that is no
    // image at all: either is refused before an account is made. The server decides from the bytes.
    const chosen = fields.picture;
    const pictureProblem = chosen ? await chosenFileProblem(chosen, "profile") : null;
    const problem =
      firstSignUpError(fields) ?? (pictureProblem ? { field: "picture" as const, message: pictureProblem } : null);
    if (problem) return refuse(problem);
    setBusy(true);
    setError(null);
    setProgress(null);
    stage.current = { posting: "account" };
    form.delete("picture");
    pending.current = chosen ? await downsizeImage(chosen) : null;
    if (chosen) form.set(SIGN_UP_POST.pictureFollows, "1");
    // The page stays until the account is made (and its picture kept): no loader reads in between.
    await fetcher.submit(form, { method: "post", encType: "multipart/form-data", defaultShouldRevalidate: false });
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
        onChange={(file) => void choosePicture(file)}
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
