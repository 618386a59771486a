/**
 * A bench-only entry around the production build (never deployed, never in the app's bundle): the
 * same Worker and Durable Objects, with every request INTO a Durable Object counted, per object and
 * per second. Compiled next to the build's index.js by test/bench/desk.ts, which imports it from there.
 *
 * What counts as a request into an object, and how it is seen:
 * - every call on a stub: an RPC method or `fetch` (a socket's upgrade), made by the Worker or by
 *   another object. The app reaches every object through `env.<NAMESPACE>.getByName(name)` in its
 *   service modules (worker/objects/room-service.ts, worker/objects/inbox-service.ts,
 *   worker/objects/desk-service.ts); here that env's namespaces hand out counting stubs, and that env is
 *   the one the app's code imports (`withEnv`) in the Worker and in each object's entry points;
 * - every event the runtime delivers to an object by itself: a WebSocket frame, close or error
 *   (hibernatable sockets), an alarm.
 * Calls an object makes to its own methods are not requests and are not counted.
 *
 * `GET /__bench/objects` answers the counts, `POST /__bench/objects` zeroes them. The seeded
 * accounts (`POST /__bench/accounts`: signed-in accounts without sign-up's scrypt), the desk's
 * shortcuts for what a listener's pages do (`POST /__bench/desk/<call>`: the same SupportDesk call
 * the page's route action makes, without the page) and `POST /__bench/listeners` (the listener role,
 * as the admin's page writes it) are described in test/bench/desk.ts.
 */
import { env as importedEnv, withEnv } from "cloudflare:workers";
import type { DeskActor } from "../../../worker/desk/support-desk";
import type { supportDesk } from "../../../worker/objects/desk-service";
import type { InboxCalls } from "../../../worker/objects/inbox-service";
import type { chatRoom } from "../../../worker/objects/room-service";
// @ts-expect-error: the production build, beside this file once compiled (no types of its own).
import * as app from "./index.js";

/** One object's requests: by method, and by second since the counts were zeroed. */
type ObjectCounts = { kind: Kind; name: string; total: number; byCall: Record<string, number>; bySecond: number[] };
type Kind = "ChatRoom" | "UserInbox" | "SupportDesk";

/** Module state: the Worker and every Durable Object class run in this one isolate locally. */
let since = Date.now();
let objects = new Map<string, ObjectCounts>();
/** Each kind's calls of each name, by second (e.g. "ChatRoom.deskChanged": the desk's notices to rooms). */
let series = new Map<string, number[]>();
/** Object id → its name (the name it was reached by), for the events the runtime delivers. */
const names = new Map<string, { kind: Kind; name: string }>();

function tally(kind: Kind, name: string, call: string): void {
  const key = `${kind}:${name}`;
  let counts = objects.get(key);
  if (!counts) {
    counts = { kind, name, total: 0, byCall: {}, bySecond: [] };
    objects.set(key, counts);
  }
  counts.total += 1;
  counts.byCall[call] = (counts.byCall[call] ?? 0) + 1;
  const second = Math.floor((Date.now() - since) / 1000);
  counts.bySecond[second] = (counts.bySecond[second] ?? 0) + 1;
  const perCall = series.get(`${kind}.${call}`) ?? [];
  perCall[second] = (perCall[second] ?? 0) + 1;
  series.set(`${kind}.${call}`, perCall);
}

/**
 * The RPC methods each class offers, as its service module lists them (typed so that a method added
 * to or removed from a service module fails the typecheck here until this list follows it).
 */
const ROOM_CALLS: Record<keyof ReturnType<typeof chatRoom>, true> = {
  fetch: true,
  pageView: true,
  sendFromPage: true,
  setBlocked: true,
  receivedMessage: true,
  purgeExpired: true,
  endSessions: true,
  markDelivered: true,
  deskChanged: true,
  deskWaitingSince: true,
  deskQuiet: true,
  addDeskNote: true,
  deskNotes: true,
};
const INBOX_CALLS: Record<keyof InboxCalls, true> = {
  fetch: true,
  confirmSession: true,
  recordActivity: true,
  endSessions: true,
  list: true,
  unreadCount: true,
  headerFacts: true,
  setListener: true,
  presence: true,
  setBlocked: true,
  admitSocket: true,
  roomClosed: true,
  recordMessage: true,
  recordRead: true,
  forgetMessagesUpTo: true,
  heldConversationChanged: true,
  heldConversations: true,
};
/** The wrap-up the bench's listeners give (the desk counts it; which topic does not matter here). */
const BENCH_WRAP_UP = { topics: ["Other"], riskDiscussed: false };

