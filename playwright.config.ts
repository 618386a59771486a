import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";
import { chromiumLaunchOptions, FULL_BROWSER } from "./test/e2e/support/chromium";

const PORT = Number(process.env.E2E_PORT ?? 8799);
const BASE_URL = `http://127.0.0.1:${PORT}`;
/** The tests that share the one support desk and so run one after another (see `projects`). */
const DESK_TESTS = [
  "support-desk.spec.ts",
  "desk-figures.spec.ts",
  "desk-operations.spec.ts",
  "desk-language.spec.ts",
  "desk-waiting.spec.ts",
  "desk-probe.spec.ts",
];
/** Tests that never write to the support account, so never queue a conversation on the desk. */
const BESIDE_THE_DESK = [
  "carousel.spec.ts",
  "carousel-modes.spec.ts",
  "http-answers.spec.ts",
  "legal.spec.ts",
  "mobile-menu.spec.ts",
  "navigation.spec.ts",
  // Not password-reset.spec.ts: ending every session tells the desk (a visitor waiting in line has
  // left it), and beside the desk's busiest tests its page's 5 s to leave were twice too short.
  "profile.spec.ts",
  "public-pages-scripts.spec.ts",
  "quick-exit-without-framework.spec.ts",
  "safety-outcomes.spec.ts",
  "sign-up-failures.spec.ts",
];
/** Every project but the full browser's: the headless shell, without the tests that need the full browser. */
const headlessShell = {
  grepInvert: new RegExp(FULL_BROWSER),
  use: { ...devices["Desktop Chrome"], launchOptions: chromiumLaunchOptions("headless-shell") },
};

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
  // The support desk is one for the whole server, so its tests run one after another (about
  // 2 minutes) and nothing else may queue a conversation meanwhile. They start first, on one worker,
  // while the other runs the tests that never write to the support account; everything else waits
  // for the desk's tests to end (docs/decisions/149-the-desks-tests-run-first-beside-the-quiet-ones.md).
  projects: [
    // One worker for all of them: each file is serial, and two desk files side by side would empty
    // each other's queue.
    { name: "desk", testMatch: DESK_TESTS, workers: 1, ...headlessShell },
    { name: "beside-the-desk", testMatch: BESIDE_THE_DESK, ...headlessShell },
    {
      name: "chromium",
      testIgnore: [...DESK_TESTS, ...BESIDE_THE_DESK],
      dependencies: ["desk"],
      ...headlessShell,
    },
    {
      name: "chromium-full",
      grep: new RegExp(FULL_BROWSER),
      dependencies: ["desk"],
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
