/**
 * Central-database work: the statements that reach D1, reads and writes, for
 *   - 100 sign-ins (10 accounts, 10 each, from different addresses);
 *   - 100 signed-in page views (documents, as a browser keeps its cookies between them);
 *   - 10 person-minutes of chatting with pages open: 10 people in 5 conversations for a minute, a
 *     message every 2 s in each, with the activity heartbeat every 30 s and socket pings.
 * It serves the production build through a bench-only entry that wraps the D1 binding with a
 * counter (test/bench/support/d1-counting-entry.ts); the app's own bundle has no such thing.
 * It also watches the local D1 files on disk through a minute of 6 people in 3 conversations chatting
 * the same way: they must not be written at all.
 * First, analytics: a minute of page views at the load model's rate (833 a second,
 * docs/architecture.md), each with its page's web vitals in one beacon to POST /api/events as pages
 * send them, then until the analytics shards' alarms have flushed every count to D1: the D1 writes
 * (statements, and the rows D1 reports written) per 1,000 page views at the rate the machine kept,
 * and, from the measured cost of a flush, at the load model's rate. A build from before the analytics
 * shards writes D1 per beacon, whatever the rate (BENCH_ANALYTICS_MS shortens the minute).
 * Targets: 0 writes per person-minute of steady chatting, at most 1 read per signed-in page view,
 * at most 5 analytics writes per 1,000 page views.
 *
 *   npm run bench:d1                          (builds first)
 *   BENCH_BUILD=/other/checkout/build tsx test/bench/d1-count.ts   (another build: "before")
 *
 * It prints figures and asserts nothing. Record them in docs/benchmarks.md.
 */
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { build } from "esbuild";
import { PING_EVERY_MS, PING_FRAME } from "../../app/lib/socket-transport";
import { SESSION_CHECK_INTERVAL_MS } from "../../app/shared/inactivity";
import { pairIdFor } from "../../app/shared/pair-id";
import type { ServerFrame } from "../../app/shared/schemas/chat-protocol";
import { ANALYTICS_SHARDS } from "../../worker/analytics/shard-routing";
import { startProductionServer } from "./support/production-server";

// BENCH_PORT: another port, where a second benchmark may be serving on this one.
const PORT = Number(process.env.BENCH_PORT ?? 8798);
const STATE = `.wrangler/bench-${PORT}`;
const BUILD = resolve(process.env.BENCH_BUILD ?? "build");
const CHAT_MS = Number(process.env.BENCH_DURATION_MS ?? 60_000);
const PAGES = ["/chat", "/profile", "/users", "/blocked", "/chat"];
const PASSWORD = "benchmark password";
const emailOf = (i: number) => `d1-count-${process.pid}-${i}@example.com`;

process.env.BENCH_STATE = STATE;
const config = await countingConfig();
const app = await startProductionServer(PORT, {}, config);
let address = 0;
// Run at the end of the module, once every helper below is defined.
const main = async () => {
  try {
    console.log(`D1 statements, reads / writes (build: ${BUILD})`);

    await analyticsAtTheLoadModel();

    for (let i = 0; i < 10; i++) await signUp(i);
    await resetCounts();
    const signIns: Jar[] = [];
    for (let round = 0; round < 10; round++) {
      for (let i = 0; i < 10; i++) signIns.push(await signIn(i));
    }
    report("100 sign-ins", await counts(), 100, "sign-in");

    const reader = signIns.at(-1) as Jar;
    await resetCounts();
    for (let view = 0; view < 100; view++) {
      const response = await fetch(`${app.base}${PAGES[view % PAGES.length]}`, {
        headers: { Cookie: reader.header(), "cf-connecting-ip": nextAddress() },
        redirect: "manual",
      });
      if (response.status !== 200) throw new Error(`a signed-in page answered ${response.status}`);
      reader.take(response);
      await response.body?.cancel();
    }
    report("100 signed-in page views", await counts(), 100, "page view", "target: at most 1 read");

    // The analytics shards write what the pages above counted about a minute later: that is
    // analytics' write (measured above), not chatting's.
    await analyticsFlushed();

    // Steady chatting, twice: 6 people in 3 conversations, watching the D1 files on disk; then 10
    // people in 5 conversations, counting statements.
    const quiet: Person[] = [];
    for (let i = 10; i < 16; i++) quiet.push(await personOnline(await signUp(i)));
    const quietChat = await pagesOpen(quiet);
    const settledAfter = await filesSettled();
    const before = d1Files();
    const quietSent = await steadyChat(quietChat, CHAT_MS);
    const after = d1Files();
    // A file that appeared (a new write-ahead log) or went counts as written too.
    const changed = [...new Set([...before.keys(), ...after.keys()])].filter(
      (name) => after.get(name) !== before.get(name),
    );
    console.log(
      `  the D1 files during ${CHAT_MS / 1000} s of 6 people in 3 conversations (${quietSent} messages; the ` +
        `setup's writes settled on disk after ${(settledAfter / 1000).toFixed(0)} s): ` +
        `${changed.length === 0 ? "not written" : `written: ${changed.join(", ")}`}  (target: not written)`,
    );

    const people: Person[] = [];
    for (const jar of signIns.slice(0, 10)) people.push(await personOnline(jar));
    const conversations = await pagesOpen(people);
    await resetCounts();
    const started = Date.now();
    const sent = await steadyChat(conversations, CHAT_MS);
    const personMinutes = (people.length * (Date.now() - started)) / 60_000;
    report(
      `${personMinutes.toFixed(0)} person-minutes of chatting (${sent} messages)`,
      await counts(),
      personMinutes,
      "person-minute",
      "target: 0 writes",
    );
  } finally {
    app.stop();
  }
};

