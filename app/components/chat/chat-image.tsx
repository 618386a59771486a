import { m } from "~/paraglide/messages";

export type ViewedImage = { src: string; alt: string };

/** Text that makes a thumbnail's link say what it does; the tests read it too. */
export const CHAT_IMAGE_TEXTS = {
  get open() {
    return m.chat_image_open();
  },
  get close() {
    return m.chat_image_close();
  },
};

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
