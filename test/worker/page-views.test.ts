import { describe, expect, it } from "vitest";
import { pageViewOf } from "../../worker/analytics/page-views";

const ORIGIN = "https://kindred.example";
const BROWSER =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";

function documentRequest(path: string, headers: Record<string, string> = {}, method = "GET") {
  return new Request(`${ORIGIN}${path}`, { method, headers: { "User-Agent": BROWSER, ...headers } });
}

function answer(status = 200, contentType = "text/html") {
  return new Response(status === 204 || status === 302 ? null : "<!DOCTYPE html>", {
    status,
    headers: { "Content-Type": contentType },
  });
}

describe("a page view from a document request", () => {
  it("counts a GET answered with a page, as its route pattern only", () => {
    expect(pageViewOf(documentRequest("/privacypolicy"), answer())).toEqual({
      type: "page_view",
      path: "/privacypolicy",
    });
    expect(pageViewOf(documentRequest("/"), answer(200, "text/html; charset=utf-8"))).toEqual({
      type: "page_view",
      path: "/",
    });
    // Who is being contacted never leaves in a path; nor does a query.
    expect(pageViewOf(documentRequest("/chat/some-user-id?q=secret"), answer())).toEqual({
      type: "page_view",
      path: "/chat/:userId",
    });
  });

  it("does not count a prefetch of a page that may never be shown", () => {
    expect(pageViewOf(documentRequest("/", { "Sec-Purpose": "prefetch" }), answer())).toBeNull();
    expect(pageViewOf(documentRequest("/", { "Sec-Purpose": "prefetch;prerender" }), answer())).toBeNull();
    expect(pageViewOf(documentRequest("/", { Purpose: "prefetch" }), answer())).toBeNull();
  });

  it("does not count other methods, redirects, errors or the framework's data requests", () => {
    expect(pageViewOf(documentRequest("/recover", {}, "POST"), answer())).toBeNull();
    expect(pageViewOf(documentRequest("/", {}, "HEAD"), answer())).toBeNull();
    expect(pageViewOf(documentRequest("/chat"), answer(302))).toBeNull();
    expect(pageViewOf(documentRequest("/no-such-page"), answer(404))).toBeNull();
    expect(pageViewOf(documentRequest("/"), answer(500))).toBeNull();
    expect(pageViewOf(documentRequest("/privacypolicy.data"), answer(200, "text/x-script"))).toBeNull();
  });

  it("does not count crawlers", () => {
    const crawler = { "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" };
    expect(pageViewOf(documentRequest("/", crawler), answer())).toBeNull();
  });
});
