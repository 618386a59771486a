import { m } from "~/paraglide/messages";

export const CAROUSEL_TEXTS = {
  get label() {
    return m.carousel_label();
  },
  get pause() {
    return m.carousel_pause();
  },
  get play() {
    return m.carousel_play();
  },
  get previous() {
    return m.carousel_previous();
  },
  get next() {
    return m.carousel_next();
  },
  dot: (position: number, title: string) => m.carousel_dot({ position, title }),
  slide: (position: number, count: number) => m.carousel_slide({ position, count }),
};
