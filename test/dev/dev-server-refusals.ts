/**
 * The README's run command, checked as people use it: `npm run dev` (the Vite dev server, SSR in
 * workerd) on a free port and fresh local state of its own, then
 *
 *   1. 30 posts the app refuses without needing their body (an API write without a session: 401; a
 *      page's form from another site: 403), each followed at once by a real sign-up: every sign-up
 *      must succeed (a refused body left unread used to fail the dev server's next request);
 *   2. in Chromium, the sign-in screens (their own scripts started) and the pages that hydrate
 *      (after the first paint, as in production): no console error and no uncaught exception (a
 *      nonce hydration mismatch used to log one on every such page), and /profile's tabs kept by
 *      hydration and answering a click made at once;
 *
 *   npm run test:dev           (about a minute; not part of `npm test`: see
 *     docs/decisions/141-npm-run-dev-is-checked-by-its-own-script-outside-npm-test.md)
 *
 * Exits non-zero on any failure, printing each one.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type Page } from "@playwright/test";
import { chromiumLaunchOptions } from "../e2e/support/chromium";

const REFUSALS = 30;
const PASSWORD = "a calm password";

/** A port nobody listens on now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject()));
    });
  });
}

/** Starts `react-router dev` (what `npm run dev` runs after migrating and seeding) on its own state. */
async function startDevServer(port: number, state: string): Promise<{ base: string; server: ChildProcess }> {
  const base = `http://localhost:${port}`;
  execFileSync("npx", ["tsx", "scripts/ensure-dev-vars.ts"], { stdio: "inherit" });
  execFileSync("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local", "--persist-to", state], {
    stdio: "ignore",
    env: { ...process.env, CI: "true" },
  });
  execFileSync("npx", ["tsx", "scripts/seed.ts", "--persist-to", state], { stdio: "ignore" });
  const server = spawn("npx", ["react-router", "dev", "--port", String(port), "--strictPort"], {
    env: { ...process.env, KINDRED_DEV_STATE: state, KINDRED_DEV_ORIGIN: base },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let log = "";
  server.stdout?.on("data", (chunk) => (log += chunk));
  server.stderr?.on("data", (chunk) => (log += chunk));
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the dev server stopped:\n${log}`);
    const healthy = await fetch(`${base}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return { base, server };
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`the dev server did not answer within 2 minutes:\n${log}`);
}

let addresses = 0;
const runId = Math.floor(Math.random() * 0xffff).toString(16);
/** A client address of its own for each sign-up, so the per-address rate limit never answers. */
const clientAddress = () => `2001:db8:${runId}:${(++addresses).toString(16)}::1`;

