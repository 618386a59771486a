import { describe, expect, it } from "vitest";
import { niceAxisMax, niceCountAxisMax, niceDurationAxisMax } from "~/lib/chart-axis";
import {
  formatCount,
  formatDuration,
  formatHour,
  formatHourSpan,
  formatMoment,
  formatShare,
  NO_FIGURE,
  shareOf,
} from "~/lib/figure-format";
import {
  DEFAULT_FIGURE_PERIOD,
  FIGURE_PERIOD_PARAM,
  FIGURE_TIME_ZONE_PARAM,
  figurePeriodFrom,
  figureTimeZoneFrom,
} from "~/lib/figure-period";
import { FIGURE_PERIODS } from "~/shared/desk-operations";
import { hourIn, knownTimeZone, startOfDayIn, timeZoneNames, UTC, zoneOffsetMs } from "~/shared/time-zones";

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe("durations on the desk's figures", () => {
  it("read in seconds under a minute, and say so when a reply came within the second", () => {
    expect(formatDuration(45 * SECOND)).toBe("45 s");
    expect(formatDuration(1 * SECOND)).toBe("1 s");
    expect(formatDuration(400)).toBe("under 1 s");
    expect(formatDuration(0)).toBe("under 1 s");
  });

  it("read in minutes and seconds under an hour, leaving out a zero", () => {
    expect(formatDuration(4 * MINUTE + 30 * SECOND)).toBe("4 min 30 s");
    expect(formatDuration(5 * MINUTE)).toBe("5 min");
    expect(formatDuration(59 * MINUTE + 59 * SECOND)).toBe("59 min 59 s");
  });

  it("read in hours and minutes, then days and hours, two units at most", () => {
    expect(formatDuration(HOUR + 5 * MINUTE + 20 * SECOND)).toBe("1 h 5 min");
    expect(formatDuration(2 * HOUR)).toBe("2 h");
    expect(formatDuration(DAY + 3 * HOUR + 10 * MINUTE)).toBe("1 d 3 h");
    expect(formatDuration(3 * DAY)).toBe("3 d");
  });

  it("round in the unit they are read in, never showing 60 of a unit", () => {
    expect(formatDuration(59.6 * SECOND)).toBe("1 min");
    expect(formatDuration(59 * MINUTE + 59.7 * SECOND)).toBe("1 h");
    expect(formatDuration(23 * HOUR + 59.6 * MINUTE)).toBe("1 d");
    expect(formatDuration(HOUR + 59.5 * MINUTE)).toBe("2 h");
  });

  it("show a dash for a figure that does not exist, and no negative time", () => {
    expect(formatDuration(null)).toBe(NO_FIGURE);
    expect(formatDuration(Number.NaN)).toBe(NO_FIGURE);
    expect(formatDuration(-5 * SECOND)).toBe("under 1 s");
  });
});

describe("shares on the desk's figures", () => {
  it("are whole percentages", () => {
    expect(formatShare(0.5)).toBe("50%");
    expect(formatShare(2 / 3)).toBe("67%");
    expect(formatShare(1)).toBe("100%");
    expect(formatShare(0)).toBe("0%");
  });

  it("never round to all or none when that is not so", () => {
    expect(formatShare(1 / 300)).toBe("under 1%");
    expect(formatShare(299 / 300)).toBe("over 99%");
  });

  it("show a dash when there is nothing to take a share of", () => {
    expect(formatShare(null)).toBe(NO_FIGURE);
    expect(shareOf(3, 0)).toBeNull();
    expect(shareOf(1, 4)).toBe(0.25);
  });
});

