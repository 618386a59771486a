import { useEffect, useId, useRef, useState } from "react";
import { ProgressBar } from "~/components/ui/form-controls";
import { PersonIcon } from "~/components/ui/person-icon";
import { useObjectUrl } from "~/hooks/use-object-url";
import { ACCEPTED_IMAGE_TYPES, PICTURE_CHOOSER_TEXTS } from "~/shared/uploads";

/** What the chooser says about the picture being optional, shown under its heading. */
const PICTURE_OPTIONAL_HINT = "Without one, others see an avatar made from your username.";

/**
 * The profile picture chooser: a preview of the chosen file and the real upload progress. The
 * picture is optional; the input's accessible name is the heading and the button together
 * ('Profile picture (optional) Choose a picture'), so a screen reader says what it is for. A chosen
 * picture can be removed again (one too large, say), leaving the form as if none had been chosen.
 * A refused picture, or one the browser cannot draw, shows no preview: only the placeholder, never
 * a broken image whose alt text would spill out of the circle.
 */
export function PictureChooser({
  name,
  file,
  onChange,
  progress,
  error,
  disabled,
}: {
  /** The form field's name: the chooser is a real file input of its form. */
  name?: string;
  file: File | null;
  onChange: (file: File | null) => void;
  progress: number | null;
  error?: string;
  disabled?: boolean;
}) {
  const inputId = useId();
  const headingId = `${inputId}-heading`;
  const buttonTextId = `${inputId}-button`;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const previewUrl = useObjectUrl(file);
  const inputRef = useRef<HTMLInputElement>(null);
  const [undrawable, setUndrawable] = useState<string | null>(null);
  const showPreview = previewUrl !== null && !error && undrawable !== previewUrl;

  function remove() {
    if (inputRef.current) inputRef.current.value = "";
    onChange(null);
    // The button goes with the picture: keyboard focus stays on the chooser instead of being lost.
    inputRef.current?.focus();
  }

  // A picture chosen before the page's scripts ran is still in the input: show it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on hydration
  useEffect(() => {
    const chosen = inputRef.current?.files?.[0];
    if (chosen) onChange(chosen);
  }, []);

  return (
    <div>
      <span id={headingId} className="block text-sm font-medium text-slate-800">
        Profile picture <span className="font-normal text-slate-600">(optional)</span>
      </span>
      <p id={hintId} className="mb-2 text-sm text-slate-600">
        {PICTURE_OPTIONAL_HINT}
      </p>
      <div className="flex items-center gap-4">
        <div className="flex h-20 w-20 shrink-0 items-center justify-center overflow-hidden rounded-full bg-brand-50 ring-1 ring-brand-100">
          {showPreview ? (
            <img
              src={previewUrl}
              alt="Your chosen profile photo, as others will see it"
              className="h-full w-full object-cover"
              onError={() => setUndrawable(previewUrl)}
            />
          ) : (
            <PersonIcon className="h-10 w-10 text-brand-300" />
          )}
        </div>
        <div className="min-w-0">
          <label
            htmlFor={inputId}
            className="inline-flex cursor-pointer items-center rounded-full border border-brand-200 bg-white px-4 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-50 focus-within:outline-2 focus-within:outline-brand-600"
          >
            <span id={buttonTextId}>{file ? "Choose another picture" : "Choose a picture"}</span>
            <input
              ref={inputRef}
              id={inputId}
              name={name}
              type="file"
              accept={ACCEPTED_IMAGE_TYPES.join(",")}
              className="sr-only"
              disabled={disabled}
              aria-labelledby={`${headingId} ${buttonTextId}`}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : hintId}
              onChange={(event) => onChange(event.currentTarget.files?.[0] ?? null)}
            />
          </label>
          {file ? (
            <>
              <p className="mt-1 max-w-48 truncate text-xs text-slate-600" dir="auto">
                {file.name}
              </p>
              <button
                type="button"
                onClick={remove}
                disabled={disabled}
                className="mt-1 -ml-3 rounded-full px-3 py-1 text-sm font-medium text-slate-700 underline-offset-2 hover:bg-slate-100 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                {PICTURE_CHOOSER_TEXTS.remove}
              </button>
            </>
          ) : null}
        </div>
      </div>
      {progress !== null && progress >= 0 && progress <= 100 ? (
        <div className="mt-3">
          <ProgressBar value={progress} label="Uploading profile picture" />
        </div>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
