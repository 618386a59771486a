import { WAIT_ESTIMATE_MIN_SAMPLES } from "~/shared/desk-operations";

/**
 * About how many minutes a visitor at `position` in line will wait, from the desk's recent pace:
 * each gap between two recent assignments, times the listeners taking conversations then, is the
 * listener-time one conversation took to free a place; the wait is that for each place ahead,
 * shared among the listeners there now. Null with nobody there or too few assignments to say
 * anything (an estimate is never made up). At least 1 minute: 'about 0 minutes' would be a promise.
 */
export function waitEstimateMinutes(
  position: number,
  present: number,
  recent: readonly { at: number; present: number }[],
): number | null {
  if (present < 1 || position < 1 || recent.length < WAIT_ESTIMATE_MIN_SAMPLES) return null;
  let listenerMs = 0;
  for (let index = 1; index < recent.length; index += 1) {
    const gap = (recent[index]?.at ?? 0) - (recent[index - 1]?.at ?? 0);
    listenerMs += Math.max(0, gap) * (recent[index]?.present ?? 1);
  }
  const perPlaceMs = listenerMs / (recent.length - 1);
  return Math.max(1, Math.round((position * perPlaceMs) / present / 60_000));
}
