import { runDurableObjectAlarm } from "cloudflare:test";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { DESK_PROBE_MS, DESK_TEXTS } from "~/shared/desk";
import type { ServerFrame } from "~/shared/schemas/chat-protocol";
import { insertListener } from "./support/accounts";
import {
  availableAtDesk,
  clearDesk,
  desk,
  deskHolds,
  openDeskSocket,
  roomDeskStatus,
  say,
  seedSupport,
  visitorInSupportChat,
} from "./support/desk";
import { until } from "./support/until";

beforeAll(seedSupport);
beforeEach(clearDesk);
afterEach(() => {
  vi.useRealTimers();
});

type DeskPage = Awaited<ReturnType<typeof openDeskSocket>>;

/** Answers a probe on `page`'s socket, then proves the desk processed it (a bad frame's error comes after). */
async function answerOn(page: DeskPage, nonce: string) {
  const errors = page.errors.length;
  page.ws?.send(JSON.stringify({ type: "probe-answer", nonce }));
  page.ws?.send("not a frame");
  await until(() => page.errors.length > errors);
  expect(page.errors.at(-1)).toBe(DESK_TEXTS.socketOnly);
}

/** The desk's clock moved to `time` and its alarm run, as the runtime would; the test stays at that time. */
async function deskClockAt(time: number) {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(time);
  await runDurableObjectAlarm(desk());
}

const placesTold = (frames: ServerFrame[]) =>
  frames.flatMap((frame) => (frame.type === "desk" ? [`${frame.state}:${frame.position ?? "-"}`] : []));

describe("the desk asks a listener's pages before giving them a conversation", () => {
  it("gives it once a page answers, and only to the answer of the socket that was asked", async () => {
    const listener = await insertListener();
    const first = await openDeskSocket(listener.cookie, { answersProbes: false });
    const second = await openDeskSocket(listener.cookie, { answersProbes: false });
    await desk().setAvailability(listener.actor, true);
    const visitor = await visitorInSupportChat();
    await say(visitor.socket, "hello?");

    // Asked: each page has its own nonce, and the conversation waits in line meanwhile.
    await until(() => first.probes.length === 1 && second.probes.length === 1);
    expect(first.probes[0]).not.toBe(second.probes[0]);
    await deskHolds(visitor.pairId, null);

    // One page echoing the other's nonce, or a made-up one, proves nothing.
    await answerOn(second, first.probes[0] as string);
    await answerOn(first, "made-up");
    expect((await roomDeskStatus(visitor.pairId))?.state).toBe("queued");

    await answerOn(second, second.probes[0] as string);
    await deskHolds(visitor.pairId, listener.user.id);
    await visitor.socket.waitFor((frame) => frame.type === "desk" && frame.state === "assigned");
  });

  it("skips a listener whose pages do not answer, at once and until a page of theirs speaks, the visitor's place unchanged", async () => {
    const answering = await insertListener();
    const answeringPage = await availableAtDesk(answering);
    const first = await visitorInSupportChat();
    await say(first.socket, "hi");
    await deskHolds(first.pairId, answering.user.id);

    // The laptop shut: the socket is still open, nothing answers on it.
    const shut = await insertListener();
    const shutPage = await availableAtDesk(shut, { answersProbes: false });
    const visitor = await visitorInSupportChat();
    await say(visitor.socket, "is anyone there?");
    // Offered to the one with the least load, who is asked; the visitor stays first in line.
    await until(() => shutPage.probes.length === 1);
    await deskHolds(visitor.pairId, null);
    await visitor.socket.waitFor((frame) => frame.type === "desk" && frame.state === "queued" && frame.position === 1);
    const askedBefore = answeringPage.probes.length;

    // No answer within the probe's time: the next listener is asked, and has it.
    await deskClockAt(Date.now() + DESK_PROBE_MS + 1);
    await deskHolds(visitor.pairId, answering.user.id);
    expect(answeringPage.probes.length).toBe(askedBefore + 1);
    // The visitor read only their place, then that a listener is coming: never given to the shut page.
    await visitor.socket.waitFor((frame) => frame.type === "desk" && frame.state === "assigned");
    const told = placesTold(visitor.socket.frames);
    expect(new Set(told.filter((said) => said.startsWith("queued")))).toEqual(new Set(["queued:1"]));
    expect(told.filter((said) => said.startsWith("assigned"))).toEqual(["assigned:-"]);
    const shutOnDesk = (await desk().snapshot(answering.user.id, false)).listeners.find((l) => l.id === shut.user.id);
    expect(shutOnDesk?.available).toBe(false);

    // Not asked again while silent: the next visitor goes to the listener who answers.
    const next = await visitorInSupportChat();
    await say(next.socket, "hello");
    await deskHolds(next.pairId, answering.user.id);
    expect(shutPage.probes.length).toBe(1);

    // A page of theirs speaks (its ping) and they are offered conversations again.
    shutPage.ws?.send("ping");
    const later = await visitorInSupportChat();
    await say(later.socket, "hello again");
    await until(async () => {
      await desk().listenersAvailable();
      return shutPage.probes.length === 2;
    });
    await answerOn(shutPage, shutPage.probes[1] as string);
    await deskHolds(later.pairId, shut.user.id);
  });

  it("takes an answer past the deadline as the page speaking: nothing given by it, but offered again and asked anew", async () => {
    const listener = await insertListener();
    const page = await availableAtDesk(listener, { answersProbes: false });
    const visitor = await visitorInSupportChat();
    await say(visitor.socket, "hello?");
    await until(() => page.probes.length === 1);
    await deskClockAt(Date.now() + DESK_PROBE_MS + 1);
    await until(async () => !(await desk().listenersAvailable()));

    // A busy desk heard the answer after its deadline: the page is there after all, and is asked again.
    page.ws?.send(JSON.stringify({ type: "probe-answer", nonce: page.probes[0] }));
    await until(() => page.probes.length === 2);
    await deskHolds(visitor.pairId, null);
    await answerOn(page, page.probes[1] as string);
    await deskHolds(visitor.pairId, listener.user.id);
  });
});
