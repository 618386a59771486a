import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/**
 * axe-core's serious and critical findings on the page as it is now (WCAG 2.1 A/AA and best practice).
 *
 * In axe's single-run ("legacy") mode: the default mode gathers each frame's results in a new blank
 * page, a new renderer each scan, which doubled a scan's cost (about 2 core-seconds, against 0.9;
 * docs/decisions/153-axe-scans-run-once-in-the-page.md).
 * The single run still reaches frames (the app has none), through axe's messages between them.
 */
export async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
    .analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(" ")) }));
}
