import { describe, expect, it } from "vitest";
import {
  CONNECT_TIMEOUT_MS,
  PING_EVERY_MS,
  RECONNECT_CAP_MS,
  reconnectDelay,
  STABLE_CONNECTION_MS,
  startSocketTransport,
} from "~/lib/socket-transport";
import { type ServerFrame, ServerFrameSchema } from "~/shared/schemas/chat-protocol";
import { InboxFrameSchema } from "~/shared/schemas/inbox-protocol";
import { CLOSE_CODES } from "~/shared/socket-protocol";
import { type FakeSocket, fakeEnvironment } from "./support/fake-socket-environment";

const URL = "ws://kindred.test/api/chats/a_b/ws";

/** A transport over a fake world, recording what it reports. */
function start(world: ReturnType<typeof fakeEnvironment>, finalCloseCodes: number[] = []) {
  const frames: ServerFrame[] = [];
  const events: string[] = [];
  const finals: { code: number; reason: string }[] = [];
  const transport = startSocketTransport<ServerFrame, { type: "presence" }>({
    url: URL,
    schema: ServerFrameSchema,
    finalCloseCodes,
    onOpen: () => events.push("open"),
    onFrame: (frame) => frames.push(frame),
    onRetrying: () => events.push("retrying"),
    onFinalClose: (close) => finals.push(close),
    environment: world.environment,
  });
  return { transport, frames, events, finals };
}

/** The most attempts made within any 30-second window of the attempts' times. */
function mostAttemptsIn30s(times: number[]): number {
  return Math.max(...times.map((from) => times.filter((t) => t >= from && t <= from + 30_000).length));
}

describe("the reconnect delay", () => {
  it("is drawn from [w/2, w], w doubling from 1 s per failed attempt up to 30 s", () => {
    expect([0, 1, 2, 3, 4].map((n) => reconnectDelay(n, () => 0))).toEqual([500, 1000, 2000, 4000, 8000]);
    expect([0, 1, 2, 3, 4].map((n) => reconnectDelay(n, () => 1))).toEqual([1000, 2000, 4000, 8000, 16_000]);
    expect(reconnectDelay(5, () => 0)).toBe(15_000);
    expect(reconnectDelay(40, () => 0)).toBe(RECONNECT_CAP_MS / 2);
    expect(reconnectDelay(40, () => 0.999)).toBeLessThanOrEqual(RECONNECT_CAP_MS);
  });
});

describe("a server that closes every connection right after opening it", () => {
  for (const random of [0, 1]) {
    it(`gets at most 6 attempts in any 30 s with Math.random at ${random}`, () => {
      // The server accepts each upgrade and closes it at once, for ten minutes.
      const world = fakeEnvironment({
        random,
        onSocket: (socket) =>
          world.soon(() => {
            socket.open();
            socket.serverClose(1011, "going away");
          }),
      });
      start(world);
      world.advance(10 * 60_000);
      const attempts = world.sockets.map((socket) => socket.createdAt);
      expect(attempts.filter((t) => t <= 30_000).length).toBeLessThanOrEqual(6);
      expect(mostAttemptsIn30s(attempts)).toBeLessThanOrEqual(6);
      // And it does keep trying: about every 15-30 s once the backoff is at its cap.
      expect(attempts.length).toBeGreaterThanOrEqual(20);
    });
  }

  it("is still backed off when the upgrade itself fails (no open at all)", () => {
    const world = fakeEnvironment({ random: 0, onSocket: (socket) => world.soon(() => socket.serverClose(1006)) });
    start(world);
    world.advance(10 * 60_000);
    expect(mostAttemptsIn30s(world.sockets.map((socket) => socket.createdAt))).toBeLessThanOrEqual(6);
  });
});

