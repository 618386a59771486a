import { authErrorMessage } from "~/shared/auth-errors";
import { getAuth } from "./session";

const FORWARDED_HEADERS = ["origin", "referer", "cookie", "cf-connecting-ip", "user-agent"] as const;

type AuthCall<T> =
  | { ok: true; data: T; cookies: string[] }
  | { ok: false; status: number; code: string | null; message: string };

/**
 * As the browser's own request, so better-auth's rate limits, origin checks and hooks apply to a form
 * posted without JavaScript exactly as to a scripted call.
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

export function cookieHeaders(cookies: string[]): Headers {
  const headers = new Headers();
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  return headers;
}
