import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";
import { chromiumLaunchOptions, FULL_BROWSER } from "./test/e2e/support/chromium";

const PORT = Number(process.env.E2E_PORT ?? 8799);
const BASE_URL = `http://127.0.0.1:${PORT}`;
/** The tests that share the one support desk and so run one after another (see `projects`). */
const DESK_TESTS = "support-desk.spec.ts";

/**
 * Browser tests against the production build (`npm run build`) served by the Workers runtime on
 * fresh local state (scripts/e2e-server.sh). Chromium is the system's: no browser download.
 */
export default defineConfig({
  testDir: "test/e2e",
  testMatch: "**/*.spec.ts",
  fullyParallel: true,
  workers: 2,
  forbidOnly: !!process.env.CI,
  retries: 0,
  // The longer journeys (two people, several pages, axe scans) take 15 to 30 s on this 2-core machine
  // when it is slow; each step still fails on its own 5 s expectation
  // (docs/decisions/013-browser-tests-get-60-s-each-with-no-retries.md).
  timeout: 60_000,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  use: {
    baseURL: BASE_URL,
    // Recording a trace of every test cost a third of the suite's CPU; a failure still leaves its
    // page's snapshot and a screenshot, and `--trace retain-on-failure` records traces when wanted.
    trace: "off",
    screenshot: "only-on-failure",
    // A step that cannot happen fails on its own, naming itself, instead of waiting out the test.
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
  },
  // The headless shell for all but the tests tagged FULL_BROWSER (see test/e2e/support/chromium.ts).
  // The support desk's tests come first, in a project of their own: the desk is one for the whole
  // server, so they run one after another (3 to 4 minutes) and, started first, on one worker while
  // the other runs everything else, instead of alone at the end of the run with the other idle.
  projects: [
    {
      name: "desk",
      testMatch: DESK_TESTS,
      grepInvert: new RegExp(FULL_BROWSER),
      use: { ...devices["Desktop Chrome"], launchOptions: chromiumLaunchOptions("headless-shell") },
    },
    {
      name: "chromium",
      testIgnore: DESK_TESTS,
      grepInvert: new RegExp(FULL_BROWSER),
      use: { ...devices["Desktop Chrome"], launchOptions: chromiumLaunchOptions("headless-shell") },
    },
    {
      name: "chromium-full",
      grep: new RegExp(FULL_BROWSER),
      use: { ...devices["Desktop Chrome"], launchOptions: chromiumLaunchOptions("full") },
    },
  ],
  webServer: {
    command: "npm run e2e:server",
    url: `${BASE_URL}/api/health`,
    reuseExistingServer: !process.env.CI && existsSync("build/server/wrangler.json"),
    timeout: 120_000,
    env: { E2E_PORT: String(PORT) },
  },
});
