import type { PendingSend } from "~/lib/pending-sends";
import type { ChatMessage } from "~/shared/schemas/chat-protocol";

export type MessageStatus = "sending" | "sent" | "delivered" | "read";
export type DisplayMessage = ChatMessage & { status: MessageStatus };

export type Receipts = { readSeq: number; deliveredSeq: number };

function statusOf(seq: number, receipts: Receipts): MessageStatus {
  if (seq <= receipts.readSeq) return "read";
  return seq <= receipts.deliveredSeq ? "delivered" : "sent";
}

/** Each temp- id once: a failed message may yet arrive stored, and the stored copy wins. The id is the list's key. */
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
