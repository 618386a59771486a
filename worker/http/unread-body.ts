/**
 * What is left of a request's body once its answer is ready, read and dropped. A request refused
 * without reading its body (a 401, a cross-site 403, a 405) otherwise leaves those bytes in the
 * connection: the Vite dev server's proxy into workerd then fails the next request it sends on that
 * connection ('fetch failed', and an error overlay on every open page). Reading to the end leaves the
 * connection clean; cancelling does not (measured under `npm run dev`). A body larger than `limit`
 * is read up to it and then cancelled: nobody honest sends one, and its connection may close.
 */
export async function discardUnreadBody(request: Request, limit: number): Promise<void> {
  if (!request.body || request.bodyUsed) return;
  let reader: ReadableStreamDefaultReader<Uint8Array>;
  try {
    reader = request.body.getReader();
  } catch {
    // Locked: whoever took the body (a route's own copy of the request) is reading it.
    return;
  }
  try {
    let size = 0;
    for (let next = await reader.read(); !next.done; next = await reader.read()) {
      size += next.value.byteLength;
      if (size > limit) return await reader.cancel();
    }
  } catch {
    // The client went away meanwhile: nothing is left to keep clean.
  }
}
