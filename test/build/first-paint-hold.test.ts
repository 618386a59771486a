import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { HELD_PRELOADS_ATTRIBUTE, HELD_SCRIPT_TYPE } from "~/lib/framework-after-paint";
import { holdFrameworkUntilPainted } from "~/lib/hold-framework.server";
import { COMPOSER_FIELDS, SEND_INTENT } from "~/shared/conversation-page";
import { chatWith } from "~/shared/routes";
import { insertUser } from "../worker/support/accounts";
import { askBuild, builtAssets } from "./support/built-worker";

/** What a person wrote that spells the very tags the hold looks for. */
const TAG_LIKE_TEXT = '<link rel="modulepreload" href="/x.js"> <script type="module" async>alert(1)</script>';

/** Text as React writes it into HTML. */
const escaped = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");

/** The attributes of a script the tests read. */
const SCRIPT_ATTRIBUTES = ["type", "src", "nonce", HELD_PRELOADS_ATTRIBUTE] as const;
type ScriptTag = { attributes: Map<string, string>; code: string };

/** The page's module preloads in <head> and its scripts, as an HTML parser reads them. */
async function partsOf(html: string) {
  const headPreloads: string[] = [];
  const scripts: ScriptTag[] = [];
  let current: ScriptTag | undefined;
  await new HTMLRewriter()
    .on("head link[rel~=modulepreload]", {
      element: (link) => void headPreloads.push(link.getAttribute("href") ?? ""),
    })
    .on("script", {
      element(script) {
        const attributes = new Map<string, string>();
        for (const name of SCRIPT_ATTRIBUTES) {
          const value = script.getAttribute(name);
          if (value !== null) attributes.set(name, value);
        }
        current = { attributes, code: "" };
        scripts.push(current);
      },
      text(chunk) {
        if (current) current.code += chunk.text;
      },
    })
    .transform(new Response(html))
    .text();
  return { headPreloads, scripts };
}

const nonceOfPolicy = (response: Response) =>
  /'nonce-([^']+)'/.exec(response.headers.get("Content-Security-Policy") ?? "")?.[1];

describe("the production build's conversation page", () => {
  let page: { response: Response; html: string };
  let parts: Awaited<ReturnType<typeof partsOf>>;

  beforeAll(async () => {
    const person = await insertUser();
    const friend = await insertUser();
    const form = new FormData();
    form.set(COMPOSER_FIELDS.intent, SEND_INTENT);
    form.set(COMPOSER_FIELDS.clientId, `temp-${crypto.randomUUID()}`);
    form.set(COMPOSER_FIELDS.text, TAG_LIKE_TEXT);
    const posted = await askBuild(chatWith(friend.user.id), { method: "POST", cookie: person.cookie, body: form });
    expect(posted.response.status).toBe(303);
    page = await askBuild(chatWith(friend.user.id), { cookie: person.cookie });
    parts = await partsOf(page.html);
  });

  it("is sent with no module preload in <head>", () => {
    expect(page.response.status).toBe(200);
    expect(parts.headPreloads).toEqual([]);
    // Nor anywhere else, as the markup reads (what the person wrote is escaped).
    expect(page.html).not.toMatch(/rel=["']?modulepreload/);
  });

  it("holds React Router's one module script under the inert type, with the page's nonce", () => {
    const held = parts.scripts.filter((script) => script.attributes.get("type") === HELD_SCRIPT_TYPE);
    expect(held).toHaveLength(1);
    const nonce = nonceOfPolicy(page.response);
    expect(nonce).toMatch(/^\S+$/);
    expect(held[0]?.attributes.get("nonce")).toBe(nonce);
    expect(held[0]?.code).toContain("window.__reactRouterRouteModules");
    expect(
      parts.scripts.filter((script) => script.attributes.get("type") === "module" && !script.attributes.has("src")),
    ).toEqual([]);
  });

  it("lists on the held script every module React Router would have preloaded for the page", async () => {
    const held = parts.scripts.find((script) => script.attributes.get("type") === HELD_SCRIPT_TYPE);
    const listed = held?.attributes.get(HELD_PRELOADS_ATTRIBUTE)?.split(" ") ?? [];
    const assets = await builtAssets();
    const expected = new Set([assets.entry.module, ...assets.entry.imports]);
    for (const id of ["root", "routes/site-layout", "routes/chat/chat-screen"]) {
      const route = assets.routes[id];
      if (!route) throw new Error(`no route ${id} in the build's manifest`);
      expected.add(route.module);
      for (const module of route.imports ?? []) expected.add(module);
    }
    expect(new Set(listed)).toEqual(expected);
    // Everything the held code imports is among them.
    for (const [, module] of held?.code.matchAll(/import(?:\(| \* as \w+ from )"([^"]+)"/g) ?? []) {
      expect(listed).toContain(module);
    }
  });

  it("leaves the page's own module scripts and what the person wrote as they were", () => {
    const pageModules = parts.scripts.filter((script) => script.attributes.has("src"));
    expect(pageModules.length).toBeGreaterThan(0);
    for (const script of pageModules) expect(script.attributes.get("type")).toBe("module");
    expect(page.html).toContain(escaped(TAG_LIKE_TEXT));
  });
});

describe("a page that hydrates but cannot be held", () => {
  afterEach(() => vi.restoreAllMocks());

  it("is sent as it was and logged once with its path", async () => {
    // A public page as the build renders it has none of React Router's scripts.
    const { html } = await askBuild("/");
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const sent = await holdFrameworkUntilPainted(new Response(html), "/some/page").text();
    expect(sent).toBe(html);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toContain("/some/page");
  });
});

describe("a page that does not hydrate", () => {
  afterEach(() => vi.restoreAllMocks());

  it("is sent with its own modules and nothing held or logged", async () => {
    const warn = vi.spyOn(console, "warn");
    const { response, html } = await askBuild("/");
    const { scripts } = await partsOf(html);
    expect(response.status).toBe(200);
    expect(scripts.filter((script) => script.attributes.get("type") === HELD_SCRIPT_TYPE)).toEqual([]);
    expect(scripts.filter((script) => script.attributes.get("type") === "module").length).toBeGreaterThan(0);
    expect(warn).not.toHaveBeenCalled();
  });
});
