import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from "vitest";
import { HELD_PRELOADS_ATTRIBUTE, HELD_SCRIPT_TYPE } from "~/lib/framework-after-paint";
import { holdFrameworkUntilPainted } from "~/lib/hold-framework.server";

// The rules of the hold, on small pages written for each rule. React Router's real output is held
// in test/build/first-paint-hold.test.ts, against the production build.

const page = (head: string, body: string) => `<!DOCTYPE html><html><head>${head}</head><body>${body}</body></html>`;

/** The page as the hold sends it, arriving in chunks of `chunkBytes` as a stream does. */
async function held(html: string, chunkBytes = html.length): Promise<string> {
  const bytes = new TextEncoder().encode(html);
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let at = 0; at < bytes.length; at += chunkBytes) controller.enqueue(bytes.slice(at, at + chunkBytes));
      controller.close();
    },
  });
  return holdFrameworkUntilPainted(new Response(body), "/chat/someone").text();
}

let warn: MockInstance<typeof console.warn>;
beforeEach(() => {
  warn = vi.spyOn(console, "warn").mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe("holdFrameworkUntilPainted", () => {
  it("holds the module script whatever the order and quoting of its attributes, keeping nonce and code", async () => {
    const sent = await held(
      page(
        "<link href=/assets/a.js rel=modulepreload nonce=n1><link rel='modulepreload' href='/assets/b.js'>",
        '<script async="" nonce="n1" type=module>import("/assets/a.js");</script>',
      ),
    );
    expect(sent).toBe(
      page(
        "",
        `<script nonce="n1" type="${HELD_SCRIPT_TYPE}" ${HELD_PRELOADS_ATTRIBUTE}="/assets/a.js /assets/b.js">import("/assets/a.js");</script>`,
      ),
    );
    expect(warn).not.toHaveBeenCalled();
  });

  it("holds a page that arrives a byte at a time", async () => {
    const html = page(
      '<link rel="modulepreload" href="/assets/a.js"/>',
      '<main>Hello</main><script type="module" async="">import("/assets/a.js");</script>',
    );
    expect(await held(html, 1)).toBe(await held(html));
    expect(await held(html, 1)).toContain(`${HELD_PRELOADS_ATTRIBUTE}="/assets/a.js"`);
  });

  it("never touches what a person wrote, even where it spells a preload or a module script", async () => {
    const written =
      '<p>&lt;link rel="modulepreload" href="/x.js"&gt; &lt;script type="module" async&gt;</p>' +
      '<textarea><link rel="modulepreload" href="/y.js"><script type="module">x</script></textarea>' +
      '<img alt="<script type=module>">';
    const sent = await held(page("", `${written}<script type="module" async="">go()</script>`));
    expect(sent).toContain(written);
    expect(sent).toContain(`<script type="${HELD_SCRIPT_TYPE}" ${HELD_PRELOADS_ATTRIBUTE}="">go()</script>`);
    expect(warn).not.toHaveBeenCalled();
  });

  it("leaves the page's own module scripts, which are files, to run", async () => {
    const own = '<script type="module" src="/assets/page-analytics.js" async=""></script>';
    const sent = await held(page("", `${own}<script type="module" async="">go()</script>`));
    expect(sent).toContain(own);
  });

  it("logs a page with no module script to hold, once, with its path", async () => {
    const html = page(
      '<link rel="modulepreload" href="/assets/a.js"/>',
      '<script type="module" src="/assets/a.js"></script>',
    );
    await held(html);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toContain("/chat/someone");
    expect(warn.mock.calls[0]?.[0]).toContain("no inline module script");
  });

  it("leaves a preload that comes after the held script in place, and logs it with any other problem, once", async () => {
    const late = '<link rel="modulepreload" href="/assets/late.js"/>';
    const sent = await held(
      page("", `<script type="module" async="">go()</script><script type="module">again()</script>${late}`),
    );
    expect(sent).toContain(late);
    expect(sent).toContain('<script type="module">again()</script>');
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toContain("/assets/late.js");
    expect(warn.mock.calls[0]?.[0]).toContain("a second inline module script");
  });
});
