import { execFileSync, spawn } from "node:child_process";
import { availableParallelism } from "node:os";

/**
 * Starts the production build in the Workers runtime on fresh local state (scripts/e2e-server.sh)
 * with `vars` set, and waits until it answers. Benchmarks measure this server over loopback only.
 */
export async function startProductionServer(
  port: number,
  vars: Record<string, string> = {},
  config?: string,
  processors?: string,
): Promise<{ base: string; stop: () => void }> {
  const base = `http://127.0.0.1:${port}`;
  const varArgs = Object.entries(vars).flatMap(([name, value]) => ["--var", `${name}:${value}`]);
  // Several servers on one machine clash on wrangler's default inspector port unless given another.
  const inspector = process.env.BENCH_INSPECTOR_PORT ? ["--inspector-port", process.env.BENCH_INSPECTOR_PORT] : [];
  const [command, args] = onCpus(processors, "bash", ["scripts/e2e-server.sh", ...varArgs, ...inspector]);
  const child = spawn(command, args, {
    // Its own state per port, so a benchmark never wipes the state of a server still running.
    env: {
      ...process.env,
      E2E_PORT: String(port),
      E2E_STATE: process.env.BENCH_STATE ?? `.wrangler/bench-${port}`,
      ...(config ? { E2E_CONFIG: config } : {}),
    },
    stdio: "ignore",
    detached: true,
  });
  const stop = () => {
    if (child.pid) process.kill(-child.pid, "SIGTERM");
  };
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { base, stop };
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  stop();
  throw new Error("the production server did not start within 120 s");
}

/**
 * Server and client on separate processors, when the machine has them (`taskset`, util-linux):
 * the benchmark's client on the first, the servers under test sharing the rest. Left to the
 * scheduler, where each server's threads land varies from one start to the next, and two starts of
 * the very same code measured 1.00 and 1.09 apart (docs/benchmarks.md).
 */
export function pinningPlan(): { client: string; servers: string } | null {
  const count = availableParallelism();
  if (process.env.BENCH_PIN === "0" || count < 2) return null;
  try {
    execFileSync("taskset", ["-V"], { stdio: "ignore" });
  } catch {
    return null;
  }
  return { client: "0", servers: count === 2 ? "1" : `1-${count - 1}` };
}

/** Moves this process (every thread of it) onto the given processors. */
export function pinSelf(list: string): void {
  execFileSync("taskset", ["-a", "-cp", list, String(process.pid)], { stdio: "ignore" });
}

/** A command to spawn on the given processors (as it is, with none given). */
export function onCpus(list: string | undefined, command: string, args: string[]): [string, string[]] {
  return list ? ["taskset", ["-c", list, command, ...args]] : [command, args];
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

export const ms = (n: number) => `${n.toFixed(1)} ms`;
