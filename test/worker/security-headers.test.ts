import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { pageContentSecurityPolicy, withSecurityHeaders } from "../../worker/security-headers";
import { APP_ORIGIN } from "./support/auth-requests";

describe("security headers", () => {
  it("give API answers a policy that runs and embeds nothing", async () => {
    const response = await exports.default.fetch(`${APP_ORIGIN}/api/health`);
    expect(response.headers.get("Content-Security-Policy")).toBe(
      "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
    );
  });

  it("keep a policy a response chose (images keep their sandbox)", () => {
    const image = new Response("x", { headers: { "Content-Security-Policy": "default-src 'none'; sandbox" } });
    expect(withSecurityHeaders(image).headers.get("Content-Security-Policy")).toBe("default-src 'none'; sandbox");
  });

  it("add HSTS only when the app is served over https", () => {
    expect(
      withSecurityHeaders(new Response("x"), "https://kindred.example").headers.get("Strict-Transport-Security"),
    ).toBe("max-age=31536000; includeSubDomains");
    expect(
      withSecurityHeaders(new Response("x"), "http://127.0.0.1:8799").headers.has("Strict-Transport-Security"),
    ).toBe(false);
  });

  it("let a page talk to its own WebSocket origin, wss: over https", () => {
    expect(pageContentSecurityPolicy("n0nce", "https://kindred.example/chat", false)).toContain(
      "connect-src 'self' wss://kindred.example;",
    );
    expect(pageContentSecurityPolicy("n0nce", "http://127.0.0.1:8799/", false)).toContain(
      "connect-src 'self' ws://127.0.0.1:8799;",
    );
    expect(pageContentSecurityPolicy("n0nce", "http://127.0.0.1:8799/", false)).toContain(
      "script-src 'nonce-n0nce' 'strict-dynamic'",
    );
  });

  it("let Turnstile's frame in only while the person check is on", () => {
    expect(pageContentSecurityPolicy("n0nce", "https://kindred.example/signup", false, true)).toContain(
      "frame-src https://challenges.cloudflare.com;",
    );
    expect(pageContentSecurityPolicy("n0nce", "https://kindred.example/signup", false, false)).not.toContain(
      "frame-src",
    );
    // Off by default: no keys are configured.
    expect(pageContentSecurityPolicy("n0nce", "https://kindred.example/signup", false)).not.toContain("frame-src");
  });
});
