/** Alarms are never set closer than this, so a boundary case cannot make them fire in a loop. */
const MIN_ALARM_DELAY_MS = 250;

/**
 * The inbox's one alarm, set for the earliest of its duties' due times (a socket's ping deadline,
 * the idle deadline, an email) or deleted when none is due. Written only when that time changes.
 */
export async function scheduleAlarm(storage: DurableObjectStorage, due: number[], now: number): Promise<void> {
  const next = due.length === 0 ? null : Math.max(Math.min(...due), now + MIN_ALARM_DELAY_MS);
  const current = await storage.getAlarm();
  if (current === next) return;
  if (next === null) await storage.deleteAlarm();
  else await storage.setAlarm(next);
}
