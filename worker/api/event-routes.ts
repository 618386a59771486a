import { Hono } from "hono";
import { AnalyticsBatchSchema, MAX_EVENTS_BODY_BYTES } from "~/shared/schemas/analytics";
import { recordEvents } from "../analytics/events";
import { type ApiEnv, sameOrigin } from "./signed-in";

/** No session, user or cookie is read and no address stored; rate-limited by the binding, so no D1 write. */
export const eventRoutes = new Hono<ApiEnv>().use(sameOrigin).post("/", async (c) => {
  const declared = Number(c.req.header("content-length") ?? "0");
  if (declared > MAX_EVENTS_BODY_BYTES) return c.json({ code: "too_large", message: "Too many events at once." }, 413);
  const text = await c.req.text();
  if (new TextEncoder().encode(text).byteLength > MAX_EVENTS_BODY_BYTES) {
    return c.json({ code: "too_large", message: "Too many events at once." }, 413);
  }
  const client = c.req.header("cf-connecting-ip") ?? "unknown";
  if (!(await c.env.EVENTS_RATE_LIMIT.limit({ key: client })).success) {
    return c.json({ code: "rate_limited", message: "Too many events. Please slow down." }, 429);
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return c.json({ code: "invalid_body", message: "Send the events as JSON." }, 400);
  }
  const parsed = AnalyticsBatchSchema.safeParse(body);
  if (!parsed.success) return c.json({ code: "invalid_events", message: "These events could not be read." }, 400);
  await recordEvents(parsed.data.events);
  return c.body(null, 204);
});
