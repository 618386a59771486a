import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { action as signUpStepsAction } from "~/routes/auth/signup-steps";
import { AUTH_ERROR_MESSAGES, authErrorMessage, SIGN_UP_REFUSAL_CODES } from "~/shared/auth-errors";
import { PERSON_CHECK_FIELD, PERSON_CHECK_HEADER } from "~/shared/person-check";
import { createAuth } from "../../worker/auth/auth";
import { getAuth } from "../../worker/auth/session";
import { APP_ORIGIN, freshIpv4 } from "./support/auth-requests";
import { callActionWithRequest } from "./support/route-action";

/**
 * Cloudflare Turnstile at sign-up, when its keys are configured
 * (docs/decisions/165-turnstile-is-optional-and-a-failed-siteverify-lets-the-limits-decide.md).
 * There is no network here: Cloudflare's siteverify is answered at the network's edge, the fetch.
 */

const KEYS = { siteKey: "1x00000000000000000000AA", secretKey: "0x4AAAAAAA-test-secret" };
const SITEVERIFY = "https://challenges.cloudflare.com/turnstile/v0/siteverify";
const auth = createAuth({ d1: env.DB, turnstile: KEYS });

afterEach(() => {
  vi.restoreAllMocks();
});

/** Cloudflare's siteverify, answering every check with `answer` (or failing like the network). */
function siteverifyAnswers(answer: (() => Response) | "unreachable") {
  return vi.spyOn(globalThis, "fetch").mockImplementation(async () => {
    if (answer === "unreachable") throw new TypeError("Network connection lost.");
    return answer();
  });
}

function signUp(address: string, token?: string) {
  const email = `checked-${crypto.randomUUID()}@example.com`;
  const response = auth.handler(
    new Request(`${APP_ORIGIN}/api/auth/sign-up/email`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Origin: APP_ORIGIN,
        "cf-connecting-ip": address,
        ...(token === undefined ? {} : { [PERSON_CHECK_HEADER]: token }),
      },
      body: JSON.stringify({ email, password: "steady steps", gender: "female", name: "x" }),
    }),
  );
  return { email, response };
}

const accountExists = async (email: string) =>
  (await env.DB.prepare("SELECT id FROM users WHERE email = ?").bind(email).first()) !== null;
const attemptRows = async () =>
  (await env.DB.prepare("SELECT count(*) AS n FROM sign_up_attempts").first<{ n: number }>())?.n ?? 0;

async function expectRefusedAsNoPerson(response: Response) {
  expect(response.status).toBe(403);
  const body = (await response.json()) as { code: string; message: string };
  expect(body).toMatchObject({ code: SIGN_UP_REFUSAL_CODES.personCheck });
  expect(authErrorMessage(403, body)).toBe(AUTH_ERROR_MESSAGES.personCheckFailed);
}

describe("a sign-up with Turnstile on", () => {
  it("is made when Cloudflare vouches for its token, which is checked with the secret and the address", async () => {
    const verify = siteverifyAnswers(() => Response.json({ success: true, "error-codes": [] }));
    const address = freshIpv4();
    const { email, response } = signUp(address, "a-token-from-the-widget");
    expect((await response).status).toBe(200);
    expect(await accountExists(email)).toBe(true);
    expect(verify).toHaveBeenCalledTimes(1);
    const [url, init] = verify.mock.calls[0] ?? [];
    expect(String(url)).toBe(SITEVERIFY);
    expect(init?.method).toBe("POST");
    expect(Object.fromEntries(new URLSearchParams(String(init?.body)))).toEqual({
      secret: KEYS.secretKey,
      response: "a-token-from-the-widget",
      remoteip: address,
    });
  });

  it("is refused without a token, without asking Cloudflare, and takes no place in its network's budget", async () => {
    const verify = siteverifyAnswers(() => Response.json({ success: true }));
    const before = await attemptRows();
    const { email, response } = signUp(freshIpv4());
    await expectRefusedAsNoPerson(await response);
    expect(verify).not.toHaveBeenCalled();
    expect(await accountExists(email)).toBe(false);
    expect(await attemptRows()).toBe(before);
  });

  it("is refused when Cloudflare does not vouch for its token (forged, expired or used twice)", async () => {
    for (const codes of [["invalid-input-response"], ["timeout-or-duplicate"], []]) {
      siteverifyAnswers(() => Response.json({ success: false, "error-codes": codes }));
      const before = await attemptRows();
      const { email, response } = signUp(freshIpv4(), "not-a-real-token");
      await expectRefusedAsNoPerson(await response);
      expect(await accountExists(email)).toBe(false);
      expect(await attemptRows()).toBe(before);
    }
  });

  it("goes on under the limits alone when Cloudflare cannot answer, and says so in the log", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    for (const answer of [
      "unreachable" as const,
      () => new Response("bad gateway", { status: 502 }),
      () => Response.json({ success: false, "error-codes": ["internal-error"] }),
    ]) {
      siteverifyAnswers(answer);
      const { email, response } = signUp(freshIpv4(), "a-token-from-the-widget");
      expect((await response).status).toBe(200);
      expect(await accountExists(email)).toBe(true);
    }
    expect(warn).toHaveBeenCalledTimes(3);
    expect(String(warn.mock.calls[0]?.[0])).toContain('"at":"person-check"');
  });

  it("goes on when the secret key is wrong, with an error in the log for whoever configured it", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    siteverifyAnswers(() => Response.json({ success: false, "error-codes": ["invalid-input-secret"] }));
    const { response } = signUp(freshIpv4(), "a-token-from-the-widget");
    expect((await response).status).toBe(200);
    expect(error).toHaveBeenCalledTimes(1);
    expect(String(error.mock.calls[0]?.[0])).toContain("invalid-input-secret");
  });

  it("refuses a token too long to be one without asking Cloudflare", async () => {
    const verify = siteverifyAnswers(() => Response.json({ success: true }));
    const { response } = signUp(freshIpv4(), "x".repeat(5000));
    await expectRefusedAsNoPerson(await response);
    expect(verify).not.toHaveBeenCalled();
  });
});

describe("the sign-up form", () => {
  it("sends the widget's token to the sign-up as the person check's header", async () => {
    const app = getAuth();
    const seen: (string | null)[] = [];
    const handler = app.handler;
    vi.spyOn(app, "handler").mockImplementation(async (request: Request) => {
      seen.push(request.headers.get(PERSON_CHECK_HEADER));
      return handler(request);
    });
    const form = new FormData();
    form.set("email", `form-${crypto.randomUUID()}@example.com`);
    form.set("password", "steady steps");
    form.set("confirmPassword", "steady steps");
    form.set("gender", "female");
    form.set(PERSON_CHECK_FIELD, "a-token-from-the-widget");
    const answer = await callActionWithRequest(
      signUpStepsAction,
      new Request(`${APP_ORIGIN}/signup/steps`, {
        method: "POST",
        headers: { Origin: APP_ORIGIN, "cf-connecting-ip": freshIpv4() },
        body: form,
      }),
    );
    expect(answer.status).toBe(200);
    expect(seen).toEqual(["a-token-from-the-widget"]);
  });
});
