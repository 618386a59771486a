import { expect, test } from "./support/test";

/**
 * What the production build answers at the HTTP level, from the runtime that serves it: the static
 * files the platform serves without the Worker (their headers come from public/_headers), and the
 * methods a page takes.
 */
test.describe("static files", () => {
  test("are never read as another type than they say: every one comes with nosniff", async ({ request }) => {
    const landing = await request.get("/");
    const html = await landing.text();
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    const style = /href="(\/assets\/[^"]+\.css)"/.exec(html)?.[1];
    expect(script).toBeTruthy();
    expect(style).toBeTruthy();
    for (const path of ["/favicon.svg", script ?? "", style ?? ""]) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      expect(response.headers()["x-content-type-options"], path).toBe("nosniff");
    }
    // The build's files are kept a year; the rule for every file did not replace theirs.
    expect((await request.get(script ?? "")).headers()["cache-control"]).toContain("immutable");
  });
});

test.describe("the methods a page takes", () => {
  test("HEAD answers a page's headers without its body", async ({ request }) => {
    const response = await request.head("/");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("text/html");
    expect(await response.body()).toHaveLength(0);
  });

  test("a method it does not take is a plain 405 with the ones it does", async ({ request }) => {
    for (const [method, path, allow] of [
      ["PUT", "/", "GET, HEAD"],
      ["OPTIONS", "/signup", "GET, HEAD, POST"],
    ] as const) {
      const response = await request.fetch(path, { method });
      expect(response.status(), `${method} ${path}`).toBe(405);
      expect(response.headers().allow, `${method} ${path}`).toBe(allow);
      expect(await response.text()).toBe("Method Not Allowed");
    }
  });
});
