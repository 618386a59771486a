import { describe, expect, it } from "vitest";
import { EVENTS_PER_MINUTE } from "../../worker/api/event-routes";
import wranglerToml from "../../wrangler.toml?raw";

/** The `simple` settings of a [[ratelimits]] binding in wrangler.toml, by its name. */
function rateLimitOf(name: string): { limit: number; period: number } | null {
  const block = wranglerToml.split("[[ratelimits]]").find((part) => part.includes(`name = "${name}"`));
  const simple = block?.match(/simple\s*=\s*\{\s*limit\s*=\s*(\d+)\s*,\s*period\s*=\s*(\d+)\s*\}/);
  return simple ? { limit: Number(simple[1]), period: Number(simple[2]) } : null;
}

describe("rate limiting bindings", () => {
  it("count the analytics events per minute that the code and its tests expect", () => {
    expect(rateLimitOf("EVENTS_RATE_LIMIT")).toEqual({ limit: EVENTS_PER_MINUTE, period: 60 });
  });
});
