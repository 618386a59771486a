/**
 * Central-database work (issue 14): the statements that reach D1, reads and writes, for
 *   - 100 sign-ins (10 accounts, 10 each, from different addresses);
 *   - 100 signed-in page views (documents, as a browser keeps its cookies between them);
 *   - 10 person-minutes of chatting with pages open: 10 people in 5 conversations for a minute, a
 *     message every 2 s in each, with the activity heartbeat every 30 s and socket pings.
 * It serves the production build through a bench-only entry that wraps the D1 binding with a
 * counter (test/bench/support/d1-counting-entry.ts); the app's own bundle has no such thing.
 * It also watches the local D1 files on disk through a minute of 6 people in 3 conversations chatting
 * the same way: they must not be written at all.
 * Targets: 0 writes per person-minute of steady chatting, at most 1 read per signed-in page view.
 *
 *   npm run bench:d1-count                    (builds first)
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
import { startProductionServer } from "./support/production-server";

const PORT = 8798;
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
type Counts = { reads: number; writes: number; written: Record<string, number> };

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
    bundle: false,
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
 * The activity heartbeat as a page sends it: a frame on its inbox socket (issue 23). A build from
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
