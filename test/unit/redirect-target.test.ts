import { describe, expect, it } from "vitest";
import { nextFromUrl, signedInDestination, withNext } from "~/shared/redirect-target";

/** Where signing in leads: the target when it is a path on this site, else chat (spec section 2). */
describe("the place to return to after signing in", () => {
  it("accepts a path on this site, with its query and fragment", () => {
    expect(signedInDestination("/chat/kindred-support")).toBe("/chat/kindred-support");
    expect(signedInDestination("/users?q=grace")).toBe("/users?q=grace");
    expect(signedInDestination("/thankyou?receipt=VM-123456#top")).toBe("/thankyou?receipt=VM-123456#top");
  });

  it("refuses anything that could lead off the site", () => {
    for (const value of [
      "https://evil.example/",
      "http:evil.example",
      "//evil.example",
      "///evil.example",
      "/\\evil.example",
      "\\\\evil.example",
      "/\t/evil.example",
      "/\n/evil.example",
      " /chat",
      "javascript:alert(1)",
      "data:text/html,hi",
      "chat",
      "",
      `/${"a".repeat(3000)}`,
      null,
      undefined,
      42,
    ]) {
      expect(signedInDestination(value), String(value)).toBe("/chat");
    }
  });

  it("refuses the sign-in pages themselves, which would only send the visitor on", () => {
    for (const value of ["/signup", "/login?next=/chat", "/recover", "/reset-password?token=x"]) {
      expect(signedInDestination(value), value).toBe("/chat");
    }
    expect(signedInDestination("/signups-are-not-the-signup-page")).toBe("/signups-are-not-the-signup-page");
  });

  it("falls back to chat, and carries a safe target through sign-in links", () => {
    expect(signedInDestination("//evil.example")).toBe("/chat");
    expect(signedInDestination("/profile")).toBe("/profile");
    expect(withNext("/signup", "/chat/kindred-support")).toBe("/signup?next=%2Fchat%2Fkindred-support");
    expect(withNext("/signup?reason=inactivity", "/users?q=a")).toBe("/signup?reason=inactivity&next=%2Fusers%3Fq%3Da");
    expect(withNext("/signup", "https://evil.example")).toBe("/signup");
    expect(nextFromUrl("https://kindred.test/login?next=%2Fprofile")).toBe("/profile");
    expect(nextFromUrl("https://kindred.test/login?next=https%3A%2F%2Fevil.example")).toBeNull();
  });
});
