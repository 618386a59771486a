/**
 * Lighthouse on the landing page of the production build served by the Workers runtime: mobile
 * form factor with Lighthouse's default (simulated) throttling, as PageSpeed Insights runs it, in
 * the system Chromium. Several runs, the median of each figure:
 *   - performance score, LCP, FCP, TBT, CLS, Speed Index;
 *   - 'Reduce unused JavaScript' (bytes), JavaScript transferred, render-blocking requests.
 *
 *   npm run bench:lighthouse      (builds first; BENCH_RUNS to change the number of runs, default 5;
 *                                  BENCH_PORT, BENCH_CONFIG as in landing.ts)
 *
 * It prints figures; it asserts nothing. Record them in docs/benchmarks.md.
 */
import { existsSync } from "node:fs";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { startProductionServer } from "./support/production-server";

const PORT = Number(process.env.BENCH_PORT ?? 8797);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const PATH = process.env.BENCH_PATH ?? "/";

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

const { base, stop } = await startProductionServer(PORT, {}, process.env.BENCH_CONFIG);
const chrome = await chromeLauncher.launch({
  chromePath: chromiumPath(),
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
});

try {
  const runs: Figures[] = [];
  // One run to warm the Worker (first compile, first D1 read) that is not counted.
  for (let run = 0; run <= RUNS; run++) {
    const result = await lighthouse(`${base}${PATH}`, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance"],
    });
    if (!result) throw new Error("Lighthouse returned no result");
    const { audits, categories } = result.lhr;
    const numeric = (id: string) => audits[id]?.numericValue ?? Number.NaN;
    const bytes = (id: string) =>
      ((audits[id]?.details as { overallSavingsBytes?: number } | undefined)?.overallSavingsBytes ?? 0) as number;
    const items = (id: string) => ((audits[id]?.details as { items?: unknown[] } | undefined)?.items ?? []).length;
    const scripts = (
      (audits["resource-summary"]?.details as { items?: { resourceType: string; transferSize: number }[] } | undefined)
        ?.items ?? []
    ).find((item) => item.resourceType === "script");
    if (run === 0) continue;
    const figures: Figures = {
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
    runs.push(figures);
    console.log(
      `run ${run}: score ${figures.score}, LCP ${(figures.lcp / 1000).toFixed(2)} s, unused JS ${(figures.unusedJs / 1024).toFixed(1)} KB`,
    );
  }
  const pick = (key: keyof Figures) => median(runs.map((r) => r[key]));
  console.log(`\nLighthouse ${PATH} (mobile, simulated throttling), median of ${RUNS} runs`);
  console.log(`  performance score    ${pick("score")}`);
  console.log(`  LCP                  ${(pick("lcp") / 1000).toFixed(2)} s`);
  console.log(`  FCP                  ${(pick("fcp") / 1000).toFixed(2)} s`);
  console.log(`  Speed Index          ${(pick("si") / 1000).toFixed(2)} s`);
  console.log(`  TBT                  ${pick("tbt").toFixed(0)} ms`);
  console.log(`  CLS                  ${pick("cls").toFixed(3)}`);
  console.log(`  unused JavaScript    ${(pick("unusedJs") / 1024).toFixed(1)} KB`);
  console.log(`  JavaScript transfer  ${(pick("jsTransferred") / 1024).toFixed(1)} KB`);
  console.log(`  render-blocking      ${pick("renderBlocking")} request(s)`);
} finally {
  chrome.kill();
  stop();
}
