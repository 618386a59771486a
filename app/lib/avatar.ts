/**
 * The avatar drawn for someone without a picture (the sign-up picture is optional). It is
 * made from the username alone, so it is the same on every screen and every device and needs
 * nothing stored: one or two letters on a colour picked by the name.
 */

/** Backgrounds for generated avatars; white text on each has a contrast of at least 4.5:1. */
export const AVATAR_BACKGROUNDS = [
  "bg-brand-700",
  "bg-emerald-700",
  "bg-sky-700",
  "bg-amber-800",
  "bg-rose-700",
  "bg-teal-700",
  "bg-indigo-700",
  "bg-fuchsia-700",
] as const;
type AvatarBackground = (typeof AVATAR_BACKGROUNDS)[number];

/**
 * The letters of a generated avatar: the first letter of the first two words ('Kindred Support' →
 * 'KS'), or of the one word of a generated username ('Gentle1234' → 'G'); '?' for a name without
 * letters.
 */
export function avatarInitials(name: string): string {
  const words = name.match(/\p{L}[\p{L}\p{M}]*/gu) ?? [];
  const letters = words
    .slice(0, 2)
    .map((word) => Array.from(word)[0] ?? "")
    .join("");
  return letters ? letters.toLocaleUpperCase() : "?";
}

/** The background of a name's generated avatar: a stable hash of the name picks it. */
export function avatarBackground(name: string): AvatarBackground {
  let hash = 0;
  for (const character of name) hash = (Math.imul(hash, 31) + (character.codePointAt(0) ?? 0)) | 0;
  return AVATAR_BACKGROUNDS[Math.abs(hash) % AVATAR_BACKGROUNDS.length] as AvatarBackground;
}
