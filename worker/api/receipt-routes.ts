import { Hono } from "hono";
import { RECEIPT_ID_PATTERN } from "~/shared/receipts";
import { sendReceiptEmail } from "../donations/receipts";
import { type ApiEnv, sameOrigin, signedIn } from "./signed-in";

/**
 * POST /api/receipts/:id/email: sends the signed-in user's receipt by email, once. Asking again
 * (a reload, a second tab) answers with the outcome of the one send; after a failure it tries again.
 */
export const receiptRoutes = new Hono<ApiEnv>().use(sameOrigin, signedIn).post("/:id/email", async (c) => {
  const id = c.req.param("id");
  if (!RECEIPT_ID_PATTERN.test(id)) return c.json({ code: "not_found", message: "No such receipt." }, 404);
  const result = await sendReceiptEmail(c.get("user").id, id);
  if (!result) return c.json({ code: "not_found", message: "No such receipt." }, 404);
  if (result.status === "failed") return c.json({ code: "email_failed", message: result.error }, 502);
  return c.json({ status: "sent" });
});
