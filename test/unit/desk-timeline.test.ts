import { describe, expect, it } from "vitest";
import { withDeskEvents } from "~/lib/desk-timeline";
import type { DeskEvent } from "~/shared/desk";

const joined = (at: number): DeskEvent => ({ kind: "joined", at, alias: null });
const ended = (at: number): DeskEvent => ({ kind: "ended", at, alias: null });
const message = (timestamp: number, text: string) => ({ timestamp, text });
const shown = (rows: ReturnType<typeof withDeskEvents<{ timestamp: number; text: string }>>) =>
  rows.map((row) => (row.message ? row.message.text : row.event?.kind));

describe("the desk's events among the messages", () => {
  it("go where they happened", () => {
    const rows = withDeskEvents(
      [message(1, "hello"), message(5, "I'm listening."), message(9, "thank you")],
      [joined(3), ended(10)],
      null,
    );
    expect(shown(rows)).toEqual(["hello", "joined", "I'm listening.", "thank you", "ended"]);
  });

  it("put a join before a reply written in the same millisecond", () => {
    const rows = withDeskEvents([message(1, "hello"), message(7, "I'm listening.")], [joined(7)], null);
    expect(shown(rows)).toEqual(["hello", "joined", "I'm listening."]);
  });

  it("leave out events older than the first message shown", () => {
    const rows = withDeskEvents([message(20, "later")], [joined(3), ended(10), joined(25)], 20);
    expect(shown(rows)).toEqual(["later", "joined"]);
  });
});
