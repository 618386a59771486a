import { describe, expect, it } from "vitest";
import type { PendingSend } from "~/lib/pending-sends";
import { shownMessages } from "~/lib/shown-messages";
import type { ChatMessage } from "~/shared/schemas/chat-protocol";

const me = "user-me";
const stored = (seq: number, clientId: string, senderId = me): ChatMessage => ({
  seq,
  clientId,
  senderId,
  senderName: senderId === me ? "Me" : "Them",
  text: `message ${seq}`,
  imageUrl: null,
  timestamp: 1000 * seq,
});
const pending = (clientId: string): PendingSend => ({
  clientId,
  text: "being sent",
  imageUrl: null,
  sentAt: 5000,
  answerDueBy: null,
});
const noReceipts = { readSeq: 0, deliveredSeq: 0 };

describe("the messages a conversation shows", () => {
  it("are the stored ones in order, then mine being sent", () => {
    const shown = shownMessages(
      [stored(1, "temp-a"), stored(2, "temp-b", "them")],
      [pending("temp-c")],
      me,
      noReceipts,
    );
    expect(shown.map((m) => [m.clientId, m.status])).toEqual([
      ["temp-a", "sent"],
      ["temp-b", "sent"],
      ["temp-c", "sending"],
    ]);
  });

  it("say how far the other member has got with each of mine", () => {
    const shown = shownMessages([stored(1, "temp-a"), stored(2, "temp-b"), stored(3, "temp-c")], [], me, {
      readSeq: 1,
      deliveredSeq: 2,
    });
    expect(shown.map((m) => m.status)).toEqual(["read", "delivered", "sent"]);
  });

  it("show a message once when it is stored and also being sent again (a failed one whose answer was late)", () => {
    const shown = shownMessages([stored(1, "temp-a")], [pending("temp-a"), pending("temp-b")], me, noReceipts);
    expect(shown.map((m) => [m.clientId, m.status])).toEqual([
      ["temp-a", "sent"],
      ["temp-b", "sending"],
    ]);
  });
});
