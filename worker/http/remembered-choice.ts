import { parse, serialize } from "hono/utils/cookie";
import { setResponseCookie } from "./response-cookies";

/** A year: a choice a person made on a page stays until they make another. */
const REMEMBERED_FOR_SECONDS = 365 * 24 * 60 * 60;

/**
 * A choice a page remembers in a cookie of its own (a display preference, never anything the server
 * relies on): read from the request, or null; a malformed cookie counts as none.
 */
export function rememberedChoice(from: Request | Headers, name: string): string | null {
  const headers = from instanceof Headers ? from : from.headers;
  try {
    return parse(headers.get("Cookie") ?? "", name)[name] || null;
  } catch {
    return null;
  }
}

/**
 * Remembers a choice for the pages under `path`, with the response of the request being handled:
 * for a year, or `maxAge` seconds.
 */
export function rememberChoice(
  request: Request,
  name: string,
  value: string,
  path: string,
  maxAge = REMEMBERED_FOR_SECONDS,
): void {
  const secure = new URL(request.url).protocol === "https:";
  setResponseCookie(serialize(name, value, { path, httpOnly: true, sameSite: "Lax", secure, maxAge }));
}