const DESK_CALLS: Record<keyof ReturnType<typeof supportDesk>, true> = {
  fetch: true,
  snapshot: true,
  accessOf: true,
  setAvailability: true,
  takeNext: true,
  take: true,
  transfer: true,
  returnToLine: true,
  resolve: true,
  forgetListener: true,
  renameListener: true,
  setListenerLanguages: true,
  visitorWaiting: true,
  listenersAvailable: true,
  listenerOpened: true,
  endSessions: true,
  figures: true,
  whisper: true,
  visitorEnded: true,
  visitorLeft: true,
  answerSurvey: true,
  listenerReplied: true,
};
/** What the runtime delivers to an object by itself: each one a request. */
const RUNTIME_EVENTS = ["webSocketMessage", "webSocketClose", "webSocketError", "alarm"] as const;

/** A stub whose every call is counted as a request into the object it reaches. */
function countingStub<T extends object>(kind: Kind, name: string, stub: T & { id: DurableObjectId }): T {
  names.set(stub.id.toString(), { kind, name });
  return new Proxy(stub, {
    get(target, key) {
      const value = Reflect.get(target, key, target);
      if (typeof value !== "function" || typeof key !== "string") return value;
      return (...args: unknown[]) => {
        tally(kind, name, key);
        // Not `value.apply`: on an RPC method's stub, that would be a call of a method named "apply".
        return Reflect.apply(value, target, args);
      };
    },
  });
}

