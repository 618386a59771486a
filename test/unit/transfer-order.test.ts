import { describe, expect, it } from "vitest";
import { type DeskListener, speakersFirst } from "~/shared/desk";

/** Whom a listener is offered for a transfer, and in what order. */

const listener = (id: string, codes: string[]): DeskListener => ({
  id,
  name: id,
  available: true,
  active: 0,
  languages: codes.map((code) => ({ code, name: code })),
});

const ids = (listeners: DeskListener[]) => listeners.map((one) => one.id);

describe("the transfer picker's order", () => {
  const desk = [
    listener("ana", ["en"]),
    listener("bea", ["en", "es"]),
    listener("cy", ["en"]),
    listener("dan", ["es"]),
  ];

  it("offers those who speak the visitor's language first, each group in the desk's order", () => {
    expect(ids(speakersFirst(desk, "es"))).toEqual(["bea", "dan", "ana", "cy"]);
    expect(ids(speakersFirst(desk, "en"))).toEqual(["ana", "bea", "cy", "dan"]);
  });

  it("keeps the desk's order where the visitor's language is not known or nobody speaks it", () => {
    expect(ids(speakersFirst(desk, null))).toEqual(["ana", "bea", "cy", "dan"]);
    expect(ids(speakersFirst(desk, "fr"))).toEqual(["ana", "bea", "cy", "dan"]);
  });
});
