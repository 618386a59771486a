/**
 * `npm test`: every check the project has, side by side, with each stage's time.
 *
 * A stage starts as soon as the stages it needs have passed: typecheck, lint, the unit and worker
 * tests and the build at once; the browser tests and the deploy dry-run as soon as the build is
 * there, while the others may still run. On this 2-core machine every stage is bound by CPU, so
 * running them side by side only fills the moments one of them leaves a core idle (a stage that
 * waits on its own last test, the test server starting), and that is the gain
 * (docs/decisions/153-npm-test-starts-each-stage-when-its-inputs-are-ready.md).
 *
 * A stage's output is printed whole when it ends (the browser tests' as they run), so parallel
 * stages never interleave. Every stage runs to its end even when another fails, so one run shows
 * every failure; a stage whose input failed is skipped.
 */
import { spawn } from "node:child_process";

type Stage = { name: string; script: string; live?: boolean; needs?: string[] };
type Result = { name: string; startedAt: number; seconds: number; ok: boolean; skipped?: boolean };

const STAGES: Stage[] = [
  { name: "typecheck", script: "typecheck" },
  { name: "lint", script: "lint" },
  { name: "unit + worker tests", script: "test:worker" },
  { name: "build", script: "build" },
  { name: "browser tests", script: "test:browser", live: true, needs: ["build"] },
  { name: "deploy dry-run", script: "check:deploy", needs: ["build"] },
];

const suiteStarted = performance.now();

function run(stage: Stage): Promise<Result> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn("npm", ["run", "--silent", stage.script], {
      stdio: stage.live ? "inherit" : ["ignore", "pipe", "pipe"],
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? "0" },
    });
    const output: Buffer[] = [];
    child.stdout?.on("data", (chunk: Buffer) => output.push(chunk));
    child.stderr?.on("data", (chunk: Buffer) => output.push(chunk));
    child.on("close", (code) => {
      const seconds = (performance.now() - started) / 1000;
      const ok = code === 0;
      if (!stage.live) {
        process.stdout.write(`\n── ${stage.name} ${"─".repeat(Math.max(0, 70 - stage.name.length))}\n`);
        process.stdout.write(Buffer.concat(output));
      }
      process.stdout.write(`── ${stage.name}: ${ok ? "passed" : `FAILED (exit ${code})`} in ${seconds.toFixed(1)} s\n`);
      resolve({ name: stage.name, startedAt: (started - suiteStarted) / 1000, seconds, ok });
    });
  });
}

const running = new Map<string, Promise<Result>>();
for (const stage of STAGES) {
  running.set(
    stage.name,
    Promise.all((stage.needs ?? []).map((name) => running.get(name))).then((inputs) =>
      inputs.every((input) => input?.ok)
        ? run(stage)
        : { name: stage.name, startedAt: 0, seconds: 0, ok: false, skipped: true },
    ),
  );
}
const results = await Promise.all(running.values());
const failed = results.some((result) => !result.ok);

const total = (performance.now() - suiteStarted) / 1000;
process.stdout.write("\nStage times (each from its start):\n");
for (const { name, startedAt, seconds, ok, skipped } of results) {
  const outcome = skipped ? "  skipped (an input failed)" : ok ? "" : "  FAILED";
  const start = `started at ${startedAt.toFixed(0).padStart(3)} s`;
  process.stdout.write(`  ${name.padEnd(22)} ${seconds.toFixed(1).padStart(7)} s  ${start}${outcome}\n`);
}
process.stdout.write(`  ${"total".padEnd(22)} ${total.toFixed(1).padStart(7)} s\n`);
process.exit(failed ? 1 : 0);
