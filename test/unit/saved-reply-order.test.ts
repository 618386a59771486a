import { describe, expect, it } from "vitest";
import { repliesForConversation, SAVED_REPLY_TEXTS, savedReplyLanguageName } from "~/shared/desk-operations";

const replies = [
  { id: 1, language: "en" as const },
  { id: 2, language: "es" as const },
  { id: 3, language: "en" as const },
  { id: 4, language: "es" as const },
];

describe("a conversation's saved replies", () => {
  it("come in the conversation's language first, each group in the admin's order", () => {
    expect(repliesForConversation(replies, "es").map((reply) => reply.id)).toEqual([2, 4, 1, 3]);
    expect(repliesForConversation(replies, "en").map((reply) => reply.id)).toEqual([1, 3, 2, 4]);
  });

  it("take a conversation whose language is not known to be in the default language", () => {
    expect(repliesForConversation(replies, null).map((reply) => reply.id)).toEqual([1, 3, 2, 4]);
  });

  it("name another language in the desk's words", () => {
    expect(savedReplyLanguageName("es")).toBe("Spanish");
    expect(SAVED_REPLY_TEXTS.insert("Bienvenida", savedReplyLanguageName("es"))).toBe("Insert “Bienvenida” (Spanish)");
    expect(SAVED_REPLY_TEXTS.insert("Welcome")).toBe("Insert “Welcome”");
  });
});
