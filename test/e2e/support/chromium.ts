import { existsSync } from "node:fs";
import type { LaunchOptions } from "@playwright/test";

/**
 * The system Chromium (Debian's `chromium` package) or CHROMIUM_PATH. Playwright's own browser
 * download is not used: it does not work on machines without general internet access.
 */
export function chromiumLaunchOptions(): LaunchOptions {
  const executablePath = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
  if (!existsSync(executablePath)) {
    throw new Error(
      `Chromium was not found at ${executablePath}. Install it (Debian/Ubuntu: sudo apt-get install -y chromium) ` +
        "or set CHROMIUM_PATH to a Chromium or Chrome executable.",
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
