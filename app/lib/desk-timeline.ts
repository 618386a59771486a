import type { DeskEvent } from "~/shared/desk";

export type TimelineRow<Message> = { message: Message; event?: never } | { event: DeskEvent; message?: never };

/**
 * An event goes before messages of the same millisecond: the runtime's clock stands still within a
 * request, so a first reply carries the join's time. Events older than `shownFrom` are left out.
 */
export function withDeskEvents<Message extends { timestamp: number }>(
  messages: readonly Message[],
  events: readonly DeskEvent[],
  shownFrom: number | null,
): TimelineRow<Message>[] {
  const pending = events.filter((event) => shownFrom === null || event.at >= shownFrom);
  const rows: TimelineRow<Message>[] = [];
  let next = 0;
  for (const message of messages) {
    while (next < pending.length && (pending[next]?.at ?? 0) <= message.timestamp) {
      rows.push({ event: pending[next] as DeskEvent });
      next += 1;
    }
    rows.push({ message });
  }
  for (; next < pending.length; next += 1) rows.push({ event: pending[next] as DeskEvent });
  return rows;
}
