/** So a boundary case cannot make alarms fire in a loop. */
const MIN_ALARM_DELAY_MS = 250;

export async function scheduleAlarm(storage: DurableObjectStorage, due: number[], now: number): Promise<void> {
  const next = due.length === 0 ? null : Math.max(Math.min(...due), now + MIN_ALARM_DELAY_MS);
  const current = await storage.getAlarm();
  if (current === next) return;
  if (next === null) await storage.deleteAlarm();
  else await storage.setAlarm(next);
}