describe("counts, hours and moments on the desk's figures", () => {
  it("separate thousands", () => {
    expect(formatCount(0)).toBe("0");
    expect(formatCount(12345)).toBe("12,345");
  });

  it("write hours of the day on a 24-hour clock, the last one ending at midnight", () => {
    expect(formatHour(9)).toBe("09:00");
    expect(formatHourSpan(0)).toBe("00:00–01:00");
    expect(formatHourSpan(23)).toBe("23:00–00:00");
    // In a zone half an hour off UTC's hours, which the figures are kept in.
    expect(formatHour(9, 30)).toBe("09:30");
    expect(formatHourSpan(23, 30)).toBe("23:30–00:30");
  });

  it("write moments in the figures' zone and name it, whatever the zone of the machine", () => {
    expect(formatMoment(Date.UTC(2026, 4, 14, 9, 5), UTC)).toBe("May 14, 2026, 09:05 UTC");
    expect(formatMoment(Date.UTC(2026, 0, 1, 0, 0), UTC)).toBe("Jan 1, 2026, 00:00 UTC");
    expect(formatMoment(Date.UTC(2026, 4, 14, 9, 5), "Europe/Paris")).toBe("May 14, 2026, 11:05 Europe/Paris");
    expect(formatMoment(Date.UTC(2026, 0, 1, 2, 0), "America/New_York")).toBe("Dec 31, 2025, 21:00 America/New_York");
  });
});

describe("the time zone the desk's figures are read in", () => {
  const from = (query: string, remembered: string | null = null) =>
    figureTimeZoneFrom(new URLSearchParams(query), remembered);

  it("is UTC unless chosen, and the choice is remembered under its canonical name", () => {
    expect(from("")).toEqual({ timeZone: UTC, known: true, remember: null });
    expect(from(`${FIGURE_TIME_ZONE_PARAM}=europe%2Fparis`)).toEqual({
      timeZone: "Europe/Paris",
      known: true,
      remember: "Europe/Paris",
    });
    // Already remembered: nothing to write again.
    expect(from(`${FIGURE_TIME_ZONE_PARAM}=Asia%2FTokyo`, "Asia/Tokyo")).toMatchObject({ remember: null });
  });

  it("is the remembered one when the address names none, and UTC when that is not a zone", () => {
    expect(from("", "America/Chicago")).toEqual({ timeZone: "America/Chicago", known: true, remember: null });
    expect(from("", "Moon/Base")).toEqual({ timeZone: UTC, known: true, remember: null });
  });

  it("is UTC, marked unknown and not remembered, when the address names something that is not a zone", () => {
    for (const bad of ["Mars/Olympus", "x".repeat(500), "../../etc", "+05:00"]) {
      expect(from(`${FIGURE_TIME_ZONE_PARAM}=${encodeURIComponent(bad)}`, "Europe/Paris")).toEqual({
        timeZone: UTC,
        known: false,
        remember: null,
      });
    }
  });

  it("offers every zone the runtime knows, UTC first, each once and each known", () => {
    const names = timeZoneNames();
    expect(names[0]).toBe(UTC);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toContain("America/Los_Angeles");
    expect(names.every((name) => knownTimeZone(name) === name)).toBe(true);
    expect(knownTimeZone("Etc/UTC")).toBe(UTC);
    expect(knownTimeZone(42)).toBeNull();
  });
});

