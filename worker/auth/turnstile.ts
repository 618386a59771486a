/**
 * Cloudflare Turnstile's verdict on a sign-up's token, asked of its siteverify endpoint
 * (docs/decisions/165-turnstile-is-optional-and-a-failed-siteverify-lets-the-limits-decide.md).
 * Only called when its keys are configured.
 */

const SITEVERIFY_URL = "https://challenges.cloudflare.com/turnstile/v0/siteverify";

/** Turnstile's tokens are at most this long; anything longer is not one. */
const MAX_TOKEN_LENGTH = 2048;

/** How long a sign-up waits for the verdict before going on without it. */
const SITEVERIFY_TIMEOUT_MS = 5000;

/** siteverify's error codes about this app's own keys: the check cannot work until they are fixed. */
const MISCONFIGURED = new Set(["missing-input-secret", "invalid-input-secret"]);

/**
 * `passed`: a person; `refused`: no token, or one Turnstile does not vouch for (forged, expired,
 * used twice); `unanswered`: Turnstile could not say (unreachable, slow, failing itself, or told
 * a secret key it does not know: `misconfigured`).
 */
export type PersonCheckVerdict =
  | { outcome: "passed" }
  | { outcome: "refused"; reasons: string[] }
  | { outcome: "unanswered"; reason: string; misconfigured: boolean };

export async function verifyPerson(
  token: string | null | undefined,
  secretKey: string,
  remoteIp: string | null | undefined,
): Promise<PersonCheckVerdict> {
  if (!token) return { outcome: "refused", reasons: ["missing-input-response"] };
  if (token.length > MAX_TOKEN_LENGTH) return { outcome: "refused", reasons: ["invalid-input-response"] };
  const form = new URLSearchParams({ secret: secretKey, response: token });
  if (remoteIp) form.set("remoteip", remoteIp);
  let answer: { success?: unknown; "error-codes"?: unknown };
  try {
    const response = await fetch(SITEVERIFY_URL, {
      method: "POST",
      body: form,
      signal: AbortSignal.timeout(SITEVERIFY_TIMEOUT_MS),
    });
    if (!response.ok) return { outcome: "unanswered", reason: `status ${response.status}`, misconfigured: false };
    answer = await response.json();
  } catch (error) {
    return { outcome: "unanswered", reason: String(error), misconfigured: false };
  }
  if (answer.success === true) return { outcome: "passed" };
  const reasons = Array.isArray(answer["error-codes"]) ? answer["error-codes"].map(String) : [];
  const setup = reasons.find((reason) => MISCONFIGURED.has(reason));
  if (setup) return { outcome: "unanswered", reason: setup, misconfigured: true };
  if (reasons.includes("internal-error"))
    return { outcome: "unanswered", reason: "internal-error", misconfigured: false };
  return { outcome: "refused", reasons };
}
