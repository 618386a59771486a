/**
 * Landing-page benchmark against the production build served by the Workers runtime:
 *   - SSR time to first byte of GET / over N sequential requests (p50, p95, min, max);
 *   - the landing page's client JavaScript: every script and modulepreload the HTML references,
 *     gzipped, against the 120 KB budget.
 *
 *   npm run bench            (builds first; set BENCH_REQUESTS to change N, default 300)
 *
 * It prints figures; it asserts nothing. Record them in docs/benchmarks.md.
 */
import { readFileSync } from "node:fs";
import { request } from "node:http";
import { gzipSync } from "node:zlib";
import { percentile, startProductionServer } from "./support/production-server";

const PORT = 8798;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);
const WARMUP = 20;
const BUDGET_KB = 120;

const { base: BASE, stop } = await startProductionServer(PORT);

/** Time to the first byte of the body, and the whole body. */
function ttfb(path: string): Promise<{ ms: number; body: string }> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const req = request(`${BASE}${path}`, (res) => {
      let first = 0;
      const chunks: Buffer[] = [];
      res.once("data", () => {
        first = performance.now() - start;
      });
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ ms: first, body: Buffer.concat(chunks).toString("utf8") }));
    });
    req.on("error", reject);
    req.end();
  });
}

try {
  for (let i = 0; i < WARMUP; i++) await ttfb("/");
  const samples: number[] = [];
  let html = "";
  for (let i = 0; i < REQUESTS; i++) {
    const { ms, body } = await ttfb("/");
    samples.push(ms);
    html = body;
  }
  samples.sort((a, b) => a - b);

  const scripts = new Set<string>();
  for (const m of html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)) if (m[1]) scripts.add(m[1]);
  for (const m of html.matchAll(/import\("([^"]+\.js)"\)|from "([^"]+\.js)"/g)) {
    const src = m[1] ?? m[2];
    if (src?.startsWith("/assets/")) scripts.add(src);
  }
  let raw = 0;
  let gzip = 0;
  for (const src of scripts) {
    const bytes = readFileSync(`build/client${src}`);
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
  }

  const fmt = (n: number) => n.toFixed(1);
  console.log(
    `Landing page SSR (GET /, production build in workerd, ${REQUESTS} sequential requests after ${WARMUP} warm-up)`,
  );
  console.log(
    `  TTFB p50 ${fmt(percentile(samples, 50))} ms  p95 ${fmt(percentile(samples, 95))} ms  min ${fmt(samples[0] ?? NaN)} ms  max ${fmt(samples.at(-1) ?? NaN)} ms`,
  );
  console.log(`Landing page client JavaScript (${scripts.size} files)`);
  console.log(
    `  ${fmt(raw / 1024)} KB raw, ${fmt(gzip / 1024)} KB gzipped (budget ${BUDGET_KB} KB gzipped: ${gzip / 1024 <= BUDGET_KB ? "within" : "OVER"})`,
  );
} finally {
  stop();
}
