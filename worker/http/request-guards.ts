import { MAX_MESSAGE_TEXT } from "~/shared/schemas/chat-protocol";
import { MAX_UPLOAD_BYTES, UPLOAD_MESSAGES } from "~/shared/uploads";
import { getConfig } from "../config";

/** Every malformed input is a 4xx with a code, never a 500. */

/** Multipart framing around a file: generous, so an honest file at the limit is never refused. */
export const MULTIPART_OVERHEAD_BYTES = 16 * 1024;

/** Far above any real body (a whole profile is ~10 KB). */
export const DEFAULT_BODY_LIMIT_BYTES = 64 * 1024;

/** Page actions match with or without React Router's `.data` suffix. */
const BODY_LIMITS: Record<string, number> = {
  "/api/uploads": MAX_UPLOAD_BYTES.chat + MULTIPART_OVERHEAD_BYTES,
  "/signup": MAX_UPLOAD_BYTES.profile + MULTIPART_OVERHEAD_BYTES,
  "/profile": MAX_UPLOAD_BYTES.profile + MULTIPART_OVERHEAD_BYTES,
};

/** The largest chat image, its framing and the longest message (3 UTF-8 bytes a character; a CRLF is 2). */
const CONVERSATION_FORM = /^\/(chat|desk)\/[^/]+$/;
export const CONVERSATION_FORM_LIMIT_BYTES = MAX_UPLOAD_BYTES.chat + MULTIPART_OVERHEAD_BYTES + MAX_MESSAGE_TEXT * 3;

export function bodyLimitFor(pathname: string): { bytes: number; message?: string } {
  const page = pathname.endsWith(".data") ? pathname.slice(0, -".data".length) : pathname;
  if (CONVERSATION_FORM.test(page)) {
    return { bytes: CONVERSATION_FORM_LIMIT_BYTES, message: UPLOAD_MESSAGES.chatTooLarge };
  }
  return { bytes: BODY_LIMITS[page] ?? DEFAULT_BODY_LIMIT_BYTES };
}

const isApiPath = (pathname: string) =>
  pathname === "/api" || pathname.startsWith("/api/") || pathname.startsWith("/images/");

function refusal(pathname: string, status: 400 | 413, code: string, message: string): Response {
  if (isApiPath(pathname)) return Response.json({ code, message }, { status });
  return new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

const CROSS_SITE_POST_MESSAGE = "This form was not sent from this site, so nothing was changed.";

/**
 * SameSite=Lax already keeps another site's forms signed out; this refuses them before any action
 * runs, as `/api` does. A post without Origin (not a browser) is left to the session check.
 */
function isCrossSitePagePost(request: Request, url: URL): boolean {
  if (request.method === "GET" || request.method === "HEAD" || isApiPath(url.pathname)) return false;
  const origin = request.headers.get("origin");
  return origin !== null && !getConfig().auth.trustedOrigins.includes(origin);
}

function hasMalformedEncoding(url: URL): boolean {
  try {
    decodeURIComponent(url.pathname);
    decodeURIComponent(url.search.replaceAll("+", " "));
    return false;
  } catch {
    return true;
  }
}

export async function guardRequest(request: Request): Promise<Request | Response> {
  const url = new URL(request.url);
  if (hasMalformedEncoding(url)) {
    return refusal(url.pathname, 400, "bad_encoding", "This address has a malformed percent-encoding.");
  }
  if (isCrossSitePagePost(request, url)) {
    return new Response(CROSS_SITE_POST_MESSAGE, {
      status: 403,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  if (!request.body) return request;

  const { bytes: limit, message } = bodyLimitFor(url.pathname);
  const tooLarge = () =>
    refusal(url.pathname, 413, "body_too_large", message ?? `The request body is larger than ${limit} bytes.`);
  const declared = request.headers.get("content-length");
  if (declared !== null) {
    // A declared length the runtime enforces: no need to read the body here.
    return Number(declared) > limit ? tooLarge() : request;
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  for (let next = await reader.read(); !next.done; next = await reader.read()) {
    size += next.value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return tooLarge();
    }
    chunks.push(next.value);
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new Request(request, { body });
}
