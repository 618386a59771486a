/**
 * Steady-state chatting and D1 (issue 14): 6 people online in 3 conversations, each conversation
 * exchanging a message every 2 s for a minute, with what their open pages do meanwhile (an inbox
 * socket and a conversation socket each, both pinging, and the activity heartbeat every 30 s). It
 * prints whether the local D1 database files changed on disk during that minute; the target is not
 * at all. Signing up, opening the pages and each conversation's first message come before the
 * minute: those are transitions (sign-in, presence), which may write.
 *
 *   npm run bench:d1       (builds first)
 *
 * It prints figures and asserts nothing. Record them in the README.
 */
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { SESSION_CHECK_INTERVAL_MS } from "../../app/lib/inactivity";
import { pairIdFor } from "../../app/lib/pair-id";
import { PING_EVERY_MS, PING_FRAME } from "../../app/lib/socket-transport";
import type { ServerFrame } from "../../app/schemas/chat-protocol";
import { startProductionServer } from "./support/production-server";

const PORT = 8797;
const STATE = `.wrangler/bench-${PORT}`;
const PEOPLE = 6;
const MINUTE_MS = Number(process.env.BENCH_DURATION_MS ?? 60_000);
const MESSAGE_EVERY_MS = 2000;
const SETTLED_MS = 15_000;
const SETTLE_LIMIT_MS = 120_000;

type Person = { id: string; cookie: string; inbox: WebSocket; chat: WebSocket };

process.env.BENCH_STATE = STATE;
const app = await startProductionServer(PORT);
const timers: ReturnType<typeof setInterval>[] = [];
try {
  const people: Person[] = [];
  for (let i = 0; i < PEOPLE; i++) people.push(await personOnline(app.base, i));
  const conversations = Array.from(
    { length: PEOPLE / 2 },
    (_, i) => [people[2 * i], people[2 * i + 1]] as [Person, Person],
  );
  for (const [a, b] of conversations) {
    const pairId = pairIdFor(a.id, b.id);
    for (const person of [a, b]) person.chat = await openSocket(app.base, `/api/chats/${pairId}/ws`, person.cookie);
  }
  // Each conversation's first message, both ways: the first summaries, the rooms' first rows.
  for (const [a, b] of conversations) {
    await exchange(a, b, "first");
    await exchange(b, a, "reply");
  }

  // What open pages do while nobody signs in or out: pings, heartbeats, messages.
  for (const person of people) {
    timers.push(setInterval(() => person.inbox.send(PING_FRAME), PING_EVERY_MS));
    timers.push(setInterval(() => person.chat.send(PING_FRAME), PING_EVERY_MS));
    timers.push(setInterval(() => void heartbeat(app.base, person), SESSION_CHECK_INTERVAL_MS));
  }
  // The setup's writes reach the database file itself later, when SQLite checkpoints its log (the
  // runtime closes an idle database): the minute starts once the files have settled.
  const settledAfter = await filesSettled();
  const before = d1Files();
  let sent = 0;
  let heartbeatsRefused = 0;
  const started = Date.now();
  for (let tick = 0; Date.now() - started < MINUTE_MS; tick++) {
    const due = started + tick * MESSAGE_EVERY_MS;
    await new Promise((done) => setTimeout(done, Math.max(0, due - Date.now())));
    await Promise.all(
      conversations.map(([a, b]) => {
        const [from, to] = tick % 2 === 0 ? [a, b] : [b, a];
        sent += 1;
        return exchange(from, to, `tick-${tick}`);
      }),
    );
  }
  for (const person of people) if ((await heartbeat(app.base, person)) !== 200) heartbeatsRefused += 1;
  const after = d1Files();

  const changed = [...new Set([...before.keys(), ...after.keys()])].filter(
    (name) => before.get(name) !== after.get(name),
  );
  console.log(
    `D1 during ${MINUTE_MS / 1000} s of ${PEOPLE} people in ${conversations.length} conversations ` +
      `(${sent} messages, each received; heartbeats every ${SESSION_CHECK_INTERVAL_MS / 1000} s, pings every ${PING_EVERY_MS / 1000} s):`,
  );
  console.log(`  setup's writes settled on disk after ${(settledAfter / 1000).toFixed(0)} s`);
  console.log(`  heartbeats refused: ${heartbeatsRefused}`);
  console.log(`  D1 files written: ${changed.length === 0 ? "none (target: none)" : changed.join(", ")}`);
} finally {
  for (const timer of timers) clearInterval(timer);
  app.stop();
}
process.exit(0);