type Person = { jar: Jar; id: string; inbox: WebSocket; chat: WebSocket | null };

/**
 * A signed-in person with a page open: the inbox socket every page opens, pinging as the page does
 * until the benchmark ends (a page that stopped would be swept offline, a presence transition).
 */
async function personOnline(jar: Jar): Promise<Person> {
  return { jar, id: jar.userId, inbox: await openSocket("/api/inbox/ws", jar), chat: null };
}

/** Pairs people up in conversations, each with both conversation pages open and a first exchange. */
async function pagesOpen(people: Person[]): Promise<[Person, Person][]> {
  const conversations = Array.from(
    { length: people.length / 2 },
    (_, i) => [people[2 * i], people[2 * i + 1]] as [Person, Person],
  );
  for (const [a, b] of conversations) {
    const pairId = pairIdFor(a.id, b.id);
    a.chat = await openSocket(`/api/chats/${pairId}/ws`, a.jar);
    b.chat = await openSocket(`/api/chats/${pairId}/ws`, b.jar);
    await exchange(a, b, "first");
    await exchange(b, a, "reply");
  }
  return conversations;
}

/**
 * What open pages do while nobody signs in or out, for `ms`: a message every 2 s in each
 * conversation (each received before the next) and heartbeats every 30 s, besides the sockets'
 * pings. Answers how many messages went.
 */
async function steadyChat(conversations: [Person, Person][], ms: number): Promise<number> {
  const people = conversations.flat();
  const timers = people.map((person) => setInterval(() => void heartbeat(person), SESSION_CHECK_INTERVAL_MS));
  const started = Date.now();
  let sent = 0;
  try {
    for (let tick = 0; Date.now() - started < ms; tick++) {
      await new Promise((done) => setTimeout(done, Math.max(0, started + tick * 2000 - Date.now())));
      await Promise.all(
        conversations.map(([a, b]) => {
          sent += 1;
          return tick % 2 === 0 ? exchange(a, b, `t${tick}`) : exchange(b, a, `t${tick}`);
        }),
      );
    }
    for (const person of people) await heartbeat(person);
  } finally {
    for (const timer of timers) clearInterval(timer);
  }
  return sent;
}

/**
 * The local D1 database files (the runtime keeps D1 as SQLite under the state folder), each with
 * its size, modification time and content hash. The -shm file is left out: readers write their
 * marks in that shared-memory index, which is no write of the database.
 */
function d1Files(): Map<string, string> {
  const folder = join(STATE, "v3", "d1", "miniflare-D1DatabaseObject");
  const files = new Map<string, string>();
  for (const name of readdirSync(folder)) {
    if (name.endsWith("-shm")) continue;
    const path = join(folder, name);
    const { size, mtimeMs } = statSync(path);
    const hash = createHash("sha256").update(readFileSync(path)).digest("hex").slice(0, 16);
    files.set(name, `${size} ${mtimeMs} ${hash}`);
  }
  return files;
}

/**
 * Waits until the D1 files have not changed for 15 s, and answers how long that took: the setup's
 * writes reach the database file itself later, when SQLite checkpoints its log (the runtime closes
 * an idle database).
 */
