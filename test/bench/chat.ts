/**
 * Chat engine benchmark against the production build served by the Workers runtime, over real
 * authenticated WebSockets (session cookie, checked Origin, the Worker's upgrade checks, ChatRoom,
 * and both members' UserInbox updates after every message).
 *
 *   npm run bench:chat       (builds first)
 *
 * For N concurrent conversations (BENCH_CONVERSATIONS, default 1,10,50) each sender A writes to
 * its B one message at a time (the next once B has the previous one), BENCH_MESSAGES per
 * conversation after a warm-up: A-to-B latency p50/p95/p99 and messages per second. Then one
 * conversation's throughput: BENCH_BURST messages sent back to back, counted as B receives them.
 * Every run counts lost, duplicated and out-of-order messages (which must all be 0) and checks each
 * send was acknowledged exactly once.
 *
 * The per-sender rate limit is raised for this server only (CHAT_SEND_* vars): it protects people
 * from floods, and would otherwise be all this measures (README, Decisions).
 *
 * It prints figures; it asserts nothing. Record them in the README.
 */
import { pairIdFor } from "../../app/lib/pair-id";
import type { ChatMessage, ServerFrame } from "../../app/schemas/chat-protocol";
import { ms, percentile, startProductionServer } from "./support/production-server";

const PORT = 8796;
const CONVERSATIONS = (process.env.BENCH_CONVERSATIONS ?? "1,10,50").split(",").map(Number);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 400);
const WARMUP = 20;
const BURST = Number(process.env.BENCH_BURST ?? 4000);
const ARRIVAL_TIMEOUT_MS = 5000;

const { base, stop } = await startProductionServer(PORT, {
  CHAT_SEND_BURST: "1000000",
  CHAT_SEND_PER_SECOND: "1000000",
});

type User = { id: string; cookie: string };
let address = 0;

async function signUp(): Promise<User> {
  address += 1;
  const response = await fetch(`${base}/api/auth/sign-up/email`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      Origin: base,
      "cf-connecting-ip": `2001:db8:c:${address.toString(16)}::1`,
    },
    body: JSON.stringify({
      email: `chat-bench-${Date.now().toString(36)}-${address}@example.com`,
      password: "benchmark password",
      gender: "female",
      name: "x",
    }),
  });
  if (!response.ok) throw new Error(`sign-up answered ${response.status}: ${await response.text()}`);
  const { user } = (await response.json()) as { user: { id: string } };
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return { id: user.id, cookie };
}

/** One member's open conversation socket, counting what it receives. */
class Member {
  readonly received = new Map<string, number>();
  readonly acks = new Map<string, number>();
  readonly seqs: number[] = [];
  readonly errors: string[] = [];
  private waiters = new Map<string, () => void>();
  private constructor(private readonly ws: WebSocket) {
    ws.addEventListener("message", (event) => this.onFrame(JSON.parse(String(event.data)) as ServerFrame));
  }

  static async open(user: User, pairId: string): Promise<Member> {
    const ws = new WebSocket(`${base.replace(/^http/, "ws")}/api/chats/${pairId}/ws`, {
      headers: { Cookie: user.cookie, Origin: base },
    } as unknown as string[]);
    await new Promise<void>((resolve, reject) => {
      ws.addEventListener("open", () => resolve(), { once: true });
      ws.addEventListener("error", () => reject(new Error(`the upgrade for ${pairId} was refused`)), { once: true });
    });
    const member = new Member(ws);
    ws.send(JSON.stringify({ type: "resume", afterSeq: 0 }));
    return member;
  }

  private onFrame(frame: ServerFrame) {
    if (frame.type === "ack") this.acks.set(frame.clientId, (this.acks.get(frame.clientId) ?? 0) + 1);
    if (frame.type === "error") this.errors.push(frame.message);
    if (frame.type !== "message") return;
    const message: ChatMessage = frame.message;
    this.seqs.push(message.seq);
    this.received.set(message.clientId, (this.received.get(message.clientId) ?? 0) + 1);
    this.waiters.get(message.clientId)?.();
    this.waiters.delete(message.clientId);
  }

  send(clientId: string, text: string) {
    this.ws.send(JSON.stringify({ type: "send", clientId, text }));
  }

