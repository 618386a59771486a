/**
 * Lighthouse on the path to help, in the production build served by the Workers runtime: the
 * landing page (at `/` and at its Spanish address `/es`), /signup, and a signed-in conversation with the support account (a new account
 * each run, with a few messages sent, so the page shows a history). Mobile form factor with
 * Lighthouse's default (simulated) throttling, as PageSpeed Insights runs it, in the system
 * Chromium, each run with the HTTP cache and the site's storage cleared. The pages take turns
 * within each round, so a slower minute of the machine touches all alike. The median of each
 * figure per page:
 *   - performance score, LCP, FCP, TBT, CLS, Speed Index;
 *   - JavaScript transferred (gzipped, as served), 'Reduce unused JavaScript' (bytes),
 *     render-blocking requests.
 *
 *   npm run bench:lighthouse      (builds first; BENCH_RUNS to change the number of rounds, default 3;
 *                                  BENCH_PAGES to measure some pages only, e.g. "signup,conversation";
 *                                  BENCH_PORT, BENCH_CONFIG as in landing.ts;
 *                                  BENCH_REPORT_DIR to keep each run's full report)
 *
 * It prints figures; it asserts nothing. Record them in docs/benchmarks.md.
 */
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { COMPOSER_FIELDS, SEND_INTENT } from "../../app/shared/conversation-page";
import { startProductionServer } from "./support/production-server";
import { supportUserId } from "./support/support-user";

const PORT = Number(process.env.BENCH_PORT ?? 8797);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
/** Where to keep each run's full Lighthouse report (JSON), to read what a figure is made of. */
const REPORT_DIR = process.env.BENCH_REPORT_DIR;

type Page = { name: string; path: string; signedIn: boolean };
const ALL_PAGES: Page[] = [
  { name: "landing", path: "/", signedIn: false },
  { name: "landing-es", path: "/es", signedIn: false },
  { name: "signup", path: "/signup", signedIn: false },
  { name: "conversation", path: `/chat/${supportUserId()}`, signedIn: true },
];
const chosen = process.env.BENCH_PAGES?.split(",").map((name) => name.trim());
const PAGES = chosen ? ALL_PAGES.filter((page) => chosen.includes(page.name)) : ALL_PAGES;
if (PAGES.length === 0) throw new Error(`BENCH_PAGES names none of ${ALL_PAGES.map((p) => p.name).join(", ")}`);

/** Messages in the measured conversation: enough for a history, as a visitor has after a minute. */
const MESSAGES_SENT = 4;

function chromiumPath(): string {
  const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"];
  const found = candidates.find((path) => path && existsSync(path));
  if (!found) throw new Error("No Chromium found: install it or set CHROMIUM_PATH");
  return found;
}

type Figures = {
  score: number;
  lcp: number;
  fcp: number;
  tbt: number;
  cls: number;
  si: number;
  unusedJs: number;
  jsTransferred: number;
  renderBlocking: number;
};

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

let accounts = 0;

/**
 * A new account, signed in, that has written a few messages to the support account (by the
 * composer's plain form, as a browser without scripts posts it): the session's cookies, as a
 * browser would send them. Each from its own client address, below the sign-up rate limit.
 */
