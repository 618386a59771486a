/**
 * A refused request's unread body otherwise stays in the connection, and the Vite dev proxy fails
 * the next request on it. Reading to the end keeps it clean; cancelling does not. Past `limit` it
 * is cancelled: nobody honest sends one.
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
