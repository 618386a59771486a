import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { m } from "~/paraglide/messages";
import { SIGN_UP_REFUSAL_CODES, signUpLimitMessage } from "~/shared/auth-errors";
import { UPLOAD_MESSAGES } from "~/shared/uploads";
import { clientNetwork } from "../../worker/auth/client-network";
import { admitSignUp, SIGN_UP_LIMITS } from "../../worker/auth/sign-up-limits";
import { inLanguage } from "../../worker/i18n/request-language";
import { insertUser } from "./support/accounts";
import { APP_ORIGIN, freshIp, freshIpv4 } from "./support/auth-requests";

/**
 * better-auth's endpoints and the upload endpoint under /api answer in the visitor's language, as
 * the pages do: their refusals are the app's messages, and the sign-in screens show them as they are.
 */

const es = { locale: "es" as const };
const SPANISH = { "Accept-Language": "es-MX,es;q=0.9" };

function signUp(body: Record<string, unknown>, headers: Record<string, string>, address = freshIp()) {
  return exports.default.fetch(`${APP_ORIGIN}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: APP_ORIGIN, "cf-connecting-ip": address, ...headers },
    body: JSON.stringify({ name: "x", ...body }),
  });
}

const messageOf = async (response: Response) => ((await response.json()) as { message: string }).message;

describe("better-auth's answers under /api/auth", () => {
  it("check a sign-up in the browser's language, and in its chosen one over the browser's", async () => {
    const short = { email: "corta@example.com", password: "12345", gender: "female" };
    const refused = await signUp(short, SPANISH);
    expect(refused.status).toBe(400);
    expect(await messageOf(refused)).toBe(m.auth_password_too_short({ min: 6 }, es));

    // The gender's message is the schema's own: asked for in the request's language too.
    const noGender = await signUp({ email: "sin-genero@example.com", password: "pasos firmes" }, SPANISH);
    expect(await messageOf(noGender)).toBe(m.auth_gender_required({}, es));

    expect(await messageOf(await signUp(short, { "Accept-Language": "en-US" }))).toBe(
      "Password must be at least 6 characters",
    );
    expect(await messageOf(await signUp(short, { ...SPANISH, Cookie: "kindred_language=en" }))).toBe(
      "Password must be at least 6 characters",
    );
  });

  it("refuse a sign-up over its network's limit in Spanish, saying when to try again", async () => {
    const address = freshIpv4();
    for (let i = 0; i < SIGN_UP_LIMITS.perNetwork[0].max; i++) await admitSignUp(clientNetwork(address));
    const refused = await signUp(
      { email: "limite@example.com", password: "pasos firmes", gender: "male" },
      SPANISH,
      address,
    );
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get("Retry-After"));
    const body = (await refused.json()) as { code: string; message: string };
    expect(body.code).toBe(SIGN_UP_REFUSAL_CODES.limited);
    expect(body.message).toBe(inLanguage("es", () => signUpLimitMessage("network", retryAfter)));
    expect(body.message).toMatch(/^Llegaron demasiados registros desde esta red hace poco\. Vuelve a intentarlo en /);
  });
});

describe("the upload endpoint", () => {
  it("refuses a file that is no picture in the visitor's language, naming the kinds that work", async () => {
    const { cookie } = await insertUser();
    const form = new FormData();
    form.append("file", new Blob(["solo texto"], { type: "image/png" }), "foto.png");
    const response = await exports.default.fetch(`${APP_ORIGIN}/api/uploads?purpose=profile`, {
      method: "POST",
      headers: { Origin: APP_ORIGIN, Cookie: cookie, ...SPANISH },
      body: form,
    });
    expect(response.status).toBe(415);
    const message = await messageOf(response);
    expect(message).toBe(inLanguage("es", () => UPLOAD_MESSAGES.notAnImage));
    expect(message).toBe("Este archivo no es una imagen que funcione aquí. Elige una imagen JPEG, PNG, WebP o GIF.");
  });
});
