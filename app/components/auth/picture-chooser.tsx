import { useId } from "react";
import { ProgressBar } from "~/components/ui/form-controls";
import { PersonIcon } from "~/components/ui/person-icon";
import { ANNOUNCE_ERROR_ATTRIBUTE, FIELD_FRAME_ATTRIBUTE, FIELD_LOOK } from "~/lib/field-look";
import { PICTURE_CHOOSER_PARTS, PICTURE_CHOOSER_WORDS } from "~/lib/picture-chooser";
import { m } from "~/paraglide/messages";
import { ACCEPTED_IMAGE_TYPES, PICTURE_CHOOSER_TEXTS } from "~/shared/uploads";

const attribute = (name: keyof typeof PICTURE_CHOOSER_PARTS) => ({ [PICTURE_CHOOSER_PARTS[name]]: "" });

/**
 * A real file input, so the picture travels in the form's own post without scripts (behaviour:
 * ~/lib/picture-chooser.ts).
 */
export function PictureChooser({ name, error }: { name: string; error?: string }) {
  const inputId = useId();
  const headingId = `${inputId}-heading`;
  const buttonTextId = `${inputId}-button`;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  return (
    <div {...{ [FIELD_FRAME_ATTRIBUTE]: "", [ANNOUNCE_ERROR_ATTRIBUTE]: "" }} {...attribute("root")}>
      <span id={headingId} className="block text-sm font-medium text-slate-800">
        {m.auth_picture_heading()} <span className="font-normal text-slate-600">{m.auth_picture_optional()}</span>
      </span>
      <p id={hintId} className="mb-2 text-sm text-slate-600">
        {m.auth_picture_hint()}
      </p>
      <div className="flex items-center gap-4">
        <div className="flex h-20 w-20 shrink-0 items-center justify-center overflow-hidden rounded-full bg-brand-50 ring-1 ring-brand-100">
          <img
            {...attribute("preview")}
            hidden
            alt={m.auth_picture_preview_alt()}
            className="h-full w-full object-cover"
          />
          <span {...attribute("placeholder")}>
            <PersonIcon className="h-10 w-10 text-brand-300" />
          </span>
        </div>
        <div className="min-w-0">
          <label
            htmlFor={inputId}
            className="inline-flex cursor-pointer items-center rounded-full border border-brand-200 bg-white px-4 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-50 focus-within:outline-2 focus-within:outline-brand-600"
          >
            <span id={buttonTextId} {...attribute("buttonText")}>
              {PICTURE_CHOOSER_WORDS.choose}
            </span>
            <input
              id={inputId}
              name={name}
              type="file"
              accept={ACCEPTED_IMAGE_TYPES.join(",")}
              className="sr-only"
              aria-labelledby={`${headingId} ${buttonTextId}`}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : hintId}
            />
          </label>
          <p {...attribute("fileName")} hidden className="mt-1 max-w-48 truncate text-xs text-slate-600" dir="auto" />
          <button
            type="button"
            {...attribute("remove")}
            hidden
            className="mt-1 -ml-3 rounded-full px-3 py-1 text-sm font-medium text-slate-700 underline-offset-2 hover:bg-slate-100 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            {PICTURE_CHOOSER_TEXTS.remove}
          </button>
        </div>
      </div>
      <div {...attribute("progress")} hidden className="mt-3">
        {/* Inert until an upload starts. */}
        <template>
          <ProgressBar value={0} label={m.auth_picture_uploading()} />
        </template>
      </div>
      {error ? (
        <p id={errorId} role="alert" className={FIELD_LOOK.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
