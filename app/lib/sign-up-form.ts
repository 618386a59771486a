import { downsizeImage } from "~/lib/downsize-image";
import { UploadError, uploadImage } from "~/lib/upload-image";
import {
  type FormError,
  firstSignUpError,
  profileSaveFailureMessage,
  SIGN_UP_POST,
  type SignUpFields,
  signUpFieldsFrom,
} from "~/shared/auth-rules";
import { NEXT_PARAM } from "~/shared/redirect-target";
import { PATHS } from "~/shared/routes";
import { UPLOAD_MESSAGES } from "~/shared/uploads";
import { clearErrorsOnEdit, showBusy } from "./auth-forms";
import { showFormAlert, showProblem } from "./form-feedback";
import { PICTURE_CHOOSER_PARTS, startPictureChooser } from "./picture-chooser";

/** Spec section 4, Sign-up sequence; inputs are never touched, so nothing typed is lost to a refused or failed post. */

declare global {
  interface Window {
    turnstile?: { reset: () => void };
  }
}

export const SIGN_UP_FORM_KIND = "sign-up";

/** Spec section 9. */
export const PROFILE_SAVE_FAILURE_REDIRECT_MS = 3000;

const FIELDS: readonly (keyof SignUpFields)[] = ["email", "password", "confirmPassword", "gender", "picture"];

type StepAnswer =
  | { error: FormError<keyof SignUpFields>; crisisLine?: true }
  | { saveFailure: string; destination: string }
  | { created: true; destination: string }
  | { destination: string };

class PostFailed extends Error {
  constructor(readonly status: number | null) {
    super(status === null ? UPLOAD_MESSAGES.networkError : UPLOAD_MESSAGES.failedWithStatus(status));
  }
}

async function postStep(form: FormData | URLSearchParams): Promise<StepAnswer> {
  let response: Response;
  try {
    response = await fetch(PATHS.signUpSteps, { method: "POST", body: form, headers: { Accept: "application/json" } });
  } catch {
    throw new PostFailed(null);
  }
  const answer: unknown = response.headers.get("Content-Type")?.includes("application/json")
    ? await response.json().catch(() => null)
    : null;
  if (answer && typeof answer === "object" && ("error" in answer || "destination" in answer)) {
    return answer as StepAnswer;
  }
  throw new PostFailed(response.status);
}

export function startSignUpForm(form: HTMLFormElement): void {
  const chooserRoot = form.querySelector<HTMLElement>(`[${PICTURE_CHOOSER_PARTS.root}]`);
  if (!chooserRoot) return;
  const chooser = startPictureChooser(form, chooserRoot, { name: "picture", purpose: "profile" });
  let busy = false;
  let goingOn = false;
  clearErrorsOnEdit(
    form,
    FIELDS.filter((field) => field !== "picture"),
  );

  const setBusy = (value: boolean) => {
    busy = value;
    showBusy(form, value);
    chooser.setDisabled(value);
    if (!value) chooser.showProgress(null);
  };
  const refuse = (problem: { field: string | null; message: string }, crisisLine = false) => {
    setBusy(false);
    // A token the server has seen is spent.
    window.turnstile?.reset();
    showProblem(form, problem, FIELDS, { crisisLine });
  };
  const goOnAfterFailure = (message: string, destination: string) => {
    goingOn = true;
    chooser.showProgress(null);
    showFormAlert(form, message);
    window.setTimeout(() => window.location.assign(destination), PROFILE_SAVE_FAILURE_REDIRECT_MS);
  };

  const uploadPicture = async (picture: Blob, destination: string) => {
    chooser.showProgress(0);
    try {
      const { key } = await uploadImage(picture, { purpose: "profile", onProgress: chooser.showProgress });
      const post = new URLSearchParams({
        [SIGN_UP_POST.intent]: SIGN_UP_POST.pictureIntent,
        [SIGN_UP_POST.pictureKey]: key,
        [NEXT_PARAM]: String(new FormData(form).get(NEXT_PARAM) ?? ""),
      });
      const answer = await postStep(post);
      if ("saveFailure" in answer) return goOnAfterFailure(answer.saveFailure, answer.destination);
      window.location.assign("destination" in answer ? answer.destination : destination);
    } catch (caught) {
      const reason =
        caught instanceof UploadError || caught instanceof PostFailed ? caught.message : UPLOAD_MESSAGES.networkError;
      goOnAfterFailure(profileSaveFailureMessage(reason), destination);
    }
  };

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (busy || goingOn) return;
    const posted = new FormData(form);
    const fields = signUpFieldsFrom(posted);
    const refusal = chooser.problem();
    const problem = firstSignUpError(fields) ?? (refusal ? { field: "picture", message: refusal } : null);
    if (problem) return refuse(problem);
    setBusy(true);
    showFormAlert(form, null);
    const picture = chooser.picture();
    posted.delete("picture");
    const scaled = picture ? await downsizeImage(picture) : null;
    if (scaled) posted.set(SIGN_UP_POST.pictureFollows, "1");
    let answer: StepAnswer;
    try {
      answer = await postStep(posted);
    } catch (caught) {
      return refuse({
        field: null,
        message: caught instanceof PostFailed ? caught.message : UPLOAD_MESSAGES.networkError,
      });
    }
    if ("error" in answer) return refuse(answer.error, answer.crisisLine === true);
    if ("saveFailure" in answer) return goOnAfterFailure(answer.saveFailure, answer.destination);
    if ("created" in answer && scaled) return uploadPicture(scaled, answer.destination);
    window.location.assign(answer.destination);
  });

  // Back to a page the browser kept: whatever was under way is over.
  window.addEventListener("pageshow", (event) => {
    if (event.persisted && !goingOn) setBusy(false);
  });
}
