import { describe, expect, it } from "vitest";
import { AUTH_ERROR_MESSAGES, authErrorMessage } from "~/shared/auth-errors";

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
      [500, null, "An unknown error occurred"],
      [502, {}, "An unknown error occurred"],
    ];
    for (const [status, body, message] of cases)
      expect(authErrorMessage(status, body), JSON.stringify(body)).toBe(message);
    expect(Object.values(AUTH_ERROR_MESSAGES)).toContain("Too many failed attempts. Please try again later.");
  });
});
