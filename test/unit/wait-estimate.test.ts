import { describe, expect, it } from "vitest";
import { nearestRank } from "~/shared/percentile";
import { waitEstimateMinutes } from "../../worker/desk/wait-estimate";

const MINUTE = 60_000;
/** Assignments `gapMinutes` apart, with `present` listeners each time. */
const paced = (count: number, gapMinutes: number, present = 1) =>
  Array.from({ length: count }, (_, n) => ({ at: n * gapMinutes * MINUTE, present }));

describe("the wait a visitor in line is told", () => {
  it("is the listener-time one place took, for each place ahead, shared by the listeners there now", () => {
    expect(waitEstimateMinutes(1, 1, paced(3, 4))).toBe(4);
    expect(waitEstimateMinutes(3, 1, paced(3, 4))).toBe(12);
    // Two listeners then freed a place every 4 minutes: 8 listener-minutes a place; one there now.
    expect(waitEstimateMinutes(1, 1, paced(5, 4, 2))).toBe(8);
    // Four there now share it.
    expect(waitEstimateMinutes(2, 4, paced(5, 4, 2))).toBe(4);
  });

  it("says at least a minute, never 'about 0'", () => {
    expect(waitEstimateMinutes(1, 3, paced(4, 0.1))).toBe(1);
  });

  it("says nothing with too few assignments to go on, or nobody there", () => {
    expect(waitEstimateMinutes(1, 1, paced(2, 4))).toBeNull();
    expect(waitEstimateMinutes(1, 0, paced(10, 4))).toBeNull();
  });
});

describe("the nearest-rank percentile", () => {
  it("is always one of the values", () => {
    expect(nearestRank([], 0.5)).toBeNull();
    expect(nearestRank([7], 0.9)).toBe(7);
    expect(nearestRank([600, 60, 120], 0.5)).toBe(120);
    expect(nearestRank([600, 60, 120], 0.9)).toBe(600);
    expect(nearestRank([1, 2, 3, 4], 0.5)).toBe(2);
    expect(
      nearestRank(
        Array.from({ length: 10 }, (_, n) => n + 1),
        0.9,
      ),
    ).toBe(9);
  });
});
