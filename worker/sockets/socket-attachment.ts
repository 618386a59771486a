/**
 * A socket's attachment, kept in memory once read, so a frame's checks cost no structured-clone
 * deserialization (every chat message reads its sender's). Written only through
 * setSocketAttachment, so the copy in memory and the stored one agree; after hibernation the sockets
 * are new objects and their attachments are read afresh.
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
