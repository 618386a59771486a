import { describe, expect, it } from "vitest";
import { formatMessageTime } from "~/lib/time-format";

const NOW = new Date(2026, 10, 21, 15, 30).getTime();

describe("message times (spec section 9)", () => {
  it("show hour and minute for today", () => {
    expect(formatMessageTime(new Date(2026, 10, 21, 9, 5).getTime(), NOW, "en-US")).toBe("9:05 AM");
  });
  it("show the short month and day earlier this year", () => {
    expect(formatMessageTime(new Date(2026, 2, 4, 9, 5).getTime(), NOW, "en-US")).toBe("Mar 4");
  });
  it("show the full date for earlier years", () => {
    expect(formatMessageTime(new Date(2025, 11, 31, 23, 0).getTime(), NOW, "en-US")).toBe("December 31, 2025");
  });
});
