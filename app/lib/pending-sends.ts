/**
 * docs/decisions/136-a-pending-message-fails-only-on-a-refusal-or-a-silent-socket.md: a message
 * waits while offline and is resent with the same temp- id, which the room stores once. A failed
 * message keeps its id, so a retry of one that was stored is acknowledged, not stored twice.
 */

export const SEND_ANSWER_TIMEOUT_MS = 10_000;
const REMEMBERED_FAILURES = 20;

export type PendingSend = {
  clientId: string;
  text: string;
  imageUrl: string | null;
  /** Shown until the room's own time. */
  sentAt: number;
  /** Null while it waits for a connection. */
  answerDueBy: number | null;
};

export function newClientId(): string {
  return `temp-${crypto.randomUUID()}`;
}

export function sentOverOpenSocket(pending: PendingSend, now: number): PendingSend {
  return { ...pending, answerDueBy: now + SEND_ANSWER_TIMEOUT_MS };
}

/** Never failing meanwhile. */
export function waitingForConnection(pending: PendingSend): PendingSend {
  return pending.answerDueBy === null ? pending : { ...pending, answerDueBy: null };
}

/** A refusal fails it at once, elsewhere. */
export function answerOverdue(pending: PendingSend, now: number): boolean {
  return pending.answerDueBy !== null && now >= pending.answerDueBy;
}

export class FailedSends {
  private readonly failed: Pick<PendingSend, "clientId" | "text" | "imageUrl">[] = [];

  remember({ clientId, text, imageUrl }: Pick<PendingSend, "clientId" | "text" | "imageUrl">): void {
    this.failed.push({ clientId, text, imageUrl });
    if (this.failed.length > REMEMBERED_FAILURES) this.failed.shift();
  }

  idFor(text: string, imageUrl: string | null): string {
    const index = this.failed.findIndex((f) => f.text === text && f.imageUrl === imageUrl);
    if (index === -1) return newClientId();
    const [retried] = this.failed.splice(index, 1);
    return retried?.clientId ?? newClientId();
  }
}