function countingNamespace(kind: Kind, namespace: DurableObjectNamespace): DurableObjectNamespace {
  return new Proxy(namespace, {
    get(target, key) {
      const value = Reflect.get(target, key, target);
      if (key === "getByName") {
        return (name: string, options?: unknown) =>
          countingStub(
            kind,
            name,
            (value as (n: string, o?: unknown) => DurableObjectStub).call(target, name, options),
          );
      }
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

const countingEnvs = new WeakMap<object, Env>();
const counting = new WeakSet<object>();
function countingEnv(env: Env): Env {
  // Already counting (an entry point reached from another one): its stubs must not count twice.
  if (counting.has(env)) return env;
  let wrapped = countingEnvs.get(env);
  if (!wrapped) {
    wrapped = {
      ...env,
      CHAT_ROOM: countingNamespace("ChatRoom", env.CHAT_ROOM) as Env["CHAT_ROOM"],
      USER_INBOX: countingNamespace("UserInbox", env.USER_INBOX) as Env["USER_INBOX"],
      SUPPORT_DESK: countingNamespace("SupportDesk", env.SUPPORT_DESK) as Env["SUPPORT_DESK"],
    };
    countingEnvs.set(env, wrapped);
    counting.add(wrapped);
  }
  return wrapped;
}

// biome-ignore lint/suspicious/noExplicitAny: TypeScript requires a mixin's base to be constructible from any[].
type DurableObjectClass = new (...args: any[]) => object;

/**
 * A Durable Object class of the app whose entry points (its RPC methods and the runtime's events)
 * run with the counting env imported, so the calls it makes to other objects are counted; the
 * runtime's events are counted here, since no stub carries them.
 */
function counted<T extends DurableObjectClass>(Base: T, kind: Kind, calls: Record<string, true>): T {
  const Counted = class extends Base {};
  const prototype = Base.prototype as Record<string, unknown>;
  for (const call of [...Object.keys(calls), ...RUNTIME_EVENTS]) {
    const original = prototype[call];
    if (typeof original !== "function") {
      if (call in calls) throw new Error(`${kind} has no method ${call}`);
      continue;
    }
    const event = (RUNTIME_EVENTS as readonly string[]).includes(call);
    Object.defineProperty(Counted.prototype, call, {
      configurable: true,
      writable: true,
      value(this: { ctx: DurableObjectState; env: Env }, ...args: unknown[]) {
        if (event) {
          const id = this.ctx.id.toString();
          tally(kind, names.get(id)?.name ?? id, call);
        }
        return withEnv(countingEnv(importedEnv as Env), () =>
          (original as (...a: unknown[]) => unknown).apply(this, args),
        );
      },
    });
  }
  return Counted as T;
}

export const ChatRoom = counted(app.ChatRoom, "ChatRoom", ROOM_CALLS);
export const UserInbox = counted(app.UserInbox, "UserInbox", INBOX_CALLS);
const HOUR_MS = 60 * 60_000;
const HOUR_COLUMNS = `language, openings, answered, abandoned, closed_without_reply, within_target, answer_times,
  helpful_yes, helpful_somewhat, helpful_no, wrap_ups, risk_discussed, topics`;

/**
 * The desk, with one bench-only method: 30 days at the bench's volume for the figures to read. The
 * busiest hour of the run's roll-ups (its openings, times to answer, wrap-ups, per language and per
 * listener) is copied into each of the 719 hours before it that have none, as if every hour of the
 * month had been that one; the openings' own rows are not copied, as the figures do not read them.
 */
export class SupportDesk extends counted(app.SupportDesk, "SupportDesk", DESK_CALLS) {
  benchFillMonth(): { hours: number; openingsPerHour: number } {
    const { sql } = (this as unknown as { ctx: DurableObjectState }).ctx.storage;
    const busiest = sql
      .exec<{ hour: number; n: number }>(
        "SELECT hour, sum(openings) AS n FROM desk_hours GROUP BY hour ORDER BY n DESC LIMIT 1",
      )
      .toArray()[0];
    if (!busiest) return { hours: 0, openingsPerHour: 0 };
    for (let back = 1; back < 720; back++) {
      sql.exec(
        `INSERT OR IGNORE INTO desk_hours (hour, ${HOUR_COLUMNS}) SELECT hour - ?, ${HOUR_COLUMNS} FROM desk_hours WHERE hour = ?`,
        back * HOUR_MS,
        busiest.hour,
      );
      sql.exec(
        `INSERT OR IGNORE INTO desk_listener_hours (hour, listener_id, answered, closed_without_reply, resolved, answer_times)
         SELECT hour - ?, listener_id, answered, closed_without_reply, resolved, answer_times FROM desk_listener_hours WHERE hour = ?`,
        back * HOUR_MS,
        busiest.hour,
      );
    }
    return {
      hours: sql.exec<{ n: number }>("SELECT count(DISTINCT hour) AS n FROM desk_hours").one().n,
      openingsPerHour: busiest.n,
    };
  }
}
/** The analytics shards are no part of the desk's traffic: served as they are, uncounted. */
export const AnalyticsShard = app.AnalyticsShard;

/** The counts: every object's total and its busiest second, and the busiest objects' details. */
function report() {
  const seconds = Math.max(1, Math.ceil((Date.now() - since) / 1000));
  const all = [...objects.values()].map((o) => ({
    kind: o.kind,
    name: o.name,
    total: o.total,
    peak: Math.max(0, ...Array.from(o.bySecond, (n) => n ?? 0)),
    byCall: o.byCall,
  }));
  const kinds = ["SupportDesk", "ChatRoom", "UserInbox"] as const;
  const busiest = Object.fromEntries(
    kinds.map((kind) => {
      const ofKind = all.filter((o) => o.kind === kind);
      const byTotal = [...ofKind].sort((a, b) => b.total - a.total)[0] ?? null;
      const byPeak = [...ofKind].sort((a, b) => b.peak - a.peak)[0] ?? null;
      const byCall: Record<string, number> = {};
      for (const o of ofKind) for (const [call, n] of Object.entries(o.byCall)) byCall[call] = (byCall[call] ?? 0) + n;
      return [
        kind,
        { objects: ofKind.length, total: ofKind.reduce((s, o) => s + o.total, 0), byTotal, byPeak, byCall },
      ];
    }),
  );
  const filled = (values: number[] | undefined) => Array.from({ length: seconds }, (_, i) => values?.[i] ?? 0);
  return {
    seconds,
    busiest,
    bySecond: Object.fromEntries([...series].map(([call, values]) => [call, filled(values)])),
  };
}

/** The desk's calls a listener's pages make, as their route actions and loaders make them. */
async function deskCall(env: Env, call: string, body: { actor: DeskActor; pairId?: string; available?: boolean }) {
  const desk = countingEnv(env).SUPPORT_DESK.getByName("desk");
  switch (call) {
    case "availability":
      await desk.setAvailability(body.actor, body.available === true);
      return { ok: true };
    case "resolve": {
      const resolved = await desk.resolve(body.pairId ?? "", body.actor, BENCH_WRAP_UP);
      // 'Mark resolved' goes back to /desk, whose loader reads the listener's desk.
      const view = await desk.snapshot(body.actor.id, body.actor.admin);
      return { resolved, mine: view.mine.map((c) => ({ pairId: c.pairId, visitorId: c.visitorId })) };
    }
    case "snapshot":
      return desk.snapshot(body.actor.id, body.actor.admin);
    // What /admin/desk's loader reads: today's figures, or the last 30 days'.
    case "figures":
      return desk.figures("today");
    case "figures30d":
      return desk.figures("30d");
    case "fillMonth":
      return (desk as unknown as SupportDesk).benchFillMonth();
    default:
      return null;
  }
}

/**
 * Signed-in accounts made without the sign-up route (whose scrypt would take the bench's server
 * most of a quarter of an hour for 2,000 of them): the rows a sign-up writes that the chat and the
 * desk read (the user, a better-auth session, the inactivity record, the inbox's activity), and the
 * session cookie better-auth would set, signed with this server's secret the way it signs it.
 */
async function seedAccounts(env: Env, role: string, count: number) {
  const now = Date.now();
  const key = await crypto.subtle.importKey(
    "raw",
    // A secret (.dev.vars, or the --var the bench server is started with), so not in the generated Env.
    new TextEncoder().encode((env as unknown as { BETTER_AUTH_SECRET: string }).BETTER_AUTH_SECRET),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const made: { id: string; username: string; cookie: string }[] = [];
  const statements: D1PreparedStatement[] = [];
  for (let i = 0; i < count; i++) {
    const id = crypto.randomUUID();
    const token = crypto.randomUUID().replaceAll("-", "");
    const username = `Desk${role}${now.toString(36)}${i}`;
    statements.push(
      env.DB.prepare(
        "INSERT INTO users (id, name, email, username, gender, created_at, updated_at) VALUES (?, ?, ?, ?, 'female', ?, ?)",
      ).bind(id, "x", `${username}@example.com`, username, now, now),
      env.DB.prepare(
        "INSERT INTO sessions (id, token, user_id, expires_at, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)",
      ).bind(crypto.randomUUID(), token, id, now + 86_400_000, now, now),
      env.DB.prepare("INSERT INTO user_sessions (user_id, last_activity, timestamp) VALUES (?, ?, ?)").bind(
        id,
        now,
        now,
      ),
    );
    const signature = new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(token)));
    const signed = encodeURIComponent(`${token}.${btoa(String.fromCharCode(...signature))}`);
    made.push({ id, username, cookie: `kindred.session_token=${signed}` });
  }
  for (let i = 0; i < statements.length; i += 90) await env.DB.batch(statements.slice(i, i + 90));
  await Promise.all(made.map((account) => env.USER_INBOX.getByName(account.id).recordActivity(now)));
  return made;
}

export default {
  async fetch(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
    const { pathname } = new URL(request.url);
    if (pathname === "/__bench/objects") {
      if (request.method === "POST") {
        objects = new Map();
        series = new Map();
        since = Date.now();
      }
      return Response.json(report());
    }
    if (pathname === "/__bench/accounts" && request.method === "POST") {
      const { role, count } = (await request.json()) as { role: string; count: number };
      return Response.json(await seedAccounts(env, role, count));
    }
    if (pathname === "/__bench/listeners" && request.method === "POST") {
      // The listener role, written as the admin's page writes it (worker/desk/listeners.ts).
      const { ids } = (await request.json()) as { ids: string[] };
      const now = Date.now();
      await env.DB.batch(
        ids.map((id) =>
          env.DB.prepare("INSERT OR IGNORE INTO listeners (user_id, created_at) VALUES (?, ?)").bind(id, now),
        ),
      );
      return Response.json({ ok: true });
    }
    const desk = /^\/__bench\/desk\/(\w+)$/.exec(pathname);
    if (desk && request.method === "POST") {
      const answer = await deskCall(env, desk[1] ?? "", await request.json());
      return answer ? Response.json(answer) : new Response("unknown call", { status: 404 });
    }
    const wrapped = countingEnv(env);
    return withEnv(wrapped, () => app.default.fetch(request, wrapped, ctx)) as Promise<Response>;
  },
  async scheduled(controller: ScheduledController, env: Env, ctx: ExecutionContext): Promise<void> {
    const wrapped = countingEnv(env);
    await withEnv(wrapped, () => app.default.scheduled(controller, wrapped, ctx));
  },
};
