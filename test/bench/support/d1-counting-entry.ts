/**
 * A bench-only entry around the production build (never deployed, never in the app's bundle): the
 * same Worker and Durable Objects, with the D1 binding wrapped to count the statements that reach
 * the database, read or write, and the rows D1 reports written. `GET /__bench/d1` answers the
 * counts, `POST /__bench/d1` zeroes them. `GET /__bench/analytics` answers how many page views and
 * vital samples D1's analytics hold (read uncounted) and how many the shards still hold (asked
 * through their own `unflushed`), so the benchmark can wait for the shards' alarms to flush.
 * Compiled next to the build's index.js by test/bench/d1-count.ts, which imports it from there.
 */
import { DurableObject, withEnv } from "cloudflare:workers";
// Bundled into this entry by the benchmark (the build's index.js stays external).
import { ANALYTICS_SHARDS } from "../../../worker/analytics/shard-routing";
import { analyticsShard } from "../../../worker/objects/shard-service";
// @ts-expect-error: the production build, beside this file once compiled (no types of its own).
import * as app from "./index.js";

/** The writing statements are kept by their text too, so a figure can be explained. */
type Counts = { reads: number; writes: number; rowsWritten: number; written: Record<string, number> };
/** Module state: the Worker and the Durable Object classes run in this one isolate locally. */
const counts: Counts = { reads: 0, writes: 0, rowsWritten: 0, written: {} };

/** The rows D1 says a result wrote (a `first` or `raw` result carries no meta, and is a read here). */
const countRows = (result: unknown) => {
  const meta = (result as { meta?: { rows_written?: number } } | null)?.meta;
  counts.rowsWritten += meta?.rows_written ?? 0;
  return result;
};

/** A statement reads when it is a SELECT (or a WITH … SELECT); anything else writes. */
const count = (sql: string) => {
  if (/^\s*(select|with\b[\s\S]*\bselect\b(?![\s\S]*\b(insert|update|delete)\b))/i.test(sql)) counts.reads += 1;
  else {
    counts.writes += 1;
    const statement = sql.replace(/\s+/g, " ").slice(0, 80);
    counts.written[statement] = (counts.written[statement] ?? 0) + 1;
  }
};

/** Each counting wrapper's SQL and the runtime's statement behind it (a batch wants the latter). */
const wrapped = new WeakMap<object, { sql: string; statement: D1PreparedStatement }>();

function countingD1(db: D1Database): D1Database {
  const wrap = (statement: D1PreparedStatement, sql: string): D1PreparedStatement => {
    const wrapper = new Proxy(statement, {
      get(target, key) {
        const value = Reflect.get(target, key, target);
        if (typeof value !== "function") return value;
        if (key === "bind") return (...args: unknown[]) => wrap(value.apply(target, args), sql);
        if (key === "first" || key === "run" || key === "all" || key === "raw") {
          return (...args: unknown[]) => {
            count(sql);
            return (value.apply(target, args) as Promise<unknown>).then(countRows);
          };
        }
        return value.bind(target);
      },
    });
    wrapped.set(wrapper, { sql, statement });
    return wrapper;
  };
  return new Proxy(db, {
    get(target, key) {
      const value = Reflect.get(target, key, target);
      if (key === "prepare") return (sql: string) => wrap(target.prepare(sql), sql);
      // A request's D1 work goes through a session (read replication): counted the same way.
      if (key === "withSession") {
        return (constraint?: string) =>
          countingD1(target.withSession(constraint) as unknown as D1Database) as unknown as D1DatabaseSession;
      }
      if (key === "batch") {
        return (batch: D1PreparedStatement[]) => {
          for (const statement of batch) count(wrapped.get(statement)?.sql ?? "write");
          return target
            .batch(batch.map((statement) => wrapped.get(statement)?.statement ?? statement))
            .then((results) => results.map(countRows) as D1Result[]);
        };
      }
      if (key === "exec") {
        return (sql: string) => {
          count(sql);
          return target.exec(sql);
        };
      }
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

const countingEnvs = new WeakMap<object, Env>();
function countingEnv(env: Env): Env {
  let wrapped = countingEnvs.get(env);
  if (!wrapped) {
    wrapped = { ...env, DB: countingD1(env.DB) };
    countingEnvs.set(env, wrapped);
  }
  return wrapped;
}

// biome-ignore lint/suspicious/noExplicitAny: TypeScript requires a mixin's base to be constructible from any[].
type DurableObjectClass = new (...args: any[]) => object;

/**
 * A Durable Object class of the app with the counting D1 in the env it is given (the app's objects
 * reach D1 through that one, `this.env`).
 */
function counted<T extends DurableObjectClass>(Base: T): T {
  return class extends Base {
    // biome-ignore lint/suspicious/noExplicitAny: TypeScript requires a mixin's constructor to take any[].
    constructor(...args: any[]) {
      super(args[0] as DurableObjectState, countingEnv(args[1] as Env));
    }
  } as T;
}

export const ChatRoom = counted(app.ChatRoom);
export const UserInbox = counted(app.UserInbox);
export const SupportDesk = counted(app.SupportDesk);
// A build from before the analytics shards has none: an unused stand-in (the runtime refuses an
// export that is not a class or handler).
export const AnalyticsShard = app.AnalyticsShard ? counted(app.AnalyticsShard) : class extends DurableObject {};

/**
 * Page views and vital samples in D1's analytics, and what the shards hold unflushed; before
 * the shards, D1 held one row per event.
 */
async function analyticsState(env: Env): Promise<{ d1: number; unflushed: number }> {
  let d1: number;
  try {
    const row = await env.DB.prepare(
      `SELECT (SELECT coalesce(sum(views), 0) FROM analytics_page_views)
            + (SELECT coalesce(sum(samples), 0) FROM analytics_vitals) AS n`,
    ).first<{ n: number }>();
    d1 = row?.n ?? 0;
  } catch {
    d1 = (await env.DB.prepare("SELECT count(*) AS n FROM analytics_events").first<{ n: number }>())?.n ?? 0;
  }
  if (!("ANALYTICS_SHARD" in env)) return { d1, unflushed: 0 };
  let unflushed = 0;
  for (let index = 0; index < ANALYTICS_SHARDS; index++) {
    const { source, views, vitals } = await analyticsShard(index).unflushed(0);
    // A shard keeps its last flush after D1 has it; D1's flush number says which that is.
    const mark = await env.DB.prepare("SELECT last_flush AS n FROM analytics_flushes WHERE source = ?")
      .bind(source)
      .first<{ n: number }>();
    const inD1 = (row: { seq: number }) => row.seq <= (mark?.n ?? 0);
    for (const row of views) if (!inD1(row)) unflushed += row.views;
    for (const row of vitals) if (!inD1(row)) unflushed += row.samples;
  }
  return { d1, unflushed };
}

export default {
  async fetch(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
    const { pathname } = new URL(request.url);
    if (pathname === "/__bench/d1") {
      if (request.method === "POST") Object.assign(counts, { reads: 0, writes: 0, rowsWritten: 0, written: {} });
      return Response.json(counts);
    }
    if (pathname === "/__bench/analytics") return Response.json(await analyticsState(env));
    const wrapped = countingEnv(env);
    return withEnv(wrapped, () => app.default.fetch(request, wrapped, ctx)) as Promise<Response>;
  },
  async scheduled(controller: ScheduledController, env: Env, ctx: ExecutionContext): Promise<void> {
    const wrapped = countingEnv(env);
    await withEnv(wrapped, () => app.default.scheduled(controller, wrapped, ctx));
  },
};
