/** From the username alone, so it is the same on every device and needs nothing stored. */

/** White text on each has a contrast of at least 4.5:1. */
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

/** 'Kindred Support' → 'KS', 'Gentle1234' → 'G'; '?' without letters. */
export function avatarInitials(name: string): string {
  const words = name.match(/\p{L}[\p{L}\p{M}]*/gu) ?? [];
  const letters = words
    .slice(0, 2)
    .map((word) => Array.from(word)[0] ?? "")
    .join("");
  return letters ? letters.toLocaleUpperCase() : "?";
}

export function avatarBackground(name: string): AvatarBackground {
  let hash = 0;
  for (const character of name) hash = (Math.imul(hash, 31) + (character.codePointAt(0) ?? 0)) | 0;
  return AVATAR_BACKGROUNDS[Math.abs(hash) % AVATAR_BACKGROUNDS.length] as AvatarBackground;
}
