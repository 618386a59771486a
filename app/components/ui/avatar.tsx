import { avatarBackground, avatarInitials } from "~/lib/avatar";

const SIZES = {
  sm: { box: "h-8 w-8", text: "text-xs" },
  md: { box: "h-10 w-10", text: "text-sm" },
  lg: { box: "h-16 w-16", text: "text-xl" },
} as const;

/**
 * A person's round picture, or, without one, their generated avatar (initials on a colour from the
 * username, `app/lib/avatar.ts`). Decorative either way: the name is beside it.
 */
export function Avatar({ src, name, size }: { src: string | null; name: string; size: keyof typeof SIZES }) {
  const { box, text } = SIZES[size];
  return src ? (
    <img src={src} alt="" className={`${box} shrink-0 rounded-full object-cover`} />
  ) : (
    // The letters are drawn by CSS, not written into the page: they are not part of the name that
    // the button or link around the avatar reads out (WCAG 2.5.3, label in name).
    <span
      aria-hidden="true"
      data-avatar="generated"
      data-initials={avatarInitials(name)}
      className={`flex ${box} ${text} ${avatarBackground(name)} shrink-0 select-none items-center justify-center rounded-full font-semibold text-white before:content-[attr(data-initials)]`}
    />
  );
}