describe("the backoff", () => {
  /** Three connections closed at once, then a fourth that stays up `upFor` ms before the server closes it. */
  function delayAfterConnectionUpFor(upFor: number): number {
    const world = fakeEnvironment({ random: 1 });
    const { events } = start(world);
    for (let i = 0; i < 3; i++) {
      world.latest().open();
      world.latest().serverClose();
      world.untilNextAttempt();
    }
    expect(world.sockets).toHaveLength(4);
    world.latest().open();
    world.advance(upFor);
    world.latest().serverClose();
    const delay = world.untilNextAttempt();
    expect(events.filter((e) => e === "open")).toHaveLength(4);
    return delay;
  }

  it("is not reset by a connection that opens and closes within 5 s", () => {
    // The fourth attempt follows three failures: its window is 8 s (random 1: the whole window).
    expect(delayAfterConnectionUpFor(STABLE_CONNECTION_MS - 1)).toBe(8000);
  });

  it("starts again from 1 s after a connection stayed up for 5 s", () => {
    expect(delayAfterConnectionUpFor(STABLE_CONNECTION_MS)).toBe(1000);
  });

  it("starts again at once when the network comes back", () => {
    const world = fakeEnvironment({ random: 1 });
    const { transport } = start(world);
    for (let i = 0; i < 4; i++) {
      world.latest().serverClose();
      world.untilNextAttempt();
    }
    // The fifth attempt fails; the next would wait 16 s.
    world.latest().serverClose();
    world.advance(1000);
    expect(world.sockets).toHaveLength(5);
    transport.reconnectNow();
    expect(world.sockets).toHaveLength(6);
    // Connected or connecting, it does nothing.
    transport.reconnectNow();
    world.latest().open();
    transport.reconnectNow();
    expect(world.sockets).toHaveLength(6);
    // And the backoff is fresh: the next failure waits 1 s.
    world.latest().serverClose();
    expect(world.untilNextAttempt()).toBe(1000);
  });
});

describe("a socket that does not open", () => {
  it(`is closed after ${CONNECT_TIMEOUT_MS / 1000} s and tried again, and its late events are ignored`, () => {
    const world = fakeEnvironment({ random: 0 });
    const { events } = start(world);
    const hung = world.latest();
    world.advance(CONNECT_TIMEOUT_MS - 1);
    expect(hung.closedByClient).toBeNull();
    world.advance(1);
    expect(hung.closedByClient).not.toBeNull();
    expect(events).toEqual(["retrying"]);
    world.advance(500);
    expect(world.sockets).toHaveLength(2);

    // The given-up socket opening or closing late changes nothing.
    hung.open();
    hung.serverClose();
    expect(events).toEqual(["retrying"]);
    world.latest().open();
    expect(events).toEqual(["retrying", "open"]);
  });

  it("is not closed once it has opened", () => {
    const world = fakeEnvironment();
    start(world);
    world.advance(CONNECT_TIMEOUT_MS - 1);
    world.latest().open();
    world.advance(10 * CONNECT_TIMEOUT_MS);
    expect(world.latest().closedByClient).toBeNull();
    expect(world.sockets).toHaveLength(1);
  });
});

describe("close codes that mean stop", () => {
  it("a session's end is final, with its reason, for every socket", () => {
    const world = fakeEnvironment();
    const { transport, finals, events } = start(world);
    world.latest().open();
    world.latest().serverClose(CLOSE_CODES.sessionEnded, "signed-out");
    world.advance(60 * 60_000);
    // Not even the network coming back reopens it.
    expect(transport.reconnectNow()).toBe(false);
    expect(finals).toEqual([{ code: CLOSE_CODES.sessionEnded, reason: "signed-out" }]);
    expect(events).toEqual(["open"]);
    expect(world.sockets).toHaveLength(1);
  });

  it("a close code a socket names as final ends it there, and is retried where it is not named", () => {
    const CLOSED_FOR_GOOD = CLOSE_CODES.withdrawn;
    const chat = fakeEnvironment();
    const chatSocket = start(chat, [CLOSED_FOR_GOOD]);
    chat.latest().serverClose(CLOSED_FOR_GOOD, "blocked");
    chat.advance(60 * 60_000);
    expect(chatSocket.finals).toEqual([{ code: CLOSED_FOR_GOOD, reason: "blocked" }]);
    expect(chat.sockets).toHaveLength(1);

    const other = fakeEnvironment();
    const otherSocket = start(other);
    other.latest().serverClose(CLOSED_FOR_GOOD, "blocked");
    other.untilNextAttempt();
    expect(otherSocket.finals).toEqual([]);
    expect(other.sockets).toHaveLength(2);
  });

  it("stop closes the socket as leaving and retries nothing", () => {
    const world = fakeEnvironment();
    const { transport, events } = start(world);
    world.latest().open();
    transport.stop();
    expect(world.latest().closedByClient).toEqual({ code: 1000, reason: "leaving" });
    world.latest().serverClose(1000);
    world.advance(60 * 60_000);
    expect(world.sockets).toHaveLength(1);
    expect(events).toEqual(["open"]);
  });
});

