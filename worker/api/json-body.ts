import type { Context } from "hono";
import type { z } from "zod";

/**
 * Reads a JSON body and checks its shape with the endpoint's schema: malformed JSON, and JSON of the
 * wrong shape (an array, null, a string where an object belongs), get a 400 with a code and the
 * endpoint's own message, never a 500.
 */
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