/**
 * The local D1 database files (the runtime keeps D1 as SQLite under the state folder), each with its
 * size, modification time and content hash. The -shm file is left out: readers write their marks in
 * that shared-memory index, which is no write of the database.
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

/** Waits until the D1 files have not changed for SETTLED_MS; answers how long that took. */
async function filesSettled(): Promise<number> {
  const started = Date.now();
  let last = JSON.stringify([...d1Files()]);
  let stableSince = Date.now();
  while (Date.now() - stableSince < SETTLED_MS) {
    if (Date.now() - started > SETTLE_LIMIT_MS) throw new Error("the D1 files kept changing before the minute began");
    await new Promise((done) => setTimeout(done, 1000));
    const now = JSON.stringify([...d1Files()]);
    if (now !== last) [last, stableSince] = [now, Date.now()];
  }
  return stableSince - started;
}

/** Sends a message and resolves when the other person's socket has it. */
function exchange(from: Person, to: Person, tag: string): Promise<void> {
  const clientId = `temp-${tag}-${from.id.slice(0, 8)}`;
  return new Promise((done, fail) => {
    const timeout = setTimeout(() => fail(new Error(`${clientId} did not arrive within 10 s`)), 10_000);
    const onFrame = (event: MessageEvent) => {
      if (event.data === "pong") return;
      const frame = JSON.parse(String(event.data)) as ServerFrame;
      if (frame.type === "message" && frame.message.clientId === clientId) {
        clearTimeout(timeout);
        to.chat.removeEventListener("message", onFrame);
        done();
      }
    };
    to.chat.addEventListener("message", onFrame);
    from.chat.send(JSON.stringify({ type: "send", clientId, text: `steady message ${tag}` }));
  });
}

async function heartbeat(base: string, person: Person): Promise<number> {
  const response = await fetch(`${base}/api/session/activity`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: base, Cookie: person.cookie },
    body: JSON.stringify({ idleMs: 0 }),
  });
  await response.body?.cancel();
  return response.status;
}

/** Signs a person up and opens the inbox socket every page of theirs opens. */
async function personOnline(base: string, index: number): Promise<Person> {
  const response = await fetch(`${base}/api/auth/sign-up/email`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      Origin: base,
      "cf-connecting-ip": `2001:db8:d1:${index.toString(16)}::1`,
    },
    body: JSON.stringify({
      email: `d1-bench-${Date.now().toString(36)}-${index}@example.com`,
      password: "benchmark password",
      gender: index % 2 === 0 ? "female" : "male",
      name: "x",
    }),
  });
  if (!response.ok) throw new Error(`sign-up answered ${response.status}: ${await response.text()}`);
  const { user } = (await response.json()) as { user: { id: string } };
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const person = { id: user.id, cookie } as Person;
  person.inbox = await openSocket(base, "/api/inbox/ws", cookie);
  return person;
}

/** Opens a socket with the person's cookies, as their page would (same Origin). */
async function openSocket(base: string, path: string, cookie: string): Promise<WebSocket> {
  const ws = new WebSocket(`${base.replace(/^http/, "ws")}${path}`, {
    headers: { Cookie: cookie, Origin: base },
  } as unknown as string[]);
  await new Promise<void>((done, fail) => {
    ws.addEventListener("open", () => done(), { once: true });
    ws.addEventListener("error", () => fail(new Error(`the upgrade of ${path} was refused`)), { once: true });
  });
  return ws;
}
