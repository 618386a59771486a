import { useEffect, useId, useRef } from "react";

export type ViewedImage = { src: string; alt: string };

/** Text that makes a thumbnail's link say what it does; the tests read it too. */
const CHAT_IMAGE_TEXTS = { open: ", open full size", close: "Close" } as const;

/**
 * A chat image in its message: a box of fixed shape (4:3, the bubble's width), so the list's height
 * is known before the picture arrives and a conversation opened at its newest message stays there
 * when it loads; the whole picture shows inside it. Tapped, it opens full size; the link
 * is the picture's own address, so a new tab or a page without scripts still gets it.
 */
export function ImageThumbnail({ src, alt, onOpen }: ViewedImage & { onOpen: (image: ViewedImage) => void }) {
  return (
    <a
      href={src}
      onClick={(event) => {
        // A modified click (new tab, download) is the browser's to handle.
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        onOpen({ src, alt });
      }}
      className="mb-1 block w-56 max-w-full rounded-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
    >
      <img src={src} alt={alt} className="block aspect-[4/3] w-full rounded-lg bg-black/10 object-contain" />
      <span className="sr-only">{CHAT_IMAGE_TEXTS.open}</span>
    </a>
  );
}

/**
 * One picture at full size (as large as the screen allows) in a modal dialog: the browser traps
 * focus, closes it on Escape and gives focus back to the thumbnail.
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
