import { useEffect, useId, useRef } from "react";
import { CHAT_IMAGE_TEXTS, type ViewedImage } from "./chat-image";

/**
 * The browser traps focus, closes on Escape and returns focus; loaded the first time a picture
 * opens (app/components/deferred.tsx).
 */
export function ImageViewer({ image, onClose }: { image: ViewedImage | null; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    if (image && !ref.current?.open) ref.current?.showModal();
  }, [image]);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onClose={onClose}
      className="m-auto max-h-[calc(100dvh-1.5rem)] max-w-[calc(100%-1.5rem)] overflow-auto rounded-2xl bg-white p-3 text-slate-900 shadow-xl backdrop:bg-slate-900/80"
    >
      {image ? (
        <>
          <div className="mb-2 flex items-center justify-between gap-3">
            <h2 id={titleId} className="min-w-0 truncate text-base font-semibold">
              {image.alt}
            </h2>
            <button
              type="button"
              onClick={() => ref.current?.close()}
              className="inline-flex min-h-9 shrink-0 items-center rounded-full px-4 text-sm font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
            >
              {CHAT_IMAGE_TEXTS.close}
            </button>
          </div>
          <img src={image.src} alt={image.alt} className="block h-auto max-h-[calc(100dvh-6rem)] w-auto max-w-full" />
        </>
      ) : null}
    </dialog>
  );
}
