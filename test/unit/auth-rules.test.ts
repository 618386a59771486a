import { describe, expect, it } from "vitest";
import {
  AUTH_MESSAGES,
  emailProblem,
  firstNewPasswordError,
  firstSignInError,
  firstSignUpError,
} from "~/shared/auth-rules";
import { SignUpRequestSchema } from "~/shared/schemas/auth";
import { z } from "~/shared/schemas/zod";

const ADDRESSES = [
  "someone@example.com",
  "  padded@example.com  ",
  "first.last+tag@mail.example.org",
  "o'brien@example.ie",
  "",
  "   ",
  "no-at-sign.example.com",
  "two@@example.com",
  "dot.@example.com",
  ".lead@example.com",
  "a..b@example.com",
  "someone@example",
  "someone@-example.com",
  "someone@example.c",
  "someone @example.com",
  "ünïcode@example.com",
];

describe("the auth forms' rules, checked in the browser without the schema library", () => {
  it("take and refuse the same email addresses as the schema library's own check", () => {
    const library = z.email();
    for (const address of ADDRESSES) {
      const trimmed = address.trim();
      const expected =
        trimmed === ""
          ? AUTH_MESSAGES.emailRequired
          : library.safeParse(trimmed).success
            ? null
            : AUTH_MESSAGES.invalidEmail;
      expect(emailProblem(address), JSON.stringify(address)).toBe(expected);
    }
  });

  it("give the sign-in form's first problem in the spec's order", () => {
    expect(firstSignInError({ email: "", password: "" })).toEqual({
      field: "email",
      message: AUTH_MESSAGES.emailRequired,
    });
    expect(firstSignInError({ email: "a@example.com", password: "" })).toEqual({
      field: "password",
      message: AUTH_MESSAGES.passwordRequired,
    });
    // Any password may be tried at sign-in: its length is a rule for new ones.
    expect(firstSignInError({ email: "a@example.com", password: "x" })).toBeNull();
  });

  it("give a new password's first problem: blank, short, then a confirmation that differs", () => {
    expect(firstNewPasswordError({ password: "", confirmPassword: "" })?.message).toBe(AUTH_MESSAGES.passwordRequired);
    expect(firstNewPasswordError({ password: "12345", confirmPassword: "12345" })?.message).toBe(
      AUTH_MESSAGES.passwordTooShort,
    );
    expect(firstNewPasswordError({ password: "123456", confirmPassword: "123457" })).toEqual({
      field: "confirmPassword",
      message: AUTH_MESSAGES.passwordsDoNotMatch,
    });
    expect(firstNewPasswordError({ password: "123456", confirmPassword: "123456" })).toBeNull();
  });

  it("give the sign-up form's problems the server's schema gives for the same fields", () => {
    const cases = [
      { email: "", password: "steady steps", gender: "female" },
      { email: "bad", password: "steady steps", gender: "female" },
      { email: "a@example.com", password: "short", gender: "female" },
      { email: "a@example.com", password: "steady steps", gender: "other" },
      { email: " a@example.com ", password: "steady steps", gender: "male" },
    ];
    for (const fields of cases) {
      const browser = firstSignUpError({ ...fields, confirmPassword: fields.password, picture: null });
      const server = SignUpRequestSchema.safeParse(fields);
      expect(server.success ? null : server.error.issues[0]?.message, JSON.stringify(fields)).toBe(
        browser?.message ?? null,
      );
    }
  });
});
