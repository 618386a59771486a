import { parse, serialize } from "hono/utils/cookie";
import { setResponseCookie } from "./response-cookies";

const REMEMBERED_FOR_SECONDS = 365 * 24 * 60 * 60;

/** A display preference, never anything the server relies on; a malformed cookie counts as none. */
export function rememberedChoice(from: Request | Headers, name: string): string | null {
  const headers = from instanceof Headers ? from : from.headers;
  try {
    return parse(headers.get("Cookie") ?? "", name)[name] || null;
  } catch {
    return null;
  }
}

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
