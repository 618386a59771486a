import { afterEach, describe, expect, it } from "vitest";
import { getLocale, overwriteGetLocale } from "~/paraglide/runtime";
import {
  AUTH_ERROR_MESSAGES,
  accountSuspendedMessage,
  authErrorMessage,
  SIGN_UP_REFUSAL_CODES,
  signUpLimitMessage,
  tryAgainIn,
} from "~/shared/auth-errors";

describe("the auth error catalogue (spec section 8)", () => {
  it("maps each auth answer to the spec's message", () => {
    const cases: [number, { code?: string; message?: string } | null, string][] = [
      [422, { code: "USER_ALREADY_EXISTS" }, "Email is already in use"],
      [422, { code: "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL" }, "Email is already in use"],
      [400, { code: "INVALID_EMAIL" }, "Invalid email format"],
      [400, { code: "PASSWORD_TOO_SHORT" }, "Password is too weak"],
      [400, { code: "PASSWORD_TOO_LONG" }, "Password is too weak"],
      [401, { code: "INVALID_EMAIL_OR_PASSWORD" }, "Incorrect email or password"],
      [401, { code: "USER_NOT_FOUND" }, "Incorrect email or password"],
      [401, { code: "INVALID_PASSWORD" }, "Incorrect email or password"],
      [401, { code: "CREDENTIAL_ACCOUNT_NOT_FOUND" }, "Incorrect email or password"],
      [403, { code: "ACCOUNT_SUSPENDED" }, "This account has been suspended."],
      [
        403,
        {
          code: "ACCOUNT_SUSPENDED",
          message: "This account has been suspended. Reason: Spam or scams. To appeal, email a@b.c.",
        },
        "This account has been suspended. Reason: Spam or scams. To appeal, email a@b.c.",
      ],
      [429, { message: "Too many requests" }, "Too many failed attempts. Please try again later."],
      [500, { code: "SOMETHING_ELSE", message: "Database unavailable" }, "Error: Database unavailable"],
      // A code that names something every object has is no code of the catalogue's.
      [400, { code: "constructor", message: "Odd" }, "Error: Odd"],
      [500, null, "An unknown error occurred"],
      [502, {}, "An unknown error occurred"],
    ];
    for (const [status, body, message] of cases)
      expect(authErrorMessage(status, body), JSON.stringify(body)).toBe(message);
    expect(Object.values(AUTH_ERROR_MESSAGES)).toContain("Too many failed attempts. Please try again later.");
  });
});

describe("a sign-up refused by a limit", () => {
  it("says so in its own words, not the failed sign-in's, with when to try again", () => {
    expect(signUpLimitMessage("network", 42)).toBe(
      "Too many sign-ups have come from this network recently. Please try again in about a minute.",
    );
    expect(signUpLimitMessage("site", 30)).toBe(
      "Too many sign-ups are coming in across the site right now. Please try again in about a minute.",
    );
    const message = signUpLimitMessage("network", 478);
    expect(authErrorMessage(429, { code: SIGN_UP_REFUSAL_CODES.limited, message })).toBe(message);
    expect(authErrorMessage(403, { code: SIGN_UP_REFUSAL_CODES.personCheck, message: "anything" })).toBe(
      AUTH_ERROR_MESSAGES.personCheckFailed,
    );
  });

  it("rounds the wait up in minutes, and to hours past an hour and a half", () => {
    const cases: [number, string][] = [
      [1, "in about a minute"],
      [60, "in about a minute"],
      [61, "in about 2 minutes"],
      [478, "in about 8 minutes"],
      [89 * 60, "in about 89 minutes"],
      [90 * 60, "in about 2 hours"],
      [23 * 3600 + 10, "in about 23 hours"],
    ];
    for (const [seconds, words] of cases) expect(tryAgainIn(seconds), String(seconds)).toBe(words);
  });
});

describe("in the request's language", () => {
  const speaking = getLocale;
  afterEach(() => overwriteGetLocale(speaking));

  it("words every refusal in Spanish, with the same facts", () => {
    overwriteGetLocale(() => "es");
    expect(authErrorMessage(401, { code: "INVALID_EMAIL_OR_PASSWORD" })).toBe(
      "Correo electrónico o contraseña incorrectos",
    );
    expect(authErrorMessage(500, { code: "SOMETHING_ELSE", message: "Database unavailable" })).toBe(
      "Error: Database unavailable",
    );
    expect(accountSuspendedMessage("Spam", "a@b.c")).toBe(
      "Esta cuenta fue suspendida. Motivo: Spam. Para apelar, escribe a a@b.c.",
    );
    expect(accountSuspendedMessage(null, "a@b.c")).toBe("Esta cuenta fue suspendida. Para apelar, escribe a a@b.c.");
    expect(signUpLimitMessage("site", 30 * 60)).toBe(
      "Están llegando demasiados registros a todo el sitio en este momento. Vuelve a intentarlo en aproximadamente 30 minutos.",
    );
    expect(tryAgainIn(60)).toBe("en aproximadamente un minuto");
    expect(tryAgainIn(3 * 3600)).toBe("en aproximadamente 3 horas");
  });
});
