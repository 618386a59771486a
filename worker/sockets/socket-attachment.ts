/**
 * Cached so a frame's checks skip structured-clone deserialization; written only through
 * setSocketAttachment so both copies agree. After hibernation the sockets are new objects, read afresh.
 */
const attachments = new WeakMap<WebSocket, unknown>();

export function socketAttachment<T>(ws: WebSocket): Readonly<T> | null {
  if (attachments.has(ws)) return attachments.get(ws) as T | null;
  const value = ws.deserializeAttachment() as T | null;
  attachments.set(ws, value);
  return value;
}

export function setSocketAttachment<T>(ws: WebSocket, value: T): void {
  ws.serializeAttachment(value);
  attachments.set(ws, value);
}
