/**
 * Followed only when it is a path on this site, so `?next=` can never become an open redirect. The
 * browser and the server ask the same function; the server's answer counts.
 */
export const NEXT_PARAM = "next";

/** Spec section 2. */
const DEFAULT_SIGNED_IN_PATH = "/chat";

/** They would send the visitor on. */
const NOT_A_DESTINATION = /^\/(signup|login|recover|reset-password)(\/|$|\?|#)/;

const BASE = "http://same-origin.invalid";

function safeNextPath(value: unknown): string | null {
  const path = sameSitePath(value);
  return path && !NOT_A_DESTINATION.test(path) ? path : null;
}

export function sameSitePath(value: unknown): string | null {
  if (typeof value !== "string" || value.length === 0 || value.length > 2048) return null;
  // Browsers read `/\x` as `//x`, and URL parsing strips control characters before deciding the host.
  if (!value.startsWith("/") || value.startsWith("//")) return null;
  if (hasUnsafeCharacter(value)) return null;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

function hasUnsafeCharacter(value: string): boolean {
  for (let index = 0; index < value.length; index += 1) {
    const code = value.charCodeAt(index);
    if (code <= 0x20 || code === 0x7f || code === 0x5c) return true; // controls, space, DEL, backslash
  }
  return false;
}

export function withNext(path: string, target: string | null | undefined): string {
  const next = safeNextPath(target);
  if (!next) return path;
  const url = new URL(path, BASE);
  url.searchParams.set(NEXT_PARAM, next);
  return `${url.pathname}${url.search}`;
}

export function nextFromUrl(url: string | URL): string | null {
  return safeNextPath(new URL(url, BASE).searchParams.get(NEXT_PARAM));
}

export function signedInDestination(target: unknown): string {
  return safeNextPath(target) ?? DEFAULT_SIGNED_IN_PATH;
}
