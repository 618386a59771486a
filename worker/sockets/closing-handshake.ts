/** Answers a close the browser started; a socket the server closed first needs nothing more. */
export function completeClosingHandshake(ws: WebSocket, code: number): void {
  if (code === 1005 || code === 1006) return;
  try {
    ws.close(code, "closing");
  } catch {
    // Already closed from this side (a session's end).
  }
}
