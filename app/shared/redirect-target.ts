/**
 * Where a visitor was going before a sign-in page interrupted them (issue: intent survives sign-up
 * and sign-in). The target travels as `?next=` and is only ever followed when it is a path on this
 * site: anything that could leave it (`//evil`, `/\evil`, `https://…`, control characters) is
 * refused, so the parameter can never become an open redirect. The browser and the server ask the
 * same function; the server's answer is the one that counts.
 */
export const NEXT_PARAM = "next";

/** Where people go after signing in when nothing else was asked for (spec section 2). */
const DEFAULT_SIGNED_IN_PATH = "/chat";

/** Pages that make no sense as a destination after signing in (they would send the visitor on). */
const NOT_A_DESTINATION = /^\/(signup|login|recover|reset-password)(\/|$|\?|#)/;

const BASE = "http://same-origin.invalid";

/** The same-origin path (with its query and fragment) that `value` names, or null. */
function safeNextPath(value: unknown): string | null {
  const path = sameSitePath(value);
  return path && !NOT_A_DESTINATION.test(path) ? path : null;
}

/** A path on this site (with its query and fragment) that `value` names, or null: never one that could leave it. */
export function sameSitePath(value: unknown): string | null {
  if (typeof value !== "string" || value.length === 0 || value.length > 2048) return null;
  // A path, and only a path: one leading slash, no backslash (browsers read `/\x` as `//x`), no
  // control or space characters that URL parsing would strip before deciding the host.
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

/** `path` with `?next=` set to `target` when the target is a safe one (else `path` unchanged). */
export function withNext(path: string, target: string | null | undefined): string {
  const next = safeNextPath(target);
  if (!next) return path;
  const url = new URL(path, BASE);
  url.searchParams.set(NEXT_PARAM, next);
  return `${url.pathname}${url.search}`;
}

/** The safe target named by a URL's `?next=`, or null. */
export function nextFromUrl(url: string | URL): string | null {
  return safeNextPath(new URL(url, BASE).searchParams.get(NEXT_PARAM));
}

/** Where to go after signing in: the safe target, else the chat. */
export function signedInDestination(target: unknown): string {
  return safeNextPath(target) ?? DEFAULT_SIGNED_IN_PATH;
}