describe("frames from the server", () => {
  const message = {
    seq: 7,
    clientId: "temp-1",
    senderId: "b",
    senderName: "Grace",
    text: "hello",
    imageUrl: null,
    timestamp: 1,
  };

  it("are validated: malformed ones are logged and ignored, never thrown, and the socket goes on", () => {
    const world = fakeEnvironment();
    const { frames, events } = start(world);
    const socket: FakeSocket = world.latest();
    socket.open();
    for (const bad of [
      "not json",
      '{"type":"message"}',
      JSON.stringify({ type: "message", message: { ...message, seq: "7" } }),
      JSON.stringify({ type: "no-such-frame" }),
      "null",
      new ArrayBuffer(4),
    ]) {
      expect(() => socket.receive(bad)).not.toThrow();
    }
    socket.receive(JSON.stringify({ type: "message", message }));
    expect(frames).toEqual([{ type: "message", message }]);
    expect(world.warnings).toHaveLength(6);
    // Where a frame went wrong is logged, never what it said (it may be someone's message).
    expect(JSON.stringify(world.warnings)).not.toContain("hello");
    expect(world.warnings[1]?.details).toMatchObject({ type: "message", paths: ["message"] });
    expect(events).toEqual(["open"]);
  });

  it("'pong' answers a ping and is neither a frame nor a warning", () => {
    const world = fakeEnvironment();
    const { frames } = start(world);
    world.latest().open();
    world.latest().receive("pong");
    expect(frames).toEqual([]);
    expect(world.warnings).toEqual([]);
  });

  it("the inbox's frames are checked against the inbox schema", () => {
    const world = fakeEnvironment();
    const frames: unknown[] = [];
    startSocketTransport({
      url: "ws://kindred.test/api/inbox/ws",
      schema: InboxFrameSchema,
      onFrame: (frame) => frames.push(frame),
      environment: world.environment,
    });
    world.latest().open();
    world.latest().receive(JSON.stringify({ type: "inbox", unread: 1 }));
    world.latest().receive(JSON.stringify({ type: "inbox", unread: 1, chats: [] }));
    expect(frames).toEqual([{ type: "inbox", unread: 1, chats: [] }]);
    expect(world.warnings).toHaveLength(1);
  });
});

describe("while connected", () => {
  it(`pings every ${PING_EVERY_MS / 1000} s and sends frames as JSON only while open`, () => {
    const world = fakeEnvironment();
    const { transport } = start(world);
    expect(transport.send({ type: "presence" })).toBe(false);
    world.latest().open();
    expect(transport.send({ type: "presence" })).toBe(true);
    world.advance(3 * PING_EVERY_MS);
    expect(world.latest().sent).toEqual(['{"type":"presence"}', "ping", "ping", "ping"]);
    world.latest().serverClose();
    expect(transport.send({ type: "presence" })).toBe(false);
    // A closed socket's pings stop with it.
    world.advance(PING_EVERY_MS);
    expect(world.sockets[0]?.sent).toHaveLength(4);
  });
});
