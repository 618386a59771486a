import { readFileSync } from "node:fs";

/** A [vars] value of wrangler.toml: the same configuration the server under test runs with. */
function wranglerVar(name: string): string {
  const match = readFileSync("wrangler.toml", "utf8").match(new RegExp(`^${name}\\s*=\\s*"([^"]*)"`, "m"));
  if (!match?.[1]) throw new Error(`${name} is not set in wrangler.toml [vars]`);
  return match[1];
}

export const BRAND_NAME = wranglerVar("BRAND_NAME");
export const SUPPORT_USER_ID = wranglerVar("SUPPORT_USER_ID");
export const SUPPORT_CHAT_PATH = `/chat/${SUPPORT_USER_ID}`;
export const CONTACT_EMAIL = wranglerVar("CONTACT_EMAIL");
export const SOCIAL_URL = wranglerVar("SOCIAL_URL");
export const QUICK_EXIT_URL = wranglerVar("QUICK_EXIT_URL");

/** Every public page of the site (spec section 2). */
export const PUBLIC_PAGES = [
  { path: "/", heading: "Free Anonymous Chat For Emotional Support" },
  { path: "/privacypolicy", heading: "Privacy Policy" },
  { path: "/termsofservice", heading: "Terms of Service" },
  { path: "/cookiepolicy", heading: "Cookie Policy" },
] as const;
