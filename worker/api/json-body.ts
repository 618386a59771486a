import type { Context } from "hono";
import type { z } from "zod";

/** Wrong JSON or the wrong shape is a 400 with the endpoint's message, never a 500. */
export async function readJsonBody<T>(
  c: Context,
  schema: z.ZodType<T>,
  message: string,
): Promise<{ ok: true; data: T } | { ok: false; response: Response }> {
  const raw: unknown = await c.req.json().catch(() => undefined);
  const parsed = raw === undefined ? null : schema.safeParse(raw);
  if (!parsed?.success) return { ok: false, response: c.json({ code: "invalid_body", message }, 400) };
  return { ok: true, data: parsed.data };
}