describe("days and hours in a time zone", () => {
  const HOUR_MS = 60 * MINUTE;

  it("start at midnight there, east and west of Greenwich, on half and quarter hours too", () => {
    const at = Date.UTC(2026, 10, 20, 3, 30);
    expect(startOfDayIn(at, UTC)).toBe(Date.UTC(2026, 10, 20));
    // 04:30 in Paris (UTC+1): its day began at 23:00 UTC the day before.
    expect(startOfDayIn(at, "Europe/Paris")).toBe(Date.UTC(2026, 10, 19, 23));
    // 22:30 the day before in New York (UTC-5).
    expect(startOfDayIn(at, "America/New_York")).toBe(Date.UTC(2026, 10, 19, 5));
    expect(startOfDayIn(at, "Asia/Kolkata")).toBe(Date.UTC(2026, 10, 19, 18, 30));
    expect(startOfDayIn(at, "Pacific/Chatham")).toBe(Date.UTC(2026, 10, 19, 10, 15));
    expect(hourIn(at, "Asia/Kolkata")).toBe(9);
    expect(hourIn(at, "America/New_York")).toBe(22);
  });

  it("follow the clocks when they change: a 23-hour day, a 25-hour day, a midnight skipped or twice", () => {
    // Paris moves on at 02:00 on 2026-03-29 and back at 03:00 on 2026-10-25.
    expect(startOfDayIn(Date.UTC(2026, 2, 29, 20), "Europe/Paris")).toBe(Date.UTC(2026, 2, 28, 23));
    expect(startOfDayIn(Date.UTC(2026, 9, 25, 20), "Europe/Paris")).toBe(Date.UTC(2026, 9, 24, 22));
    expect(hourIn(Date.UTC(2026, 2, 29, 1), "Europe/Paris")).toBe(3);
    // Santiago skips midnight (00:00 is 01:00) on 2025-09-07: the day begins at 04:00 UTC.
    expect(startOfDayIn(Date.UTC(2025, 8, 7, 15), "America/Santiago")).toBe(Date.UTC(2025, 8, 7, 4));
    // Havana's clocks go back from 01:00 to 00:00 on 2025-11-02: the day began at the first midnight.
    expect(startOfDayIn(Date.UTC(2025, 10, 2, 12), "America/Havana")).toBe(Date.UTC(2025, 10, 2, 4));
    expect(zoneOffsetMs(Date.UTC(2025, 10, 2, 12), "America/Havana")).toBe(-5 * HOUR_MS);
  });
});

describe("the period an address asks for", () => {
  const from = (query: string) => figurePeriodFrom(new URLSearchParams(query));

  it("is each of the choices, by its value", () => {
    for (const period of FIGURE_PERIODS)
      expect(from(`${FIGURE_PERIOD_PARAM}=${period}`)).toEqual({ period, known: true });
  });

  it("is today when the address names none", () => {
    expect(from("")).toEqual({ period: DEFAULT_FIGURE_PERIOD, known: true });
    expect(from(`${FIGURE_PERIOD_PARAM}=`)).toEqual({ period: "today", known: true });
  });

  it("is today, marked unknown, when the address names one that is not a choice", () => {
    expect(from(`${FIGURE_PERIOD_PARAM}=year`)).toEqual({ period: "today", known: false });
    expect(from(`${FIGURE_PERIOD_PARAM}=7D`)).toEqual({ period: "today", known: false });
  });
});

describe("the axis of the desk's hourly chart", () => {
  it("tops counts with a round whole number", () => {
    expect(niceCountAxisMax([])).toBe(1);
    expect(niceCountAxisMax([0, 0])).toBe(1);
    expect(niceCountAxisMax([1, 3])).toBe(3);
    expect(niceCountAxisMax([7])).toBe(8);
    expect(niceCountAxisMax([11])).toBe(20);
    expect(niceCountAxisMax([23])).toBe(25);
  });

  it("tops durations with a round duration whose half is round too", () => {
    expect(niceDurationAxisMax([])).toBe(10 * SECOND);
    expect(niceDurationAxisMax([45 * SECOND])).toBe(MINUTE);
    expect(niceDurationAxisMax([4 * MINUTE + 30 * SECOND])).toBe(6 * MINUTE);
    expect(niceDurationAxisMax([HOUR + 5 * MINUTE])).toBe(2 * HOUR);
    expect(niceDurationAxisMax([25 * DAY])).toBe(26 * DAY);
  });
});

describe("the axis of the analytics charts", () => {
  it("tops fractions with a round fraction, written without the float's tail", () => {
    expect(niceAxisMax([0.05])).toBe(0.05);
    expect(niceAxisMax([0.01, 0.21])).toBe(0.25);
    expect(niceAxisMax([0.27])).toBe(0.3);
    expect(niceAxisMax([2600])).toBe(3000);
    expect(niceAxisMax([])).toBe(1);
  });

  it("tops counts with a whole number, never below one", () => {
    expect(niceAxisMax([0.4], { integer: true })).toBe(1);
    expect(niceAxisMax([2.2], { integer: true })).toBe(3);
    expect(niceAxisMax([7], { integer: true })).toBe(niceCountAxisMax([7]));
  });
});
