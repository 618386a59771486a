/**
 * Landing-page benchmark against the production build served by the Workers runtime, for the page
 * at each of its addresses (`/` in English, `/es` in Spanish; BENCH_PATHS to choose, e.g. "/"):
 *   - SSR time to first byte over N sequential requests (p50, p95, min, max): first as a
 *     crawler's requests, which are not counted as page views (the page's rendering alone, as this
 *     figure was before page views were counted on the server), then as a browser's, each of which also records its page view
 *     in the request's waitUntil (worker/analytics/page-views.ts), the cost a visitor's view has now;
 *   - all the JavaScript the landing page loads, gzipped: its inline scripts, every script and
 *     modulepreload the HTML references and every module those import, against the 15 KB budget
 *     (JSON data blocks such as the FAQ's structured data are not scripts).
 *
 *   npm run bench            (builds first; set BENCH_REQUESTS to change N, default 300;
 *                             BENCH_PORT to serve on another port, default 8798; BENCH_CONFIG to
 *                             serve another build's build/server/wrangler.json, to compare builds)
 *
 * It prints figures; it asserts nothing. Record them in docs/benchmarks.md.
 */
import { readFileSync } from "node:fs";
import { request } from "node:http";
import { posix } from "node:path";
import { gzipSync } from "node:zlib";
import { PUBLIC_PAGE_JS_BUDGET_KB } from "../fixtures/budgets";
import { percentile, startProductionServer } from "./support/production-server";

const PORT = Number(process.env.BENCH_PORT ?? 8798);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);
const WARMUP = 20;
/** The client files of the build being served. */
const CLIENT_DIR = process.env.BENCH_CONFIG
  ? posix.join(posix.dirname(process.env.BENCH_CONFIG), "../client")
  : "build/client";

/** Script types a browser runs; anything else in a <script> (ld+json, importmap) is data. */
const RUNNABLE = new Set(["", "module", "text/javascript", "application/javascript"]);

const { base: BASE, stop } = await startProductionServer(PORT, {}, process.env.BENCH_CONFIG);

/** Who asks: a crawler's views are not counted (isbot); a browser's are. */
const USER_AGENTS = {
  crawler: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
  browser:
    "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36",
} as const;

/** Time to the first byte of the body, and the whole body. */
function ttfb(path: string, as: keyof typeof USER_AGENTS): Promise<{ ms: number; body: string }> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const req = request(`${BASE}${path}`, { headers: { "User-Agent": USER_AGENTS[as] } }, (res) => {
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

const PATHS = (process.env.BENCH_PATHS ?? "/,/es").split(",");

/** N sequential requests after the warm-up: their sorted times and the last page. */
async function series(path: string, as: keyof typeof USER_AGENTS): Promise<{ samples: number[]; html: string }> {
  for (let i = 0; i < WARMUP; i++) await ttfb(path, as);
  const samples: number[] = [];
  let html = "";
  for (let i = 0; i < REQUESTS; i++) {
    const { ms, body } = await ttfb(path, as);
    samples.push(ms);
    html = body;
  }
  return { samples: samples.sort((a, b) => a - b), html };
}

async function measure(path: string) {
  const rendering = await series(path, "crawler");
  const counted = await series(path, "browser");
  const html = counted.html;

  // Every script the page runs: inline ones, referenced files, and what those import in turn.
  const inline: string[] = [];
  const files = new Set<string>();
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    const attributes = m[1] ?? "";
    const type = attributes.match(/\btype="([^"]*)"/)?.[1] ?? "";
    if (!RUNNABLE.has(type)) continue;
    const src = attributes.match(/\bsrc="([^"]+)"/)?.[1];
    if (src) files.add(src);
    else inline.push(m[2] ?? "");
  }
  for (const m of html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)) if (m[1]) files.add(m[1]);
  for (const code of inline) {
    for (const m of code.matchAll(/(?:import\s*\(?|from)\s*"(\/assets\/[^"]+\.js)"/g)) if (m[1]) files.add(m[1]);
  }
  const queue = [...files];
  while (queue.length > 0) {
    const file = queue.shift() ?? "";
    const code = readFileSync(`${CLIENT_DIR}${file}`, "utf8");
    for (const m of code.matchAll(/(?:import\s*\(?|from)\s*["'](\.{1,2}\/[^"']+\.js|\/assets\/[^"']+\.js)["']/g)) {
      const target = m[1]?.startsWith("/") ? m[1] : posix.join(posix.dirname(file), m[1] ?? "");
      if (!files.has(target)) {
        files.add(target);
        queue.push(target);
      }
    }
  }
  const rows: { name: string; raw: number; gzip: number }[] = [];
  for (const file of files) {
    const bytes = readFileSync(`${CLIENT_DIR}${file}`);
    rows.push({ name: file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length });
  }
  inline.forEach((code, i) => {
    rows.push({
      name: `inline script ${i + 1}`,
      raw: Buffer.byteLength(code),
      gzip: gzipSync(code, { level: 9 }).length,
    });
  });
  const raw = rows.reduce((sum, row) => sum + row.raw, 0);
  const gzip = rows.reduce((sum, row) => sum + row.gzip, 0);

  const fmt = (n: number) => n.toFixed(1);
  console.log(
    `Landing page SSR (GET ${path}, production build in workerd, ${REQUESTS} sequential requests after ${WARMUP} warm-up)`,
  );
  for (const [label, { samples }] of [
    ["rendering (crawler, no page view)", rendering],
    ["with its page view recorded (browser)", counted],
  ] as const) {
    console.log(
      `  ${label}: TTFB p50 ${fmt(percentile(samples, 50))} ms  p95 ${fmt(percentile(samples, 95))} ms  min ${fmt(samples[0] ?? NaN)} ms  max ${fmt(samples.at(-1) ?? NaN)} ms`,
    );
  }
  console.log(`Landing page ${path} JavaScript (${files.size} files, ${inline.length} inline)`);
  for (const row of rows)
    console.log(`  ${row.name}: ${fmt(row.raw / 1024)} KB raw, ${fmt(row.gzip / 1024)} KB gzipped`);
  console.log(
    `  total ${fmt(raw / 1024)} KB raw, ${fmt(gzip / 1024)} KB gzipped (budget ${PUBLIC_PAGE_JS_BUDGET_KB} KB gzipped: ${gzip / 1024 <= PUBLIC_PAGE_JS_BUDGET_KB ? "within" : "OVER"})`,
  );
  console.log(
    `Landing page ${path} HTML: ${fmt(Buffer.byteLength(html) / 1024)} KB raw, ${fmt(gzipSync(html).length / 1024)} KB gzipped`,
  );
}

try {
  for (const path of PATHS) await measure(path);
} finally {
  stop();
}
