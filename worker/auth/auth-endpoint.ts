import { authErrorMessage } from "~/shared/auth-errors";
import { getAuth } from "./session";

/** The browser's headers that better-auth's checks read: origin checks, rate limits, the session. */
const FORWARDED_HEADERS = ["origin", "referer", "cookie", "cf-connecting-ip", "user-agent"] as const;

type AuthCall<T> =
  | { ok: true; data: T; cookies: string[] }
  | { ok: false; status: number; code: string | null; message: string };

/**
 * Calls one of better-auth's endpoints on behalf of a form post, as the browser's own request: the
 * request goes through better-auth's router with the visitor's Origin, address and cookies, so its
 * rate limits, origin checks and hooks apply to a form submitted without JavaScript exactly as they
 * do to a scripted call. A form's field that a scripted call sends as a header (the person check's
 * token) goes in `extraHeaders`. Answers the cookies to pass on, or the spec's message for the failure.
 */
export async function callAuthEndpoint<T>(
  request: Request,
  path: string,
  body: unknown,
  extraHeaders: Record<string, string> = {},
): Promise<AuthCall<T>> {
  const headers = new Headers({ ...extraHeaders, "content-type": "application/json" });
  for (const name of FORWARDED_HEADERS) {
    const value = request.headers.get(name);
    if (value) headers.set(name, value);
  }
  const response = await getAuth().handler(
    new Request(new URL(`/api/auth${path}`, request.url), { method: "POST", headers, body: JSON.stringify(body) }),
  );
  const json = (await response.json().catch(() => null)) as (T & { code?: string; message?: string }) | null;
  if (!response.ok) {
    return {
      ok: false,
      status: response.status,
      code: json?.code ?? null,
      message: authErrorMessage(response.status, json),
    };
  }
  return { ok: true, data: json as T, cookies: response.headers.getSetCookie() };
}

/** Response headers that set the cookies an auth call answered with. */
export function cookieHeaders(cookies: string[]): Headers {
  const headers = new Headers();
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  return headers;
}
