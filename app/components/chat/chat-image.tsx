import { m } from "~/paraglide/messages";

export type ViewedImage = { src: string; alt: string };

export const CHAT_IMAGE_TEXTS = {
  get open() {
    return m.chat_image_open();
  },
  get close() {
    return m.chat_image_close();
  },
};

/**
 * A fixed 4:3 box, so the list's height is known before the picture arrives; the link is the
 * picture's own address, for a new tab or no scripts.
 */
export function ImageThumbnail({ src, alt, onOpen }: ViewedImage & { onOpen: (image: ViewedImage) => void }) {
  return (
    <a
      href={src}
      onClick={(event) => {
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
