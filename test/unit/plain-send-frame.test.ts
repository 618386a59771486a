import { describe, expect, it } from "vitest";
import { ClientFrameSchema, MAX_MESSAGE_TEXT, plainSendFrame } from "~/shared/schemas/chat-protocol";

const send = { type: "send", clientId: "temp-abc_1-2" };
/** Frames the fast path should take, and frames it must leave to the schema (valid or not). */
const plain = [
  { ...send, text: "hello" },
  { ...send, text: "x".repeat(MAX_MESSAGE_TEXT) },
  { ...send, text: "", imageUrl: "/images/chats/a_b/p.webp" },
  { ...send, text: "caption", imageUrl: null },
  { ...send, text: "ملاحظة", imageUrl: "/images/chats/a_b/p.webp" },
];
const others: unknown[] = [
  null,
  "send",
  [],
  { ...send },
  { ...send, text: "" },
  { ...send, text: "   \n" },
  { ...send, text: "   ", imageUrl: null },
  { ...send, text: "   ", imageUrl: "" },
  { ...send, text: "x".repeat(MAX_MESSAGE_TEXT + 1) },
  { ...send, text: 5 },
  { ...send, text: "hi", imageUrl: 7 },
  { ...send, text: "hi", imageUrl: "x".repeat(301) },
  { ...send, text: "hi", extra: true },
  { type: "send", clientId: "abc", text: "hi" },
  { type: "send", clientId: `temp-${"a".repeat(65)}`, text: "hi" },
  { type: "send", clientId: "temp-a b", text: "hi" },
  { type: "send", text: "hi" },
  { type: "read", upToSeq: 3 },
  { type: "typing", typing: true },
];

describe("the send frame's fast path", () => {
  it("takes the plain send frames, as the schema parses them", () => {
    for (const frame of plain) {
      const parsed = ClientFrameSchema.safeParse(frame);
      expect(parsed.success).toBe(true);
      expect(plainSendFrame(frame)).toEqual(parsed.data);
    }
  });

  it("leaves everything else to the schema, and never takes a frame the schema refuses", () => {
    for (const frame of others) expect(plainSendFrame(frame)).toBeNull();
    // The schema still accepts some of them (it drops unknown keys): only the fast path declines.
    expect(ClientFrameSchema.safeParse({ ...send, text: "hi", extra: true }).success).toBe(true);
    for (const frame of [...plain, ...others]) {
      if (plainSendFrame(frame) !== null) expect(ClientFrameSchema.safeParse(frame).success).toBe(true);
    }
  });
});