async function filesSettled(): Promise<number> {
  const started = Date.now();
  let last = JSON.stringify([...d1Files()]);
  let stableSince = Date.now();
  while (Date.now() - stableSince < 15_000) {
    if (Date.now() - started > 120_000) throw new Error("the D1 files kept changing for two minutes");
    await new Promise((done) => setTimeout(done, 1000));
    const now = JSON.stringify([...d1Files()]);
    if (now !== last) [last, stableSince] = [now, Date.now()];
  }
  return stableSince - started;
}
type Counts = { reads: number; writes: number; rowsWritten: number; written: Record<string, number> };

/** Page views a second in the load model, and how long the analytics scenario sends them. */
const ANALYTICS_RATE = Number(process.env.BENCH_ANALYTICS_RATE ?? 833);
const ANALYTICS_MS = Number(process.env.BENCH_ANALYTICS_MS ?? 60_000);
/** Requests in flight at most: beyond it the sending falls behind, and the achieved rate says so. */
const ANALYTICS_IN_FLIGHT = 64;
/** Where page views land (route patterns; ids are sent as pages send them, and counted as patterns). */
const VIEWED: [path: () => string, share: number][] = [
  [() => "/", 40],
  [() => `/chat/${Math.random().toString(36).slice(2, 12)}`, 20],
  [() => "/signup", 10],
  [() => "/login", 5],
  [() => "/chat", 5],
  [() => "/profile", 4],
  [() => `/users/${Math.random().toString(36).slice(2, 12)}`, 3],
  [() => "/privacypolicy", 3],
  [() => "/termsofservice", 3],
  [() => "/cookiepolicy", 2],
  [() => "/recover", 2],
  [() => "/thankyou", 3],
];

function viewedPath(): string {
  let pick = Math.random() * 100;
  for (const [path, share] of VIEWED) {
    pick -= share;
    if (pick < 0) return path();
  }
  return "/";
}

/** A page view and its page's web vitals, as one beacon (INP only where the visitor interacted). */
function pageBeacon(): { type: string; path: string; name?: string; value?: number; category?: string }[] {
  const path = viewedPath();
  const vital = (name: string, value: number) => ({ type: "web_vital", path, name, value, category: "Web Vitals" });
  const ttfb = 80 + Math.random() * 600;
  return [
    { type: "page_view", path },
    vital("TTFB", ttfb),
    vital("FCP", ttfb + 300 + Math.random() * 1200),
    vital("LCP", ttfb + 600 + Math.random() * 2500),
    vital("CLS", Math.random() < 0.4 ? 0 : Math.random() * 0.2),
    ...(Math.random() < 0.5 ? [vital("INP", 16 + Math.random() * 400)] : []),
  ];
}

/**
 * A minute of analytics at the load model's rate, then the wait for the shards' flushes: the D1
 * writes it took, per 1,000 page views. The shards flush about a minute after their first count
 * and again for what came after, so a minute's sending is written in about two flushes each: more
 * than a steady minute at that rate costs (one flush each), never less.
 */
