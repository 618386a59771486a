import { describe, expect, it } from "vitest";
import {
  answerOverdue,
  FailedSends,
  type PendingSend,
  SEND_ANSWER_TIMEOUT_MS,
  sentOverOpenSocket,
  waitingForConnection,
} from "~/lib/pending-sends";

const message: PendingSend = { clientId: "temp-a", text: "hello", imageUrl: null, sentAt: 0, answerDueBy: null };

describe("when a pending message fails", () => {
  it("never while it waits for a connection, however long", () => {
    expect(answerOverdue(message, 10 * 60_000)).toBe(false);
  });

  it("once an open socket has left it unanswered for the timeout", () => {
    const sent = sentOverOpenSocket(message, 1000);
    expect(answerOverdue(sent, 1000 + SEND_ANSWER_TIMEOUT_MS - 1)).toBe(false);
    expect(answerOverdue(sent, 1000 + SEND_ANSWER_TIMEOUT_MS)).toBe(true);
  });

  it("not when the socket dropped before the timeout: it waits, and the clock starts again when it is resent", () => {
    const dropped = waitingForConnection(sentOverOpenSocket(message, 0));
    expect(answerOverdue(dropped, 30_000)).toBe(false);
    const resent = sentOverOpenSocket(dropped, 30_000);
    expect(answerOverdue(resent, 30_000 + SEND_ANSWER_TIMEOUT_MS - 1)).toBe(false);
  });
});

describe("a retry of a failed message", () => {
  it("reuses the failed message's temp- id for the same content, once", () => {
    const failed = new FailedSends();
    failed.remember({ clientId: "temp-failed", text: "hello", imageUrl: "/images/chats/a_b/p.webp" });
    expect(failed.idFor("hello", null)).not.toBe("temp-failed");
    expect(failed.idFor("hello", "/images/chats/a_b/p.webp")).toBe("temp-failed");
    // Sent again after that, it is a new message.
    expect(failed.idFor("hello", "/images/chats/a_b/p.webp")).not.toBe("temp-failed");
  });

  it("gives other content a new temp- id", () => {
    const failed = new FailedSends();
    failed.remember({ clientId: "temp-failed", text: "hello", imageUrl: null });
    const id = failed.idFor("hello again", null);
    expect(id).toMatch(/^temp-[A-Za-z0-9_-]{1,64}$/);
    expect(id).not.toBe("temp-failed");
  });
});
