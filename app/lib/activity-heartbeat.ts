/**
 * The way the activity heartbeat reaches the server: a frame on the user's inbox socket
 * while one is open, sent as soon as it opens and then with each check; the POST
 * /api/session/activity only while none is open, so a network that refuses WebSockets never signs
 * an active person out. The inbox socket (app/hooks/use-inbox-socket.ts) plugs in here; the
 * inactivity rules (app/hooks/use-inactivity-logout.ts) send and hear answers through it.
 */

/** The server's answer: the latest activity it knows, and its clock at that moment. */
export type ActivityAnswer = { lastActivity: number; serverNow: number };

type ActivityListener = {
  /** The inbox socket has just opened: time for a heartbeat. */
  opened(): void;
  /** The server answered a heartbeat frame. */
  answered(answer: ActivityAnswer): void;
};

/** Sends the frame if the socket is open; answers whether it did. */
type SendActivity = (idleMs: number) => boolean;

let socketSend: SendActivity | null = null;
const listeners = new Set<ActivityListener>();

/** The inbox socket's sender while it runs (null once it stops). */
export function setActivitySocket(send: SendActivity | null): void {
  socketSend = send;
}

/** The inbox socket (re)opened. */
export function activitySocketOpened(): void {
  for (const listener of listeners) listener.opened();
}

/** The inbox socket received the answer to a heartbeat frame. */
export function activityAnswered(answer: ActivityAnswer): void {
  for (const listener of listeners) listener.answered(answer);
}

/** Sends a heartbeat frame on the inbox socket; false when no socket is open to carry it. */
export function sendActivityFrame(idleMs: number): boolean {
  return socketSend?.(idleMs) ?? false;
}

export function listenForActivitySocket(listener: ActivityListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
