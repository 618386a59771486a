import { Hono } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { createAccount } from "../accounts/create-account";
import { type ApiEnv, sameOrigin } from "./signed-in";

/**
 * POST /api/sign-up (multipart: the sign-up form's fields and its picture): the sign-up page's
 * script posts here so it can show the picture's upload progress; the same form posted without
 * scripts reaches the /signup route action. Both create the account through one service.
 */
export const signUpRoutes = new Hono<ApiEnv>().use(sameOrigin).post("/", async (c) => {
  const outcome = await createAccount(c.req.raw);
  if (!outcome.ok) {
    const { field, message } = outcome.error;
    return c.json({ code: "sign_up_refused", field, message }, outcome.status as ContentfulStatusCode);
  }
  const response = c.json({ destination: outcome.destination, saveFailure: outcome.saveFailure }, 201);
  for (const cookie of outcome.cookies) response.headers.append("Set-Cookie", cookie);
  return response;
});
