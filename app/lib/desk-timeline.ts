import type { DeskEvent } from "~/shared/desk";

/** One row of a support conversation's history: a message, or something the desk did. */
export type TimelineRow<Message> = { message: Message; event?: never } | { event: DeskEvent; message?: never };

/**
 * The messages with the desk's events where they happened: an event goes after every message
 * written before its time and before those written in the same millisecond (the runtime's clock
 * stands still while one request runs, so a listener's first reply carries the very time they
 * joined at, and the join must still come first).
 * Events older than `shownFrom` (the first message shown, when older ones are not) are left out,
 * so nothing appears out of its place at the top of a partial history.
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
