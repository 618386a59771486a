/**
 * Only called when its keys are configured
 * (docs/decisions/165-turnstile-is-optional-and-a-failed-siteverify-lets-the-limits-decide.md).
 */

const SITEVERIFY_URL = "https://challenges.cloudflare.com/turnstile/v0/siteverify";

const MAX_TOKEN_LENGTH = 2048;

/** After this, the sign-up goes on without a verdict. */
const SITEVERIFY_TIMEOUT_MS = 5000;

const MISCONFIGURED = new Set(["missing-input-secret", "invalid-input-secret"]);

/** `refused`: no token or one Turnstile does not vouch for; `unanswered`: it could not say. */
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
