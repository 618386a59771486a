import { chosenFileProblem } from "~/lib/upload-image";
import { m } from "~/paraglide/messages";
import type { UploadPurpose } from "~/shared/uploads";
import { showFieldError } from "./form-feedback";

/**
 * Checked at once; a refused or undrawable picture shows the placeholder, never a broken image. The
 * latest choice wins.
 */

export const PICTURE_CHOOSER_PARTS = {
  root: "data-picture-chooser",
  placeholder: "data-picture-placeholder",
  preview: "data-picture-preview",
  buttonText: "data-picture-button-text",
  fileName: "data-picture-name",
  remove: "data-picture-remove",
  progress: "data-picture-progress",
} as const;

export const PICTURE_CHOOSER_WORDS = {
  get choose() {
    return m.auth_picture_choose();
  },
  get chooseAnother() {
    return m.auth_picture_choose_another();
  },
};

export type PictureChooser = {
  picture(): File | null;
  problem(): string | null;
  setDisabled(disabled: boolean): void;
  showProgress(percent: number | null): void;
};

function part<T extends HTMLElement>(root: HTMLElement, name: keyof typeof PICTURE_CHOOSER_PARTS): T {
  const element = root.querySelector<T>(`[${PICTURE_CHOOSER_PARTS[name]}]`);
  if (!element) throw new Error(`The picture chooser has no ${name}`);
  return element;
}

export function startPictureChooser(
  form: HTMLFormElement,
  root: HTMLElement,
  { name, purpose }: { name: string; purpose: UploadPurpose },
): PictureChooser {
  const input = root.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error("The picture chooser has no file input");
  const placeholder = part(root, "placeholder");
  const preview = part<HTMLImageElement>(root, "preview");
  const buttonText = part(root, "buttonText");
  const fileName = part(root, "fileName");
  const remove = part<HTMLButtonElement>(root, "remove");
  const progress = part(root, "progress");
  let chosen: File | null = null;
  let problem: string | null = null;
  let latest: File | null = null;
  let previewUrl: string | null = null;

  const showPreview = (file: File | null) => {
    if (previewUrl) URL.revokeObjectURL(previewUrl);
    previewUrl = file ? URL.createObjectURL(file) : null;
    if (previewUrl) preview.src = previewUrl;
    else preview.removeAttribute("src");
    preview.hidden = previewUrl === null;
    placeholder.hidden = previewUrl !== null;
  };
  preview.addEventListener("error", () => {
    if (!preview.hidden) {
      preview.hidden = true;
      placeholder.hidden = false;
    }
  });

  const show = (file: File | null, refusal: string | null) => {
    chosen = refusal ? null : file;
    problem = refusal;
    showPreview(refusal ? null : file);
    buttonText.textContent = file ? PICTURE_CHOOSER_WORDS.chooseAnother : PICTURE_CHOOSER_WORDS.choose;
    fileName.textContent = file?.name ?? "";
    fileName.hidden = file === null;
    remove.hidden = file === null;
    showFieldError(form, name, refusal);
  };

  const choose = async (file: File | null) => {
    latest = file;
    progress.hidden = true;
    const refusal = file ? await chosenFileProblem(file, purpose) : null;
    if (latest !== file) return;
    show(file, refusal);
  };

  input.addEventListener("change", () => void choose(input.files?.[0] ?? null));
  remove.addEventListener("click", () => {
    input.value = "";
    void choose(null);
    // Keyboard focus stays on the chooser instead of being lost.
    input.focus();
  });
  // Chosen before the page's script ran.
  if (input.files?.[0]) void choose(input.files[0]);

  return {
    picture: () => chosen,
    problem: () => problem,
    setDisabled(disabled) {
      input.disabled = disabled;
      remove.disabled = disabled;
    },
    showProgress(percent) {
      progress.hidden = percent === null;
      if (percent === null) return;
      // Hidden in the page, it would still be found by its name.
      if (!progress.querySelector('[role="progressbar"]')) {
        const template = progress.querySelector("template");
        const bar = template?.content.firstElementChild ?? template?.firstElementChild;
        if (bar) progress.appendChild(bar.cloneNode(true));
      }
      const bar = progress.querySelector<HTMLElement>('[role="progressbar"]');
      bar?.setAttribute("aria-valuenow", String(percent));
      const fill = bar?.firstElementChild;
      if (fill instanceof HTMLElement) fill.style.width = `${percent}%`;
      const label = progress.querySelector<HTMLElement>("[data-progress-label]");
      if (label) label.textContent = `${percent}%`;
    },
  };
}
