import { env, exports } from "cloudflare:workers";
import { routes } from "virtual:react-router/server-build";
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from "vitest";
import { allowedMethods } from "../../worker/http/page-methods";
import { insertUser } from "./support/accounts";
import { APP_ORIGIN, freshIp } from "./support/auth-requests";

/**
 * A page asked with a method it does not take is answered plainly, before React Router, whose own
 * answer names its internals and logs an error with a stack.
 */

let logged: MockInstance[];
beforeEach(() => {
  logged = [vi.spyOn(console, "error"), vi.spyOn(console, "warn")];
});
afterEach(() => {
  for (const spy of logged) spy.mockRestore();
});

/** Nothing worse than a notice reached the log. */
function expectNothingLogged() {
  for (const spy of logged) expect(spy.mock.calls).toEqual([]);
}

const ask = (method: string, path: string, init: { body?: string; cookie?: string } = {}) =>
  exports.default.fetch(`${APP_ORIGIN}${path}`, {
    method,
    headers: {
      Origin: APP_ORIGIN,
      "cf-connecting-ip": freshIp(),
      ...(init.body ? { "Content-Type": "application/x-www-form-urlencoded" } : {}),
      ...(init.cookie ? { Cookie: init.cookie } : {}),
    },
    body: init.body,
  });

const users = () => env.DB.prepare("SELECT count(*) AS n FROM users").first<{ n: number }>();

describe("a page asked with a method it does not take", () => {
  it("answers 405 with the methods it takes, in plain words, and logs no error", async () => {
    const cases = [
      ["PUT", "/", "GET, HEAD"],
      ["OPTIONS", "/", "GET, HEAD"],
      ["DELETE", "/privacypolicy", "GET, HEAD"],
      ["PROPFIND", "/", "GET, HEAD"],
      ["TRACE", "/", "GET, HEAD"],
      ["PUT", "/signup", "GET, HEAD, POST"],
      ["OPTIONS", "/signup", "GET, HEAD, POST"],
      ["PATCH", "/chat/someone", "GET, HEAD, POST"],
      ["DELETE", "/profile.data", "GET, HEAD, POST"],
      // A page without an action takes no POST, at its own address or through its data request.
      ["POST", "/", "GET, HEAD"],
      ["POST", "/_root.data", "GET, HEAD"],
      ["POST", "/termsofservice", "GET, HEAD"],
      // The sign-up page script's JSON face takes its posts only.
      ["GET", "/signup/steps", "POST"],
      ["HEAD", "/signup/steps", "POST"],
    ] as const;
    for (const [method, path, allow] of cases) {
      const response = await ask(method, path);
      expect(response.status, `${method} ${path}`).toBe(405);
      expect(response.headers.get("Allow"), `${method} ${path}`).toBe(allow);
      if (method !== "HEAD") expect(await response.text()).toBe("Method Not Allowed");
      expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    }
    expectNothingLogged();
  });

  it("never runs the page's action: a PUT of a whole sign-up makes no account", async () => {
    const before = await users();
    const form = new URLSearchParams({
      email: `put-${crypto.randomUUID()}@example.com`,
      password: "steady steps",
      confirmPassword: "steady steps",
      gender: "female",
    }).toString();
    for (const method of ["PUT", "PATCH", "DELETE"]) {
      const response = await ask(method, "/signup", { body: form });
      expect(response.status, method).toBe(405);
    }
    expect(await users()).toEqual(before);
    expectNothingLogged();
  });

  it("answers 404 at an address where no page lives, whatever the method", async () => {
    const { cookie } = await insertUser();
    for (const method of ["PUT", "POST", "OPTIONS", "DELETE"]) {
      const response = await ask(method, "/no-such-page", { cookie });
      expect(response.status, method).toBe(404);
      expect(await response.text()).toBe("Not Found");
    }
    expectNothingLogged();
  });
});

describe("the methods a page takes", () => {
  const allowed = (path: string) => allowedMethods(new URL(path, APP_ORIGIN), routes);

  it("are GET and HEAD everywhere a page renders, and POST where its route has an action", () => {
    expect(allowed("/")).toEqual(["GET", "HEAD"]);
    expect(allowed("/signup")).toEqual(["GET", "HEAD", "POST"]);
    expect(allowed("/signup.data")).toEqual(["GET", "HEAD", "POST"]);
    expect(allowed("/chat")).toEqual(["GET", "HEAD", "POST"]);
    expect(allowed("/users")).toEqual(["GET", "HEAD"]);
    expect(allowed("/users/someone")).toEqual(["GET", "HEAD", "POST"]);
    expect(allowed("/admin/replies")).toEqual(["GET", "HEAD", "POST"]);
    expect(allowed("/header")).toEqual(["GET", "HEAD"]);
  });

  it("follow React Router's rule for an index route: a post names it with ?index, else goes to its parent", () => {
    expect(allowed("/?index")).toEqual(["GET", "HEAD"]);
    expect(allowed("/?index=1")).toEqual(["GET", "HEAD"]);
  });

  it("are none of a page's where only the catch-all not-found page answers", () => {
    expect(allowed("/no-such-page")).toBeNull();
    expect(allowed("/assets/missing.js")).toBeNull();
  });
});