  /** Resolves when this member has the message, or after the timeout (then it counts as lost). */
  arrival(clientId: string, timeoutMs = ARRIVAL_TIMEOUT_MS): Promise<void> {
    if (this.received.has(clientId)) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, timeoutMs);
      this.waiters.set(clientId, () => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  close() {
    this.ws.close(1000, "done");
  }
}

type Pair = { a: Member; b: Member; sent: string[] };

async function openPairs(count: number, users: User[]): Promise<Pair[]> {
  const pairs: Pair[] = [];
  for (let i = 0; i < count; i++) {
    const [alice, bob] = [users[2 * i], users[2 * i + 1]] as [User, User];
    const pairId = pairIdFor(alice.id, bob.id);
    pairs.push({ a: await Member.open(alice, pairId), b: await Member.open(bob, pairId), sent: [] });
  }
  return pairs;
}

/** What went wrong across the pairs: messages B never got, got twice, or got out of order; sends not acked once. */
function integrity(pairs: Pair[]) {
  let lost = 0;
  let duplicated = 0;
  let outOfOrder = 0;
  let badAcks = 0;
  let errors = 0;
  for (const { a, b, sent } of pairs) {
    errors += a.errors.length + b.errors.length;
    for (const clientId of sent) {
      const copies = b.received.get(clientId) ?? 0;
      if (copies === 0) lost += 1;
      duplicated += Math.max(0, copies - 1);
      if (a.acks.get(clientId) !== 1) badAcks += 1;
    }
    for (let i = 1; i < b.seqs.length; i++) if ((b.seqs[i] ?? 0) <= (b.seqs[i - 1] ?? 0)) outOfOrder += 1;
  }
  return { lost, duplicated, outOfOrder, badAcks, errors };
}

async function converse(pair: Pair, tag: string, count: number, latencies: number[] | null) {
  for (let i = 0; i < count; i++) {
    const clientId = `temp-${tag}-${i}`;
    pair.sent.push(clientId);
    const started = performance.now();
    const arrived = pair.b.arrival(clientId);
    pair.a.send(clientId, `benchmark message ${i}`);
    await arrived;
    latencies?.push(performance.now() - started);
  }
}

async function concurrentRun(pairs: Pair[], round: number) {
  await Promise.all(pairs.map((pair, i) => converse(pair, `w${round}-${i}`, WARMUP, null)));
  const latencies: number[] = [];
  const started = performance.now();
  await Promise.all(pairs.map((pair, i) => converse(pair, `r${round}-${i}`, MESSAGES, latencies)));
  const seconds = (performance.now() - started) / 1000;
  await new Promise((resolve) => setTimeout(resolve, 500)); // late duplicates would show up here
  return { latencies, rate: latencies.length / seconds, ...integrity(pairs) };
}

async function burst(pair: Pair) {
  const ids = Array.from({ length: BURST }, (_, i) => `temp-burst-${i}`);
  pair.sent.push(...ids);
  const started = performance.now();
  const last = pair.b.arrival(ids.at(-1) ?? "", 120_000);
  for (const [i, id] of ids.entries()) pair.a.send(id, `burst message ${i}`);
  await last;
  const seconds = (performance.now() - started) / 1000;
  await new Promise((resolve) => setTimeout(resolve, 500));
  return { rate: BURST / seconds, ...integrity([pair]) };
}

const failures = (r: ReturnType<typeof integrity>) =>
  `lost ${r.lost}  duplicated ${r.duplicated}  out of order ${r.outOfOrder}  acks not exactly once ${r.badAcks}  error frames ${r.errors}`;

try {
  const users: User[] = [];
  for (let i = 0; i < 2 * Math.max(...CONVERSATIONS); i++) users.push(await signUp());
  console.log("Chat over authenticated WebSockets (production build in workerd, loopback, one client process)");
  for (const [round, count] of CONVERSATIONS.entries()) {
    const pairs = await openPairs(count, users);
    const r = await concurrentRun(pairs, round);
    console.log(
      `  ${count} conversation(s), ${MESSAGES} messages each: A-to-B p50 ${ms(percentile(r.latencies, 50))}` +
        `  p95 ${ms(percentile(r.latencies, 95))}  p99 ${ms(percentile(r.latencies, 99))}` +
        `  ${r.rate.toFixed(0)} msg/s  ${failures(r)}`,
    );
    for (const pair of pairs) {
      pair.a.close();
      pair.b.close();
    }
  }
  const [pair] = await openPairs(1, users);
  if (pair) {
    const r = await burst(pair);
    console.log(`  1 conversation, ${BURST} messages back to back: ${r.rate.toFixed(0)} msg/s  ${failures(r)}`);
    pair.a.close();
    pair.b.close();
  }
  console.log("  targets: 1 conversation p50 <= 1.5 ms, p99 <= 6 ms, >= 800 msg/s; 50 conversations p95 <= 70 ms");
} finally {
  stop();
}