async function analyticsAtTheLoadModel() {
  await analyticsFlushed();
  const before = (await analyticsState()).d1;
  await resetCounts();
  const total = Math.round((ANALYTICS_RATE * ANALYTICS_MS) / 1000);
  const inFlight = new Set<Promise<void>>();
  let events = 0;
  const started = Date.now();
  for (let view = 0; view < total; view++) {
    const due = started + (view * 1000) / ANALYTICS_RATE;
    const wait = due - Date.now();
    if (wait > 0) await new Promise((done) => setTimeout(done, wait));
    while (inFlight.size >= ANALYTICS_IN_FLIGHT) await Promise.race(inFlight);
    const beacon = pageBeacon();
    events += beacon.length;
    const sent: Promise<void> = fetch(`${app.base}/api/events`, {
      method: "POST",
      headers: { "Content-Type": "text/plain;charset=UTF-8", Origin: app.base, "cf-connecting-ip": nextAddress() },
      body: JSON.stringify({ events: beacon }),
    }).then(async (response) => {
      if (response.status !== 204) throw new Error(`POST /api/events answered ${response.status}`);
      await response.body?.cancel();
      inFlight.delete(sent);
    });
    inFlight.add(sent);
  }
  await Promise.all(inFlight);
  const seconds = (Date.now() - started) / 1000;
  const flushedAfter = await analyticsFlushed(before + events);
  const { writes, rowsWritten, written } = await counts();
  const rate = total / seconds;
  console.log(
    `  analytics: ${total} page views with ${events - total} web vitals sent in ${seconds.toFixed(1)} s ` +
      `(${rate.toFixed(0)} page views/s; the load model's ${ANALYTICS_RATE} where the machine keeps up), all in D1 ` +
      `${(flushedAfter / 1000).toFixed(0)} s after the last was sent`,
  );
  console.log(
    `  analytics D1 writes: ${writes} statements, ${rowsWritten} rows; per 1,000 page views ` +
      `${((writes / total) * 1000).toFixed(2)} statements, ${((rowsWritten / total) * 1000).toFixed(2)} rows ` +
      `at ${rate.toFixed(0)} page views/s (target: at most 5 at the load model's rate)`,
  );
  // A flush's cost does not grow with its traffic: at the load model's rate every shard flushes
  // once a minute, each flush as measured here.
  const flushes = Object.entries(written)
    .filter(([statement]) => statement.includes("INSERT INTO analytics_flushes"))
    .reduce((sum, [, times]) => sum + times, 0);
  if (flushes > 0) {
    const perFlush = writes / flushes;
    const perSecond = (ANALYTICS_SHARDS * perFlush) / 60;
    console.log(
      `  analytics flushes: ${flushes}, ${perFlush.toFixed(2)} statements and ${(rowsWritten / flushes).toFixed(1)} rows each; ` +
        `at the load model (${ANALYTICS_SHARDS} shards flushing every minute, ${ANALYTICS_RATE} page views/s): ` +
        `${perSecond.toFixed(2)} statements/s (target: at most 20), ` +
        `${((perSecond / ANALYTICS_RATE) * 1000).toFixed(2)} per 1,000 page views (target: at most 5)`,
    );
  }
  for (const [statement, times] of Object.entries(written)) console.log(`      written ${times}x: ${statement}`);
}

/** Page views and vital samples in D1's analytics, and those the shards hold unflushed. */
async function analyticsState(): Promise<{ d1: number; unflushed: number }> {
  return (await fetch(`${app.base}/__bench/analytics`)).json() as Promise<{ d1: number; unflushed: number }>;
}

/**
 * Waits until D1's analytics hold at least `expected` page views and vital samples and the shards
 * hold nothing unflushed (their alarms have run), and answers how long that took.
 */
async function analyticsFlushed(expected = 0): Promise<number> {
  const started = Date.now();
  for (;;) {
    const state = await analyticsState();
    if (state.d1 >= expected && state.unflushed === 0) return Date.now() - started;
    if (Date.now() - started > 240_000) throw new Error(`the analytics were not flushed: ${JSON.stringify(state)}`);
    await new Promise((done) => setTimeout(done, 1000));
  }
}

function report(what: string, { reads, writes, written }: Counts, per: number, unit: string, target = "") {
  console.log(
    `  ${what}: ${reads} / ${writes}, per ${unit} ${(reads / per).toFixed(2)} / ${(writes / per).toFixed(2)}` +
      (target ? `  (${target})` : ""),
  );
  for (const [statement, times] of Object.entries(written)) console.log(`      written ${times}x: ${statement}`);
}

/** Compiles the counting entry beside the build's index.js and answers a config that serves it. */
async function countingConfig(): Promise<string> {
  const server = join(BUILD, "server");
  await build({
    entryPoints: [resolve("test/bench/support/d1-counting-entry.ts")],
    outfile: join(server, "d1-counting.js"),
    format: "esm",
    // The entry bundles the few app modules it names; the build it wraps stays the build's own file.
    bundle: true,
    external: ["cloudflare:*"],
    plugins: [
      {
        name: "the-build-itself",
        setup(build) {
          build.onResolve({ filter: /^\.\/index\.js$/ }, () => ({ path: "./index.js", external: true }));
        },
      },
    ],
    logLevel: "warning",
  });
  const production = JSON.parse(readFileSync(join(server, "wrangler.json"), "utf8"));
  const path = join(server, "wrangler.d1-counting.json");
  writeFileSync(path, JSON.stringify({ ...production, main: "d1-counting.js" }));
  return path;
}

async function counts(): Promise<Counts> {
  return (await fetch(`${app.base}/__bench/d1`)).json() as Promise<Counts>;
}

