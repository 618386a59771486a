import { describe, expect, it } from "vitest";
import { niceAxisMax, niceCountAxisMax, niceDurationAxisMax } from "~/lib/chart-axis";
import {
  formatCount,
  formatDuration,
  formatHour,
  formatHourSpan,
  formatMomentUtc,
  formatShare,
  NO_FIGURE,
  shareOf,
} from "~/lib/figure-format";
import { DEFAULT_FIGURE_PERIOD, FIGURE_PERIOD_PARAM, figurePeriodFrom } from "~/lib/figure-period";
import { FIGURE_PERIODS } from "~/shared/desk-operations";

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
  });

  it("write moments in UTC and say so, whatever the zone of the machine", () => {
    expect(formatMomentUtc(Date.UTC(2026, 4, 14, 9, 5))).toBe("May 14, 2026, 09:05 UTC");
    expect(formatMomentUtc(Date.UTC(2026, 0, 1, 0, 0))).toBe("Jan 1, 2026, 00:00 UTC");
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
