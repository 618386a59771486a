import { useLayoutEffect, useRef, useState } from "react";
import { useObjectUrl } from "~/hooks/use-object-url";
import { UploadError, uploadImage } from "~/lib/upload-image";
import type { ProfileForm } from "~/shared/schemas/profile";
import { chosenImageProblem, UPLOAD_MESSAGES } from "~/shared/uploads";

export function usePhotoUpload(onUploaded: (url: string) => void) {
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const preview = useObjectUrl(file);
  const onUploadedRef = useRef(onUploaded);
  onUploadedRef.current = onUploaded;

  async function choose(chosen: File | null) {
    if (!chosen) return;
    const problem = chosenImageProblem(chosen, "profile");
    if (problem) return setError(problem);
    setError(null);
    setFile(chosen);
    setProgress(0);
    try {
      const { url } = await uploadImage(chosen, { purpose: "profile", onProgress: setProgress });
      onUploadedRef.current(url);
    } catch (failure) {
      setFile(null);
      setError(failure instanceof UploadError ? failure.message : UPLOAD_MESSAGES.networkError);
    } finally {
      setProgress(null);
    }
  }

  return { choose, preview, progress, error, uploading: progress !== null };
}

const DRAFT_PREFIX = "kindred:profile-draft:";

/** Read after mount in a layout effect, before useTypedBeforeScripts, so what was typed goes on top. */
export function useProfileDraft(userId: string, initial: ProfileForm) {
  const key = `${DRAFT_PREFIX}${userId}`;
  const [values, setValuesState] = useState<ProfileForm>(initial);
  const [restored, setRestored] = useState(false);
  const initialRef = useRef(initial);

  useLayoutEffect(() => {
    const stored = window.localStorage.getItem(key);
    if (!stored) return;
    try {
      const draft = { ...initialRef.current, ...(JSON.parse(stored) as Partial<ProfileForm>) };
      if (JSON.stringify(draft) !== JSON.stringify(initialRef.current)) {
        setValuesState(draft);
        setRestored(true);
      }
    } catch {
      window.localStorage.removeItem(key);
    }
  }, [key]);

  const setValues = (update: (current: ProfileForm) => ProfileForm) =>
    setValuesState((current) => {
      const next = update(current);
      window.localStorage.setItem(key, JSON.stringify(next));
      return next;
    });
  const clear = () => {
    window.localStorage.removeItem(key);
    setRestored(false);
  };
  return [values, setValues, clear, restored] as const;
}
