/**
 * Over the inbox socket while one is open; the POST only while none is, so a network that refuses
 * WebSockets never signs an active person out.
 */

/** Its clock at that moment, too. */
export type ActivityAnswer = { lastActivity: number; serverNow: number };

type ActivityListener = {
  opened(): void;
  answered(answer: ActivityAnswer): void;
};

type SendActivity = (idleMs: number) => boolean;

let socketSend: SendActivity | null = null;
const listeners = new Set<ActivityListener>();

export function setActivitySocket(send: SendActivity | null): void {
  socketSend = send;
}

export function activitySocketOpened(): void {
  for (const listener of listeners) listener.opened();
}

export function activityAnswered(answer: ActivityAnswer): void {
  for (const listener of listeners) listener.answered(answer);
}

export function sendActivityFrame(idleMs: number): boolean {
  return socketSend?.(idleMs) ?? false;
}

export function listenForActivitySocket(listener: ActivityListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
