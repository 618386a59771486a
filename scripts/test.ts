/**
 * `npm test`: every check the project has, in two phases, with each stage's time.
 *
 * 1. Side by side (none needs another's output, and together they keep both cores busy):
 *    typecheck, lint, the unit and worker tests, and the production build.
 * 2. Then what needs the build: the browser tests (which keep both cores busy on their own), the
 *    build's Worker tests (test/build) and the deploy dry-run.
 *
 * A stage's output is printed whole when it ends (the browser tests' as they run), so parallel
 * stages never interleave. Every stage of a phase runs to its end even when one fails, so one run
 * shows every failure; the next phase starts only if the phase before passed.
 */
import { spawn } from "node:child_process";

type Stage = { name: string; script: string; live?: boolean };
type Result = { name: string; seconds: number; ok: boolean };

const PHASES: Stage[][] = [
  [
    { name: "typecheck", script: "typecheck" },
    { name: "lint", script: "lint" },
    { name: "unit + worker tests", script: "test:worker" },
    { name: "build", script: "build" },
  ],
  [
    { name: "browser tests", script: "test:browser", live: true },
    { name: "build tests", script: "test:build" },
    { name: "deploy dry-run", script: "check:deploy" },
  ],
];

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
      resolve({ name: stage.name, seconds, ok });
    });
  });
}

const started = performance.now();
const results: Result[] = [];
let failed = false;
for (const phase of PHASES) {
  const phaseResults = await Promise.all(phase.map(run));
  results.push(...phaseResults);
  if (phaseResults.some((result) => !result.ok)) {
    failed = true;
    break;
  }
}

const total = (performance.now() - started) / 1000;
process.stdout.write("\nStage times:\n");
for (const { name, seconds, ok } of results) {
  process.stdout.write(`  ${name.padEnd(22)} ${seconds.toFixed(1).padStart(7)} s${ok ? "" : "  FAILED"}\n`);
}
process.stdout.write(`  ${"total".padEnd(22)} ${total.toFixed(1).padStart(7)} s\n`);
process.exit(failed ? 1 : 0);
