import { describe, expect, it } from "vitest";
import { HELD_PRELOADS_ATTRIBUTE, HELD_SCRIPT_TYPE, holdFrameworkUntilPainted } from "~/lib/framework-after-paint";

/** A hydrating page as React Router and React render it, cut down to the parts that matter. */
const HYDRATING_PAGE = [
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>',
  '<link rel="modulepreload" href="/assets/entry.client-A.js" nonce="n0nce"/>',
  '<link rel="modulepreload" href="/assets/shell-B.js" nonce="n0nce"/>',
  '<script nonce="n0nce">/* boot */</script>',
  '<link nonce="n0nce" rel="stylesheet" href="/assets/root-C.css"/>',
  "</head><body><main><p>&lt;link rel=&quot;modulepreload&quot; href=&quot;/x.js&quot;/&gt;</p></main>",
  '<script type="module" src="/assets/page-analytics-D.js" nonce="n0nce" fetchPriority="low"></script>',
  '<script nonce="n0nce">window.__reactRouterContext = {};</script>',
  '<script nonce="n0nce" type="module" async="">import * as route0 from "/assets/root-E.js";',
  'import("/assets/entry.client-A.js");</script>',
  "</body></html>",
].join("");

describe("holdFrameworkUntilPainted", () => {
  const held = holdFrameworkUntilPainted(HYDRATING_PAGE);
  const head = held.slice(0, held.indexOf("</head>"));

  it("takes the module preloads out of <head>, leaving the stylesheet as the only request in the way", () => {
    expect(head).not.toContain("modulepreload");
    expect(head).toContain('rel="stylesheet" href="/assets/root-C.css"');
  });

  it("keeps the framework's module script in its place and code, inert, with the modules to preload", () => {
    expect(held).toContain(
      `<script nonce="n0nce" type="${HELD_SCRIPT_TYPE}" ${HELD_PRELOADS_ATTRIBUTE}="/assets/entry.client-A.js /assets/shell-B.js">import * as route0 from "/assets/root-E.js";import("/assets/entry.client-A.js");</script></body>`,
    );
    expect(held).not.toContain('type="module" async=""');
  });

  it("leaves every other script, and text that only spells a preload, as they were", () => {
    expect(held).toContain('<script type="module" src="/assets/page-analytics-D.js"');
    expect(held).toContain('<script nonce="n0nce">window.__reactRouterContext = {};</script>');
    expect(held).toContain("<p>&lt;link rel=&quot;modulepreload&quot; href=&quot;/x.js&quot;/&gt;</p>");
  });

  it("leaves a page without the framework untouched", () => {
    const publicPage = HYDRATING_PAGE.replace('type="module" async=""', 'type="module"');
    expect(holdFrameworkUntilPainted(publicPage)).toBe(publicPage);
  });
});
