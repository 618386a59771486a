import { spawn } from "node:child_process";

/**
 * Starts the production build in the Workers runtime on fresh local state (scripts/e2e-server.sh)
 * with `vars` set, and waits until it answers. Benchmarks measure this server over loopback only.
 */
export async function startProductionServer(
  port: number,
  vars: Record<string, string> = {},
  config?: string,
): Promise<{ base: string; stop: () => void }> {
  const base = `http://127.0.0.1:${port}`;
  const varArgs = Object.entries(vars).flatMap(([name, value]) => ["--var", `${name}:${value}`]);
  const child = spawn("bash", ["scripts/e2e-server.sh", ...varArgs], {
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

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

export const ms = (n: number) => `${n.toFixed(1)} ms`;
