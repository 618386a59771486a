import { WAIT_ESTIMATE_MIN_SAMPLES } from "~/shared/desk-operations";

/**
 * Each recent gap between assignments, times the listeners there then, is the listener-time one place took; the wait
 * shares that per place ahead among the listeners there now. Null when too little is known: an estimate is never made
 * up. At least 1 minute: 'about 0 minutes' would be a promise.
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
