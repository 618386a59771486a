import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

describe("the /api surface", () => {
  it("answers the health check once D1 is reachable", async () => {
    const response = await exports.default.fetch("https://kindred.test/api/health");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
  });

  it("answers an unknown endpoint with a JSON 404 and a stable code", async () => {
    const response = await exports.default.fetch("https://kindred.test/api/no-such-thing");
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toContain("application/json");
    expect(await response.json()).toMatchObject({ code: "not_found" });
  });

  it("sends the security headers on every response", async () => {
    const response = await exports.default.fetch("https://kindred.test/api/health");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    expect(response.headers.get("permissions-policy")).toContain("camera=()");
  });
});
