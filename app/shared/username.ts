/** Spec sections 5 and 9: never derived from the email. */
export const USERNAME_LENGTH = 10;
export const USERNAME_MAX_ATTEMPTS = 10;

/** 3 to 8 letters, so every name keeps at least two digits. */
export const USERNAME_WORDS = [
  "Hopeful",
  "Gentle",
  "Brave",
  "Calm",
  "Kind",
  "Bright",
  "Quiet",
  "Steady",
  "Warm",
  "Sunny",
  "Serene",
  "Tender",
  "Caring",
  "Patient",
  "Humble",
  "Joyful",
  "Honest",
  "Loyal",
  "Noble",
  "Radiant",
  "Golden",
  "Silver",
  "Willow",
  "Maple",
  "Cedar",
  "River",
  "Meadow",
  "Harbor",
  "Haven",
  "Ember",
  "Breeze",
  "Cloud",
  "Dawn",
  "Sparrow",
  "Robin",
  "Dove",
  "Lark",
  "Fern",
  "Ivy",
  "Lotus",
  "Aspen",
  "Birch",
  "Coral",
  "Pebble",
  "Star",
  "Moon",
  "Sky",
  "Ocean",
] as const;

export const USERNAME_FALLBACK_WORDS = ["Guest", "Friend", "Hope", "Peace", "Light", "Grace"] as const;

/** Injectable so the rules can be tested. */
export type Random = () => number;

function pick<T>(list: readonly T[], random: Random): T {
  return list[Math.floor(random() * list.length)] as T;
}

export function generateUsername(random: Random = Math.random): string {
  const word = pick(USERNAME_WORDS, random);
  let digits = "";
  while (word.length + digits.length < USERNAME_LENGTH) digits += Math.floor(random() * 10).toString();
  return word + digits;
}

export function fallbackUsername(now: number, random: Random = Math.random): string {
  return pick(USERNAME_FALLBACK_WORDS, random) + String(now).slice(-3);
}

const GENERATED = new RegExp(`^(${USERNAME_WORDS.join("|")})\\d+$`);
const FALLBACK = new RegExp(`^(${USERNAME_FALLBACK_WORDS.join("|")})\\d{3}$`);

/** The server accepts no other username. */
export function isGeneratedUsername(name: string): boolean {
  return (name.length === USERNAME_LENGTH && GENERATED.test(name)) || FALLBACK.test(name);
}
