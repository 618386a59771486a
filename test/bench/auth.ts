/**
 * Sign-up and sign-in server time against the production build served by the Workers runtime
 * (password hashing is scrypt via node:crypto under nodejs_compat, the bulk of both requests).
 * Each request comes from its own documentation address so rate limits do not interfere.
 *
 *   npm run bench            (builds first, then every benchmark; BENCH_SIGNUPS / BENCH_SIGNINS change the counts)
 *
 * It prints figures; it asserts nothing. Record them in docs/benchmarks.md (target: sign-in p95 <= 250 ms).
 */
import { ms, percentile, startProductionServer } from "./support/production-server";

const SIGNUPS = Number(process.env.BENCH_SIGNUPS ?? 60);
const SIGNINS = Number(process.env.BENCH_SIGNINS ?? 200);
const PASSWORD = "benchmark password";

const { base, stop } = await startProductionServer(8797);
let address = 0;
const post = async (path: string, body: unknown) => {
  address += 1;
  const started = performance.now();
  const response = await fetch(`${base}${path}`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      Origin: base,
      "cf-connecting-ip": `2001:db8:${(address >> 16).toString(16)}:${(address & 0xffff).toString(16)}::1`,
    },
    body: JSON.stringify(body),
  });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  return performance.now() - started;
};

try {
  const emails: string[] = [];
  const signUps: number[] = [];
  for (let i = 0; i < SIGNUPS; i++) {
    const email = `bench-${Date.now().toString(36)}-${i}@example.com`;
    emails.push(email);
    signUps.push(await post("/api/auth/sign-up/email", { email, password: PASSWORD, gender: "female", name: "x" }));
  }
  const signIns: number[] = [];
  for (let i = 0; i < SIGNINS; i++) {
    signIns.push(await post("/api/auth/sign-in/email", { email: emails[i % emails.length], password: PASSWORD }));
  }
  console.log("Auth server time (production build in workerd, sequential requests over loopback)");
  console.log(`  sign-up (${SIGNUPS}): p50 ${ms(percentile(signUps, 50))}  p95 ${ms(percentile(signUps, 95))}`);
  console.log(
    `  sign-in (${SIGNINS}): p50 ${ms(percentile(signIns, 50))}  p95 ${ms(percentile(signIns, 95))}  (target p95 <= 250 ms)`,
  );
} finally {
  stop();
}
