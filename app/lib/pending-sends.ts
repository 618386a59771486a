/**
 * When a message being sent has failed, written once
 * (docs/decisions/136-a-pending-message-fails-only-on-a-refusal-or-a-silent-socket.md). A message
 * waits while the page is offline or reconnecting and goes out again, with the same temp- id, on
 * every (re)connect: the room stores a temp- id once and answers a resend of a stored message with
 * its seq, so waiting never doubles it. It fails only when the room refuses it (an error frame
 * naming it), or when it went out over an open socket that then gave no answer for
 * SEND_ANSWER_TIMEOUT_MS while it stayed open. A failed message keeps its id for a retry of the
 * same content: if it was stored and only its answer was lost, the retry is acknowledged, not
 * stored a second time.
 */

/** A message sent over an open socket that has had no answer this long, the socket still open, has failed. */
export const SEND_ANSWER_TIMEOUT_MS = 10_000;
/** How many failed messages keep their id for a retry (the composer holds one; a few more is plenty). */
const REMEMBERED_FAILURES = 20;

export type PendingSend = {
  clientId: string;
  text: string;
  imageUrl: string | null;
  /** When the person sent it: the time shown until the room's own. */
  sentAt: number;
  /** When it fails if the room has not answered: null while it waits for a connection. */
  answerDueBy: number | null;
};

/** A new message's temporary id (spec: temp- ids). */
export function newClientId(): string {
  return `temp-${crypto.randomUUID()}`;
}

/** It went out over an open socket: the room has SEND_ANSWER_TIMEOUT_MS to answer. */
export function sentOverOpenSocket(pending: PendingSend, now: number): PendingSend {
  return { ...pending, answerDueBy: now + SEND_ANSWER_TIMEOUT_MS };
}

/** The connection dropped, or the device went offline: it waits to go out again, never failing meanwhile. */
export function waitingForConnection(pending: PendingSend): PendingSend {
  return pending.answerDueBy === null ? pending : { ...pending, answerDueBy: null };
}

/** Whether it has failed for want of an answer (a refusal fails it at once, elsewhere). */
export function answerOverdue(pending: PendingSend, now: number): boolean {
  return pending.answerDueBy !== null && now >= pending.answerDueBy;
}

/** Failed messages, remembered so that sending the same content again reuses the same temp- id. */
export class FailedSends {
  private readonly failed: Pick<PendingSend, "clientId" | "text" | "imageUrl">[] = [];

  remember({ clientId, text, imageUrl }: Pick<PendingSend, "clientId" | "text" | "imageUrl">): void {
    this.failed.push({ clientId, text, imageUrl });
    if (this.failed.length > REMEMBERED_FAILURES) this.failed.shift();
  }

  /** The id to send this content with: a failed message's with the same content (then forgotten), or a new one. */
  idFor(text: string, imageUrl: string | null): string {
    const index = this.failed.findIndex((f) => f.text === text && f.imageUrl === imageUrl);
    if (index === -1) return newClientId();
    const [retried] = this.failed.splice(index, 1);
    return retried?.clientId ?? newClientId();
  }
}
