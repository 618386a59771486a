import { RouterContextProvider } from "react-router";
import { requestPathContext, userContext } from "~/context";
import type { SignedInUser } from "~/shared/accounts";
import { collectingResponseCookies } from "../../../worker/http/response-cookies";
import { APP_ORIGIN, freshIp } from "./auth-requests";

type ActionArgs = { request: Request; context: RouterContextProvider; params: Record<string, string> };
// biome-ignore lint/suspicious/noExplicitAny: each route module's action has its own generated argument type
type RouteAction = (args: any) => unknown;

/** What a route action answered: a redirect, data, or an error it threw, with the response's cookies. */
export type ActionAnswer = {
  status: number;
  /** The redirect's target, when it moved the browser on. */
  location: string | null;
  /** Whether it moves the browser by a full page load (React Router's redirectDocument). */
  reloadDocument: boolean;
  data: unknown;
  /** Whether the answer was thrown (a redirect, or an error for the route's error boundary). */
  thrown: boolean;
  cookies: string[];
};

/**
 * Calls a route module's action as React Router does for a post to `path`: the request with the
 * browser's Origin and address, the context the root middleware sets (the signed-in user, or none).
 * Pages are rendered in the browser suite; this checks the action's answer and what it changed.
 */
export async function callAction(
  action: RouteAction,
  path: string,
  body: FormData | URLSearchParams,
  options: { user?: SignedInUser | null; origin?: string; cookie?: string } = {},
): Promise<ActionAnswer> {
  const request = new Request(`${APP_ORIGIN}${path}`, {
    method: "POST",
    headers: {
      Origin: options.origin ?? APP_ORIGIN,
      "cf-connecting-ip": freshIp(),
      ...(options.cookie ? { Cookie: options.cookie } : {}),
    },
    body,
  });
  const context = new RouterContextProvider();
  context.set(userContext, options.user ?? null);
  context.set(requestPathContext, path);
  const args: ActionArgs = { request, context, params: {} };
  let value: unknown;
  let thrown = false;
  const response = await collectingResponseCookies(async () => {
    try {
      value = await action(args);
    } catch (error) {
      value = error;
      thrown = true;
    }
    return new Response(null);
  });
  const extra = response.headers.getSetCookie();
  if (value instanceof Response) {
    return {
      status: value.status,
      location: value.headers.get("Location"),
      reloadDocument: value.headers.has("X-Remix-Reload-Document"),
      data: null,
      thrown,
      cookies: [...value.headers.getSetCookie(), ...extra],
    };
  }
  if (isDataWithInit(value)) {
    return {
      status: value.init?.status ?? 200,
      location: null,
      reloadDocument: false,
      data: value.data,
      thrown,
      cookies: [...new Headers(value.init?.headers).getSetCookie(), ...extra],
    };
  }
  return { status: 200, location: null, reloadDocument: false, data: value, thrown, cookies: extra };
}

function isDataWithInit(value: unknown): value is { data: unknown; init: ResponseInit | null } {
  return typeof value === "object" && value !== null && (value as { type?: unknown }).type === "DataWithResponseInit";
}

/** The cookies of an answer, as a browser sends them back. */
export function cookieHeaderOf(cookies: string[]): string {
  return cookies.map((cookie) => cookie.split(";")[0]).join("; ");
}

/** The signed-in user the root middleware would put in the context for an account made in a test. */
export function signedInUser(signedUp: { email: string; user: { id: string; username: string } }): SignedInUser {
  return {
    id: signedUp.user.id,
    email: signedUp.email,
    username: signedUp.user.username,
    displayName: signedUp.user.username,
    profilePic: null,
    role: "user",
  };
}