async function resetCounts() {
  await (await fetch(`${app.base}/__bench/d1`, { method: "POST" })).body?.cancel();
}

/** A browser's cookies for the app: what the responses set, sent back with every request. */
class Jar {
  readonly cookies = new Map<string, string>();
  constructor(readonly userId: string) {}

  take(response: Response) {
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = cookie.split(";");
      const name = pair.slice(0, pair.indexOf("=")).trim();
      const value = pair.slice(pair.indexOf("=") + 1);
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === "";
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

function nextAddress(): string {
  address += 1;
  return `2001:db8:c0:${address.toString(16)}::1`;
}

async function authPost(path: string, body: unknown): Promise<Response> {
  const response = await fetch(`${app.base}/api/auth${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: app.base, "cf-connecting-ip": nextAddress() },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  return response;
}

async function signUp(i: number): Promise<Jar> {
  const response = await authPost("/sign-up/email", {
    email: emailOf(i),
    password: PASSWORD,
    gender: i % 2 === 0 ? "female" : "male",
    name: "x",
  });
  const { user } = (await response.json()) as { user: { id: string } };
  const jar = new Jar(user.id);
  jar.take(response);
  return jar;
}

async function signIn(i: number): Promise<Jar> {
  const response = await authPost("/sign-in/email", { email: emailOf(i), password: PASSWORD });
  const { user } = (await response.json()) as { user: { id: string } };
  const jar = new Jar(user.id);
  jar.take(response);
  return jar;
}

/**
 * The activity heartbeat as a page sends it: a frame on its inbox socket. A build from
 * before that answers the frame with an error; its pages sent the heartbeat as a request, and so
 * does this then.
 */
async function heartbeat(person: Person) {
  const answer = await new Promise<string>((done, fail) => {
    const timeout = setTimeout(() => fail(new Error("a heartbeat frame got no answer within 10 s")), 10_000);
    const onFrame = (event: MessageEvent) => {
      if (event.data === "pong") return;
      const { type } = JSON.parse(String(event.data)) as { type: string };
      if (type !== "activity" && type !== "error") return;
      clearTimeout(timeout);
      person.inbox.removeEventListener("message", onFrame);
      done(type);
    };
    person.inbox.addEventListener("message", onFrame);
    person.inbox.send(JSON.stringify({ type: "activity", idleMs: 0 }));
  });
  if (answer === "activity") return;
  const response = await fetch(`${app.base}/api/session/activity`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: app.base, Cookie: person.jar.header() },
    body: JSON.stringify({ idleMs: 0 }),
  });
  person.jar.take(response);
  if (response.status !== 200) throw new Error(`a heartbeat answered ${response.status}`);
  await response.body?.cancel();
}

/**
 * Sockets ping for as long as the benchmark runs, as their pages do: a socket that went quiet would
 * be swept offline after a minute, a presence transition that would write during a later scenario.
 */
const pings: ReturnType<typeof setInterval>[] = [];

async function openSocket(path: string, jar: Jar): Promise<WebSocket> {
  const ws = new WebSocket(`${app.base.replace(/^http/, "ws")}${path}`, {
    headers: { Cookie: jar.header(), Origin: app.base },
  } as unknown as string[]);
  await new Promise<void>((done, fail) => {
    ws.addEventListener("open", () => done(), { once: true });
    ws.addEventListener("error", () => fail(new Error(`the upgrade of ${path} was refused`)), { once: true });
  });
  pings.push(setInterval(() => ws.send(PING_FRAME), PING_EVERY_MS));
  return ws;
}

/** Sends a message and resolves when the other person's conversation socket has it. */
function exchange(from: Person, to: Person, tag: string): Promise<void> {
  const clientId = `temp-${tag}-${from.id.slice(0, 8)}`;
  return new Promise((done, fail) => {
    const timeout = setTimeout(() => fail(new Error(`${clientId} did not arrive within 10 s`)), 10_000);
    const onFrame = (event: MessageEvent) => {
      if (event.data === "pong") return;
      const frame = JSON.parse(String(event.data)) as ServerFrame;
      if (frame.type === "message" && frame.message.clientId === clientId) {
        clearTimeout(timeout);
        to.chat?.removeEventListener("message", onFrame);
        done();
      }
    };
    to.chat?.addEventListener("message", onFrame);
    from.chat?.send(JSON.stringify({ type: "send", clientId, text: `message ${tag}` }));
  });
}

await main();
process.exit(0);
