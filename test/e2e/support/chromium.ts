import { existsSync } from "node:fs";
import type { LaunchOptions } from "@playwright/test";

/**
 * The system's Chromium builds (Debian's `chromium-headless-shell` and `chromium` packages), or
 * CHROMIUM_PATH. Playwright's own browser download is not used: it does not work on machines without
 * general internet access.
 *
 * Most tests run in the headless shell, the build Playwright itself runs headless tests in: a new
 * browser context with its page costs a third of the full browser's CPU and a page load half, which
 * on a 2-core machine halves the browser suite. The full browser runs the tests tagged
 * FULL_BROWSER, which need what the shell lacks (it denies notifications whatever is granted)
 * (docs/decisions/143-browser-tests-run-in-chromiums-headless-shell.md).
 */
export const FULL_BROWSER = "@full-browser";

const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const FULL_CHROMIUM = "/usr/bin/chromium";

export function chromiumLaunchOptions(build: "headless-shell" | "full"): LaunchOptions {
  const executablePath = process.env.CHROMIUM_PATH || (build === "full" ? FULL_CHROMIUM : HEADLESS_SHELL);
  if (!existsSync(executablePath)) {
    throw new Error(
      `Chromium was not found at ${executablePath}. Install it (Debian/Ubuntu: sudo apt-get install -y ` +
        "chromium chromium-headless-shell) or set CHROMIUM_PATH to a Chromium or Chrome executable.",
    );
  }
  return {
    executablePath,
    // No sandbox when running as root (CI containers); no background traffic on closed networks.
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  };
}
