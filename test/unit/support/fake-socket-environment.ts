import type { TransportEnvironment, TransportSocket } from "~/lib/socket-transport";

type Listener = (event: never) => void;

/** A WebSocket the test plays the server of: it opens, speaks and closes when the test says. */
export class FakeSocket implements TransportSocket {
  readyState = 0;
  readonly sent: string[] = [];
  /** Set when the page closed it (the transport gave up on it, or stopped). */
  closedByClient: { code?: number; reason?: string } | null = null;
  private readonly listeners = new Map<string, Listener[]>();

  constructor(
    readonly url: string,
    readonly createdAt: number,
  ) {}

  addEventListener(type: string, listener: Listener): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  send(data: string): void {
    if (this.readyState !== 1) throw new Error("send on a socket that is not open");
    this.sent.push(data);
  }

  close(code?: number, reason?: string): void {
    this.closedByClient = { code, reason };
    this.readyState = 3;
  }

  /** The upgrade succeeded. */
  open(): void {
    this.readyState = 1;
    this.emit("open", {});
  }

  /** A frame from the server. */
  receive(data: unknown): void {
    this.emit("message", { data });
  }

  /** The server closed the connection. */
  serverClose(code = 1006, reason = ""): void {
    this.readyState = 3;
    this.emit("close", { code, reason });
  }

  /** The JSON frames the page sent (pings are not JSON). */
  sentFrames(): unknown[] {
    return this.sent.filter((data) => data !== "ping").map((data) => JSON.parse(data));
  }

  private emit(type: string, event: object): void {
    for (const listener of this.listeners.get(type) ?? []) (listener as (event: object) => void)(event);
  }
}

type Timer = { id: number; at: number; callback: () => void };

/**
 * Virtual time, sockets the test controls and a pinned Math.random: the transport's whole world.
 * `advance` runs every timer due in order, including timers those timers set.
 */
export function fakeEnvironment(options: { random?: number; onSocket?: (socket: FakeSocket) => void } = {}) {
  let now = 0;
  let nextId = 1;
  let timers: Timer[] = [];
  const sockets: FakeSocket[] = [];
  const warnings: { message: string; details: unknown }[] = [];

  const environment: TransportEnvironment = {
    createSocket(url) {
      const socket = new FakeSocket(url, now);
      sockets.push(socket);
      options.onSocket?.(socket);
      return socket;
    },
    setTimeout(callback, ms) {
      const timer = { id: nextId++, at: now + Math.max(0, ms), callback };
      timers.push(timer);
      return timer.id;
    },
    clearTimeout(id) {
      timers = timers.filter((timer) => timer.id !== id);
    },
    random: () => options.random ?? 0.5,
    warn: (message, details) => {
      warnings.push({ message, details });
    },
  };

  /** Runs the timers due by `until` in order; stops early, at that timer's time, once `done` holds. */
  function runTimers(until: number, done: () => boolean = () => false): void {
    // A transport that retries without waiting would spin here for ever; fail instead.
    for (let ran = 0; !done(); ran++) {
      if (ran > 100_000) throw new Error("over 100,000 timers without time reaching the end: a retry loop?");
      const due = timers.filter((timer) => timer.at <= until).sort((a, b) => a.at - b.at || a.id - b.id)[0];
      if (!due) {
        now = until;
        return;
      }
      timers = timers.filter((timer) => timer !== due);
      now = due.at;
      due.callback();
    }
  }

  function advance(ms: number): void {
    runTimers(now + ms);
  }

  /** Moves time on until the transport opens its next socket (an hour at most); answers the wait. */
  function untilNextAttempt(): number {
    const from = now;
    const count = sockets.length;
    runTimers(now + 60 * 60_000, () => sockets.length > count);
    if (sockets.length === count) throw new Error("no further attempt within an hour");
    return now - from;
  }

  return {
    environment,
    sockets,
    warnings,
    advance,
    untilNextAttempt,
    now: () => now,
    /** Runs `callback` at the current virtual time, after what is running now (a server's reply). */
    soon(callback: () => void) {
      environment.setTimeout(callback, 0);
    },
    latest(): FakeSocket {
      const socket = sockets.at(-1);
      if (!socket) throw new Error("no socket was opened");
      return socket;
    },
  };
}
