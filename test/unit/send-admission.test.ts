import { describe, expect, it } from "vitest";
import { DESK_TEXTS } from "~/shared/desk";
import { BLOCK_TEXTS } from "~/shared/safety";
import { admitSend } from "../../worker/chat/send-admission";

describe("whether a message may be sent at all", () => {
  it("lets a member send in an open conversation, and a listener in one the desk gave them", () => {
    expect(admitSend({ closed: false, desk: null }, "temp-1")).toBeNull();
    expect(admitSend({ closed: false, desk: { assigned: true } }, "temp-1")).toBeNull();
  });

  it("refuses everyone in a conversation a block closed, with its temp- id", () => {
    for (const desk of [null, { assigned: true }, { assigned: false }]) {
      expect(admitSend({ closed: true, desk }, "temp-2")).toEqual({
        type: "error",
        code: "blocked",
        message: BLOCK_TEXTS.cannotMessage,
        clientId: "temp-2",
      });
    }
  });

  it("refuses a listener the desk did not give the conversation, and says so without an id for a form", () => {
    expect(admitSend({ closed: false, desk: { assigned: false } })).toEqual({
      type: "error",
      code: "not_assigned",
      message: DESK_TEXTS.notAssigned,
    });
  });
});
