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
  it("decide today, and say the time, in the zone they are given", () => {
    // 23:30 UTC on 21 November is already 22 November in Kiritimati (UTC+14).
    const late = Date.UTC(2026, 10, 21, 23, 30);
    const now = Date.UTC(2026, 10, 21, 23, 45);
    expect(formatMessageTime(late, now, "en-US", "UTC")).toBe("11:30 PM");
    expect(formatMessageTime(late, now, "en-US", "Pacific/Kiritimati")).toBe("1:30 PM");
    expect(formatMessageTime(Date.UTC(2026, 10, 21, 8, 0), now, "en-US", "Pacific/Kiritimati")).toBe("Nov 21");
  });
  it("name the zone of a time of day when asked (the server's UTC, read without scripts)", () => {
    const now = Date.UTC(2026, 10, 21, 23, 45);
    expect(formatMessageTime(Date.UTC(2026, 10, 21, 16, 45), now, "en-US", "UTC", { zoneName: true })).toBe(
      "4:45 PM UTC",
    );
    // A date needs no zone name.
    expect(formatMessageTime(Date.UTC(2026, 2, 4, 9, 5), now, "en-US", "UTC", { zoneName: true })).toBe("Mar 4");
  });
});
