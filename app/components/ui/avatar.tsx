import { avatarBackground, avatarInitials } from "~/lib/avatar";

const SIZES = {
  sm: { box: "h-8 w-8", text: "text-xs" },
  md: { box: "h-10 w-10", text: "text-sm" },
  lg: { box: "h-16 w-16", text: "text-xl" },
} as const;

/** Decorative either way: the name is beside it. */
export function Avatar({ src, name, size }: { src: string | null; name: string; size: keyof typeof SIZES }) {
  const { box, text } = SIZES[size];
  return src ? (
    <img src={src} alt="" className={`${box} shrink-0 rounded-full object-cover`} />
  ) : (
    // Drawn by CSS, so the letters are not part of the surrounding control's name (WCAG 2.5.3).
    <span
      aria-hidden="true"
      data-avatar="generated"
      data-initials={avatarInitials(name)}
      className={`flex ${box} ${text} ${avatarBackground(name)} shrink-0 select-none items-center justify-center rounded-full font-semibold text-white before:content-[attr(data-initials)]`}
    />
  );
}
