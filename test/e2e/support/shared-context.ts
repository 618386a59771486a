import type { Browser, BrowserContext, BrowserContextOptions, Page, ViewportSize } from "@playwright/test";
import { addSessionProbe } from "./session-probe";

/**
 * Browser contexts a test worker keeps from test to test, with what a test leaves behind cleared
 * but not their HTTP cache: the test's own context, and those its helpers lend for another person,
 * the admin or a browser without scripts.
 *
 * Why: a page load with the build's scripts already cached costs about half the CPU of one without
 * (no fetching them from the local server, and Chromium reuses the compiled code it keeps beside
 * the cache), and on a 2-core machine the browser tests are bound by CPU. Playwright's own
 * `reuseContext` empties the cache between tests, and its reset leaves a page's routed sockets half
 * undone (docs/decisions/152-browser-tests-share-a-context-and-its-cache.md).
 *
 * What a borrower starts with, as a new context would give it: no pages, no cookies, no local
 * storage or IndexedDB for the site, no permissions, online, no routes, its own client address, and
 * pages at its viewport. The cache keeps only what may be kept: the build's assets are named by
 * their content, and every page and API answer that depends on the session is `no-store`.
 *
 * A context whose clock a test moved is not lent again: a clock cannot be taken back out of a
 * context.
 */
type KeptContext = {
  context: BrowserContext;
  key: string;
  origin: string;
  viewport: ViewportSize | null;
  /** The site's stored data is cleared by the borrower's first page (clearing needs a page). */
  storageLeft: boolean;
  lent: boolean;
  retired: boolean;
};

const kept: KeptContext[] = [];

/**
 * What the site stores in the browser besides cookies (Storage.clearDataForOrigin's names). Only
 * these: with the wider kinds added (cache storage, service workers, file systems, storage buckets)
 * the suite cost as much CPU as with no cache kept, and the app uses none of them.
 */
const SITE_STORAGE = "local_storage,indexeddb";

/**
 * A page's viewport unless its borrower asks for another: Playwright's default for a new context.
 * Set on every new page, since a kept context's new page can start at an earlier page's size.
 */
const DEFAULT_VIEWPORT: ViewportSize = { width: 1280, height: 720 };

const CLOCK_METHODS = [
  "install",
  "fastForward",
  "pauseAt",
  "resume",
  "runFor",
  "setFixedTime",
  "setSystemTime",
] as const;

async function open(browser: Browser, options: BrowserContextOptions, key: string): Promise<KeptContext> {
  const context = await browser.newContext({ ...options, viewport: DEFAULT_VIEWPORT });
  const entry: KeptContext = {
    context,
    key,
    origin: new URL(options.baseURL ?? "").origin,
    viewport: null,
    storageLeft: false,
    lent: false,
    retired: false,
  };
  context.on("close", () => {
    entry.retired = true;
  });
  for (const method of CLOCK_METHODS) {
    const original = context.clock[method].bind(context.clock) as (...args: unknown[]) => Promise<void>;
    (context.clock as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => {
      entry.retired = true;
      return original(...args);
    };
  }
  // A borrower's pages open at its viewport; the first clears what an earlier borrower stored.
  const newPage = context.newPage.bind(context);
  context.newPage = async () => {
    const page: Page = await newPage();
    if (entry.storageLeft) {
      const cdp = await context.newCDPSession(page);
      await cdp.send("Storage.clearDataForOrigin", { origin: entry.origin, storageTypes: SITE_STORAGE });
      await cdp.detach();
      entry.storageLeft = false;
    }
    const viewport = entry.viewport ?? DEFAULT_VIEWPORT;
    const { width, height } = page.viewportSize() ?? { width: 0, height: 0 };
    if (width !== viewport.width || height !== viewport.height) await page.setViewportSize(viewport);
    return page;
  };
  // Tests close a context when they are done with it, as with any other; a kept one goes back.
  context.close = async () => {
    await giveBack(entry);
  };
  // Every page of the context reports on its inactivity rules (see session-probe.ts).
  await addSessionProbe(context);
  return entry;
}

async function closeForGood(entry: KeptContext) {
  const index = kept.indexOf(entry);
  if (index >= 0) kept.splice(index, 1);
  await Object.getPrototypeOf(entry.context)
    .close.call(entry.context)
    .catch(() => {});
}

async function giveBack(entry: KeptContext) {
  if (!entry.lent) return;
  entry.lent = false;
  if (entry.retired) {
    await closeForGood(entry);
    return;
  }
  await Promise.all(entry.context.pages().map((page) => page.close()));
}

/**
 * A kept context for one borrower, or a new one if none with these options is free. The options
 * must be the same for everyone it serves but for the viewport, which becomes its pages'.
 */
export async function borrowContext(
  browser: Browser,
  options: BrowserContextOptions,
  clientAddress: string,
): Promise<BrowserContext> {
  const { viewport = null, ...shared } = options;
  const key = JSON.stringify(shared);
  for (const entry of kept.filter((e) => !e.lent && (e.retired || e.context.browser() !== browser))) {
    await closeForGood(entry);
  }
  let entry = kept.find((e) => !e.lent && e.key === key);
  if (!entry) {
    entry = await open(browser, shared, key);
    kept.push(entry);
  }
  entry.lent = true;
  entry.viewport = viewport;
  entry.storageLeft = true;
  const { context } = entry;
  await Promise.all(context.pages().map((page) => page.close()));
  await Promise.all([
    context.unrouteAll({ behavior: "ignoreErrors" }),
    context.clearCookies(),
    context.clearPermissions(),
    context.setOffline(false),
    context.setExtraHTTPHeaders({ "cf-connecting-ip": clientAddress }),
  ]);
  return context;
}

/** After a test: every context lent to it goes back (their pages close, their sockets with them). */
export async function giveBackAll() {
  await Promise.all(kept.filter((entry) => entry.lent).map(giveBack));
}