async function signUp(base: string, label: string): Promise<string | null> {
  try {
    const response = await fetch(`${base}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: base, "cf-connecting-ip": clientAddress() },
      body: JSON.stringify({
        email: `dev-${runId}-${label}@example.com`,
        password: PASSWORD,
        gender: "female",
        name: "x",
      }),
    });
    const text = await response.text();
    return response.status === 200 ? null : `sign-up ${label} answered ${response.status}: ${text.slice(0, 120)}`;
  } catch (error) {
    return `sign-up ${label} failed: ${String(error)}`;
  }
}

/** Refused posts, each with a body the app never needs, each followed by a sign-up. */
async function refusalsThenSignUps(base: string): Promise<string[]> {
  const failures: string[] = [];
  const padding = "x".repeat(20_000);
  for (let i = 0; i < REFUSALS; i++) {
    const refused =
      i % 2 === 0
        ? await fetch(`${base}/api/session/activity`, {
            method: "POST",
            headers: { "Content-Type": "application/json", Origin: base },
            body: JSON.stringify({ idleMs: 0, padding }),
          })
        : await fetch(`${base}/profile`, {
            method: "POST",
            headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://elsewhere.example" },
            body: new URLSearchParams({ firstName: "x", padding }).toString(),
          });
    await refused.arrayBuffer();
    const expected = i % 2 === 0 ? 401 : 403;
    if (refused.status !== expected) failures.push(`refusal ${i} answered ${refused.status}, not ${expected}`);
    const failure = await signUp(base, `after-refusal-${i}`);
    if (failure) failures.push(failure);
  }
  return failures;
}

/** Every console error and uncaught exception of a page. */
function watchErrors(page: Page, into: string[]) {
  page.on("console", (message) => {
    if (message.type() === "error") into.push(`${page.url()}: console: ${message.text().slice(0, 300)}`);
  });
  page.on("pageerror", (error) => into.push(`${page.url()}: uncaught: ${String(error).slice(0, 300)}`));
}

async function waitForHydration(page: Page) {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true", null, { timeout: 30_000 });
}

/** A page without the framework (the sign-in screens): until its own scripts have started. */
async function waitForPageScripts(page: Page) {
  await page.waitForFunction(() => document.documentElement.dataset.enhanced === "true", null, { timeout: 30_000 });
}

/**
 * /profile's tabs, as the server drew them, are adopted by hydration and answer a click made at
 * once. The dev server's scripts arrive one by one, so React hydrated before the page's streamed
 * data had settled in the browser and then drew the tabs anew, and a click in between was lost.
 */
async function tabsAfterHydration(page: Page, base: string): Promise<string[]> {
  await page.addInitScript(() => {
    const counted = window as unknown as { tabsRedrawn: number };
    counted.tabsRedrawn = 0;
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.removedNodes) {
          if (node instanceof Element && (node.matches("[role=tablist]") || node.querySelector("[role=tablist]"))) {
            counted.tabsRedrawn += 1;
          }
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto(`${base}/profile`);
  await waitForHydration(page);
  await page.getByRole("tab", { name: "Edit Profile" }).click();
  const failures: string[] = [];
  try {
    await page.waitForURL(/\/profile\?tab=edit$/, { timeout: 10_000 });
    await page.getByRole("tab", { name: "Edit Profile", selected: true }).waitFor({ timeout: 10_000 });
  } catch {
    failures.push(`/profile: 'Edit Profile' clicked right after hydration did nothing (at ${page.url()})`);
  }
  const redrawn = await page.evaluate(() => (window as unknown as { tabsRedrawn: number }).tabsRedrawn);
  if (redrawn > 0) failures.push(`/profile: the tabs the server drew were drawn anew ${redrawn} time(s) after loading`);
  return failures;
}

/** The sign-in screens' scripts, and the pages that hydrate (signed in). */
async function browserChecks(base: string): Promise<string[]> {
  const failures: string[] = [];
  const browser = await chromium.launch(chromiumLaunchOptions("headless-shell"));
  try {
    // The dev server optimizes the client's dependencies on its first page and reloads it once
    // when it finds more: a first visit warms it, as someone's first look at the app does.
    const warmUp = await browser.newPage();
    for (const path of ["/login", "/signup", "/profile"]) await warmUp.goto(`${base}${path}`);
    await warmUp.waitForTimeout(3_000);
    await warmUp.close();

    const context = await browser.newContext({ extraHTTPHeaders: { "cf-connecting-ip": clientAddress() } });
    const page = await context.newPage();
    watchErrors(page, failures);
    for (const path of ["/login", "/signup"]) {
      await page.goto(`${base}${path}`);
      await waitForPageScripts(page);
    }
    const created = await page.request.post(`${base}/api/auth/sign-up/email`, {
      data: { email: `dev-${runId}-browser@example.com`, password: PASSWORD, gender: "female", name: "x" },
      headers: { Origin: base },
    });
    if (created.status() !== 200) failures.push(`the browser's sign-up answered ${created.status()}`);
    for (const path of ["/profile", "/chat"]) {
      await page.goto(`${base}${path}`);
      await waitForHydration(page);
    }
    failures.push(...(await tabsAfterHydration(page, base)));
    await context.close();
  } finally {
    await browser.close();
  }
  return failures;
}

const state = mkdtempSync(join(tmpdir(), "kindred-dev-"));
const { base, server } = await startDevServer(await freePort(), state);
let failures: string[] = [];
try {
  console.log(`dev server at ${base}, state in ${state}`);
  failures = [...(await refusalsThenSignUps(base)), ...(await browserChecks(base))];
} finally {
  // The dev server and the workerd it started are one process group.
  if (server.pid) process.kill(-server.pid, "SIGTERM");
  rmSync(state, { recursive: true, force: true });
}
if (failures.length > 0) {
  console.error(`${failures.length} failure(s) under npm run dev:\n${failures.join("\n")}`);
  process.exit(1);
}
console.log(`${REFUSALS} refusals each followed by a sign-up, and the hydrated pages: 0 failures`);