async function signedInVisitor(base: string, conversationPath: string): Promise<string> {
  accounts += 1;
  const headers = { Origin: base, "cf-connecting-ip": `2001:db8:be:${accounts.toString(16)}::1` };
  const signUp = await fetch(`${base}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { ...headers, "Content-Type": "application/json" },
    body: JSON.stringify({
      email: `lighthouse-${Date.now()}-${accounts}@example.com`,
      password: "a calm password",
      gender: "female",
      name: "",
    }),
  });
  if (signUp.status !== 200) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
  const cookie = signUp.headers
    .getSetCookie()
    .map((setCookie) => setCookie.split(";")[0])
    .join("; ");
  for (let n = 1; n <= MESSAGES_SENT; n++) {
    const form = new FormData();
    form.set(COMPOSER_FIELDS.intent, SEND_INTENT);
    form.set(COMPOSER_FIELDS.clientId, `temp-${crypto.randomUUID()}`);
    form.set(COMPOSER_FIELDS.text, `Message ${n}: it has been a long week, and I wanted to talk to someone.`);
    const sent = await fetch(`${base}${conversationPath}`, {
      method: "POST",
      headers: { ...headers, Cookie: cookie },
      body: form,
      redirect: "manual",
    });
    await sent.arrayBuffer();
    if (sent.status >= 400) throw new Error(`sending message ${n} failed: ${sent.status}`);
  }
  return cookie;
}

/**
 * Sends one DevTools protocol command to the browser. Lighthouse keeps a site's cookies from run to
 * run (it clears its cache and storage), so each run sets the browser's cookies itself: none for a
 * visitor, the session's for the signed-in page. (A Cookie header through Lighthouse's extraHeaders
 * never reached the server.)
 */
async function browserCommand(port: number, method: string, params: Record<string, unknown> = {}) {
  const { webSocketDebuggerUrl } = (await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()) as {
    webSocketDebuggerUrl: string;
  };
  const socket = new WebSocket(webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
    socket.onerror = reject;
  });
  try {
    socket.send(JSON.stringify({ id: 1, method, params }));
    const answer = await new Promise<{ error?: { message: string } }>((resolve) => {
      socket.onmessage = (event) => resolve(JSON.parse(String(event.data)));
    });
    if (answer.error) throw new Error(`${method}: ${answer.error.message}`);
  } finally {
    socket.close();
  }
}

async function setBrowserCookies(port: number, base: string, cookieHeader: string | null) {
  await browserCommand(port, "Storage.clearCookies");
  if (!cookieHeader) return;
  const cookies = cookieHeader.split("; ").map((pair) => {
    const at = pair.indexOf("=");
    return { name: pair.slice(0, at), value: pair.slice(at + 1), url: base, httpOnly: true, sameSite: "Lax" };
  });
  await browserCommand(port, "Storage.setCookies", { cookies });
}

async function measure(base: string, port: number, page: Page): Promise<Figures> {
  await setBrowserCookies(port, base, page.signedIn ? await signedInVisitor(base, page.path) : null);
  const result = await lighthouse(`${base}${page.path}`, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance"],
  });
  if (!result) throw new Error("Lighthouse returned no result");
  if (REPORT_DIR) {
    mkdirSync(REPORT_DIR, { recursive: true });
    writeFileSync(`${REPORT_DIR}/${page.name}-${Date.now()}.json`, JSON.stringify(result.lhr));
  }
  const { audits, categories, finalDisplayedUrl } = result.lhr;
  if (new URL(finalDisplayedUrl).pathname !== page.path) {
    throw new Error(`${page.path} ended at ${finalDisplayedUrl}: not the page to measure`);
  }
  const numeric = (id: string) => audits[id]?.numericValue ?? Number.NaN;
  const bytes = (id: string) =>
    ((audits[id]?.details as { overallSavingsBytes?: number } | undefined)?.overallSavingsBytes ?? 0) as number;
  const items = (id: string) => ((audits[id]?.details as { items?: unknown[] } | undefined)?.items ?? []).length;
  const scripts = (
    (audits["resource-summary"]?.details as { items?: { resourceType: string; transferSize: number }[] } | undefined)
      ?.items ?? []
  ).find((item) => item.resourceType === "script");
  return {
    score: Math.round((categories.performance?.score ?? 0) * 100),
    lcp: numeric("largest-contentful-paint"),
    fcp: numeric("first-contentful-paint"),
    tbt: numeric("total-blocking-time"),
    cls: numeric("cumulative-layout-shift"),
    si: numeric("speed-index"),
    unusedJs: bytes("unused-javascript"),
    jsTransferred: scripts?.transferSize ?? 0,
    renderBlocking: items("render-blocking-resources"),
  };
}

function report(page: Page, runs: Figures[]) {
  const pick = (key: keyof Figures) => median(runs.map((r) => r[key]));
  console.log(`\nLighthouse ${page.path} (${page.name}; mobile, simulated throttling), median of ${runs.length} runs`);
  console.log(`  performance score    ${pick("score")}`);
  console.log(`  LCP                  ${(pick("lcp") / 1000).toFixed(2)} s`);
  console.log(`  FCP                  ${(pick("fcp") / 1000).toFixed(2)} s`);
  console.log(`  Speed Index          ${(pick("si") / 1000).toFixed(2)} s`);
  console.log(`  TBT                  ${pick("tbt").toFixed(0)} ms`);
  console.log(`  CLS                  ${pick("cls").toFixed(3)}`);
  console.log(`  JavaScript transfer  ${(pick("jsTransferred") / 1024).toFixed(1)} KB`);
  console.log(`  unused JavaScript    ${(pick("unusedJs") / 1024).toFixed(1)} KB`);
  console.log(`  render-blocking      ${pick("renderBlocking")} request(s)`);
}

const { base, stop } = await startProductionServer(PORT, {}, process.env.BENCH_CONFIG);
const chrome = await chromeLauncher.launch({
  chromePath: chromiumPath(),
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
});

try {
  const runs = new Map<string, Figures[]>(PAGES.map((page) => [page.name, []]));
  // One round to warm the Worker (first compile, first D1 read) that is not counted.
  for (let round = 0; round <= RUNS; round++) {
    for (const page of PAGES) {
      const figures = await measure(base, chrome.port, page);
      if (round === 0) continue;
      runs.get(page.name)?.push(figures);
      console.log(
        `round ${round} ${page.name}: score ${figures.score}, LCP ${(figures.lcp / 1000).toFixed(2)} s, TBT ${figures.tbt.toFixed(0)} ms, JS ${(figures.jsTransferred / 1024).toFixed(1)} KB`,
      );
    }
  }
  for (const page of PAGES) report(page, runs.get(page.name) ?? []);
} finally {
  chrome.kill();
  stop();
}
