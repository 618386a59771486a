import { RouterContextProvider } from "react-router";
import { requestPathContext, userContext } from "~/context";
import type { SignedInUser } from "~/shared/accounts";
import { middleware } from "../../../app/root";
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
  options: {
    user?: SignedInUser | null;
    origin?: string;
    cookie?: string;
    params?: Record<string, string>;
    /**
     * Who is signed in, decided by the app's root middleware from `cookie` (a session that ended,
     * a suspended account...), instead of `user`.
     */
    sessionFromCookie?: boolean;
    /** The middleware of the routes above the action's (a layout's guard), run before it. */
    middleware?: readonly RouteMiddleware[];
  } = {},
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
  return answerOf(request, throughMiddleware(action, options.middleware ?? []), options);
}

/** callAction with a request the test built itself (a body of any type, or none). */
export function callActionWithRequest(
  action: RouteAction,
  request: Request,
  options: { user?: SignedInUser | null; params?: Record<string, string> } = {},
): Promise<ActionAnswer> {
  return answerOf(request, action, options);
}

/**
 * Calls a route module's loader as React Router does for a GET of `path` (a document request,
 * unless `headers` say otherwise), after the route's own middleware when it has one.
 */
export async function callLoader(
  route: { loader: RouteAction; middleware?: readonly RouteMiddleware[] },
  path: string,
  options: {
    user?: SignedInUser | null;
    params?: Record<string, string>;
    headers?: Record<string, string>;
    /** The browser's cookies; with sessionFromCookie the root middleware decides who is signed in from them. */
    cookie?: string;
    sessionFromCookie?: boolean;
  } = {},
): Promise<ActionAnswer> {
  const request = new Request(`${APP_ORIGIN}${path}`, {
    headers: {
      "cf-connecting-ip": freshIp(),
      "Sec-Fetch-Dest": "document",
      ...(options.cookie ? { Cookie: options.cookie } : {}),
      ...options.headers,
    },
  });
  return answerOf(request, throughMiddleware(route.loader, route.middleware ?? []), options);
}

/**
 * A loader or action behind route middleware (a layout's guard, a route's own), run in order as
 * React Router runs them: each one's `next` runs the rest and then the handler.
 */
function throughMiddleware(handler: RouteAction, middleware: readonly RouteMiddleware[]): RouteAction {
  if (middleware.length === 0) return handler;
  return async (args: ActionArgs) => {
    let answered: unknown;
    const chain = [...middleware];
    const next = async (): Promise<Response> => {
      const step = chain.shift();
      if (!step) {
        answered = await handler(args);
        return new Response(null);
      }
      await step(args, next);
      return new Response(null);
    };
    await next();
    return answered;
  };
}

// biome-ignore lint/suspicious/noExplicitAny: each route module's middleware has its own generated argument type
type RouteMiddleware = (args: any, next: () => Promise<Response>) => unknown;

async function answerOf(
  request: Request,
  handler: RouteAction,
  options: { user?: SignedInUser | null; params?: Record<string, string>; sessionFromCookie?: boolean },
): Promise<ActionAnswer> {
  const url = new URL(request.url);
  const context = new RouterContextProvider();
  context.set(userContext, options.user ?? null);
  context.set(requestPathContext, `${url.pathname}${url.search}`);
  const args: ActionArgs = { request, context, params: options.params ?? {} };
  let value: unknown;
  let thrown = false;
  const response = await collectingResponseCookies(async () => {
    try {
      if (options.sessionFromCookie) {
        const [rootMiddleware] = middleware as RouteMiddleware[];
        await rootMiddleware?.(args, async () => new Response(null));
      }
      value = await handler(args);
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
      // A resource route's JSON answer (a page script's): its body is the data.
      data: value.headers.get("Content-Type")?.includes("application/json") ? await value.json() : null,
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
