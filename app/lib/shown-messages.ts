import type { PendingSend } from "~/lib/pending-sends";
import type { ChatMessage } from "~/shared/schemas/chat-protocol";

export type MessageStatus = "sending" | "sent" | "delivered" | "read";
/** A message as the conversation shows it: with where it has got to, for one of mine. */
export type DisplayMessage = ChatMessage & { status: MessageStatus };

/** How far the other member has got: read up to, and has on a device up to (seqs). */
export type Receipts = { readSeq: number; deliveredSeq: number };

/** A message of mine: read if the other member read up to it, delivered if their device has it. */
function statusOf(seq: number, receipts: Receipts): MessageStatus {
  if (seq <= receipts.readSeq) return "read";
  return seq <= receipts.deliveredSeq ? "delivered" : "sent";
}

/**
 * What the conversation shows: the stored messages in order, then mine still being sent. Each
 * temp- id is shown once: a message that failed may yet arrive stored (its answer was only late),
 * and sent again meanwhile it is pending and stored at once; the stored copy is the one shown.
 * The id is the list's key, so a second copy would also confuse the rendering of the list.
 */
export function shownMessages(
  messages: readonly ChatMessage[],
  pending: readonly PendingSend[],
  userId: string,
  receipts: Receipts,
): DisplayMessage[] {
  const stored = new Set(messages.map((m) => m.clientId));
  return [
    ...messages.map(
      (m): DisplayMessage => ({ ...m, status: m.senderId === userId ? statusOf(m.seq, receipts) : "sent" }),
    ),
    ...pending
      .filter((p) => !stored.has(p.clientId))
      .map(
        (p): DisplayMessage => ({
          seq: Number.MAX_SAFE_INTEGER,
          clientId: p.clientId,
          senderId: userId,
          senderName: "",
          text: p.text,
          imageUrl: p.imageUrl,
          timestamp: p.sentAt,
          status: "sending",
        }),
      ),
  ];
}
