import { env, exports } from "cloudflare:workers";

export const APP_ORIGIN = new URL(env.APP_URL).origin;

/**
 * A distinct client address per caller (an IPv6 documentation address in its own /64, the unit the
 * rate limits count by), so rate limits of one test never touch another. The count lives on the
 * runtime's global object: test files share one runtime and its storage, and a count per module
 * would start again in every file.
 */
export function freshIp(): string {
  const counted = globalThis as { clientAddressCount?: number };
  const n = (counted.clientAddressCount ?? 0) + 1;
  counted.clientAddressCount = n;
  return `2001:db8:${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}::1`;
}

/**
 * A distinct IPv4 address per caller (in 198.18.0.0/15, set aside for tests), for the tests of the
 * per-address rules of IPv4, where a whole address is one network. Counted with freshIp.
 */
export function freshIpv4(): string {
  const counted = globalThis as { clientAddressCount?: number };
  const n = (counted.clientAddressCount ?? 0) + 1;
  counted.clientAddressCount = n;
  return `198.${18 + ((n >>> 16) & 1)}.${(n >>> 8) & 0xff}.${n & 0xff}`;
}

export function postJson(path: string, body: unknown, init: { cookie?: string; ip?: string } = {}) {
  return exports.default.fetch(`${APP_ORIGIN}${path}`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      Origin: APP_ORIGIN,
      "cf-connecting-ip": init.ip ?? freshIp(),
      ...(init.cookie ? { Cookie: init.cookie } : {}),
    },
    body: JSON.stringify(body),
  });
}

/** The session cookie from a response, ready to send back. */
export function sessionCookie(response: Response): string {
  const cookies = response.headers.getSetCookie();
  const session = cookies.find((c) => c.startsWith("kindred.session_token="));
  if (!session) throw new Error(`no session cookie in ${JSON.stringify(cookies)}`);
  return session.split(";")[0] ?? "";
}

/** Every cookie a response set, as a browser would send them back (session token, session cache…). */
export function cookiesOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

let emailCounter = 0;
/**
 * A new account, signed up over HTTP (with `language`, from a browser that chose that language):
 * for the tests of sign-up itself. Any other test makes its people with support/accounts.ts.
 */
export async function signUpUser(
  overrides: Partial<{ email: string; password: string; gender: string; language: string }> = {},
) {
  emailCounter += 1;
  const email = overrides.email ?? `person${emailCounter}-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const password = overrides.password ?? "correct horse battery";
  const response = await postJson(
    "/api/auth/sign-up/email",
    { email, password, gender: overrides.gender ?? "female", name: "ignored" },
    overrides.language ? { cookie: `kindred_language=${overrides.language}` } : {},
  );
  if (response.status !== 200) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { user: { id: string; username: string; name: string } };
  return { email, password, user: body.user, cookie: sessionCookie(response), response };
}

/** Asks for a reset link for an email and answers the token it carries (read from D1). */
export async function requestResetToken(email: string): Promise<string> {
  const response = await postJson("/api/auth/request-password-reset", { email, redirectTo: "/reset-password" });
  if (response.status !== 200) throw new Error(`reset request failed: ${response.status}`);
  const row = await env.DB.prepare(
    `SELECT v.identifier FROM verifications v JOIN users u ON u.id = v.value
     WHERE u.email = ? AND v.identifier LIKE 'reset-password:%' ORDER BY v.created_at DESC, v.rowid DESC LIMIT 1`,
  )
    .bind(email)
    .first<{ identifier: string }>();
  if (!row) throw new Error("no reset token was stored");
  return row.identifier.slice("reset-password:".length);
}
