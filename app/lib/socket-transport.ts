/**
 * The browser's one WebSocket client, under both the conversation's socket and the
 * app-wide inbox socket: it connects, keeps the connection alive, validates what the server sends
 * and reconnects with a backoff that no server behaviour can turn into a flood. Plain TypeScript
 * with its clock, randomness and socket injectable, so its rules are unit-tested
 * (test/unit/socket-transport.test.ts). It imports no schema library: each socket brings its own
 * schema, so zod stays out of the pages that need no socket.
 */

/** The first retry waits about this long; each failed attempt doubles the window... */
const RECONNECT_BASE_MS = 1000;

import { CLOSE_CODES } from "~/shared/socket-protocol";
/** ...up to this cap. */
export const RECONNECT_CAP_MS = 30_000;
/**
 * A connection counts as good, and the backoff starts again from the base, only once it has stayed
 * open this long: a server that accepts and closes at once is still backed off.
 */
export const STABLE_CONNECTION_MS = 5000;
/** A socket that has not opened by then is given up and retried (a hung upgrade, a lost network). */
export const CONNECT_TIMEOUT_MS = 10_000;
/** Keeps the connection alive and lets the server notice a vanished device (it answers "pong"). */
export const PING_EVERY_MS = 25_000;
export const PING_FRAME = "ping";
const PONG_FRAME = "pong";

/**
 * How long to wait before the next attempt after `failures` attempts that did not last: "equal
 * jitter", a random delay in [w/2, w] with w = min(cap, base·2^failures). The jitter spreads the
 * clients of a restarted server apart; the floor of w/2 bounds the attempts whatever the random
 * numbers are (at most 6 within any 30 s from the first, see the unit test).
 */
export function reconnectDelay(failures: number, random: () => number = Math.random): number {
  const window = Math.min(RECONNECT_CAP_MS, RECONNECT_BASE_MS * 2 ** failures);
  return window / 2 + Math.min(1, Math.max(0, random())) * (window / 2);
}

/** The part of a WebSocket the transport uses (the browser's, or a test's fake). */
export type TransportSocket = {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  addEventListener(type: "open", listener: () => void): void;
  addEventListener(type: "message", listener: (event: { data: unknown }) => void): void;
  addEventListener(type: "close", listener: (event: { code: number; reason: string }) => void): void;
};

/** WebSocket.readyState values (the constants are not on a test's fake). */
const CONNECTING = 0;
const OPEN = 1;

/**
 * What the transport needs of the schema of the server's frames: zod's safeParse, without
 * importing zod here.
 */
type FrameSchema<Frame> = {
  safeParse(
    value: unknown,
  ): { success: true; data: Frame } | { success: false; error: { issues: readonly { path: PropertyKey[] }[] } };
};

export type TransportEnvironment = {
  createSocket(url: string): TransportSocket;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(timer: unknown): void;
  random(): number;
  warn(message: string, details: unknown): void;
};

/** The page's own WebSocket, timers and Math.random; read at each call so a test's fake clock applies. */
const BROWSER: TransportEnvironment = {
  createSocket: (url) => new WebSocket(url),
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (timer) => globalThis.clearTimeout(timer as number),
  random: () => Math.random(),
  warn: (message, details) => console.warn(message, details),
};

type CloseInfo = { code: number; reason: string };

type SocketTransportOptions<ServerFrame> = {
  url: string;
  schema: FrameSchema<ServerFrame>;
  /** How often to ping (PING_EVERY_MS unless a socket's server counts on hearing sooner). */
  pingEveryMs?: number;
  /** Close codes after which this socket must not come back, besides the session's end. */
  finalCloseCodes?: readonly number[];
  /** The socket is open (first connect or reconnect): say hello, resend what is pending. */
  onOpen?: () => void;
  /** A frame from the server that fits its schema. */
  onFrame: (frame: ServerFrame) => void;
  /** The connection was lost (or never opened in time); another attempt is scheduled. */
  onRetrying?: () => void;
  /** The server closed with a final code (the session ended, the conversation was closed): no retry. */
  onFinalClose?: (close: CloseInfo) => void;
  environment?: Partial<TransportEnvironment>;
};

export type SocketTransport<ClientFrame> = {
  /** Sends a frame if the socket is open; answers whether it did. */
  send(frame: ClientFrame): boolean;
  isOpen(): boolean;
  /**
   * The network is back: try now, with the backoff started afresh, unless connected or connecting.
   * Answers false if the transport is closed for good (stopped, or a final close code).
   */
  reconnectNow(): boolean;
  /** Closes for good (the page leaves the conversation or unmounts). */
  stop(): void;
};

/** Opens the socket at once and keeps it open until stopped or closed with a final code. */
export function startSocketTransport<ServerFrame, ClientFrame>(
  options: SocketTransportOptions<ServerFrame>,
): SocketTransport<ClientFrame> {
  const env: TransportEnvironment = { ...BROWSER, ...options.environment };
  const finalCodes = new Set([CLOSE_CODES.sessionEnded, ...(options.finalCloseCodes ?? [])]);
  /** Attempts since the last connection that stayed up STABLE_CONNECTION_MS (the backoff exponent). */
  let failures = 0;
  let socket: TransportSocket | null = null;
  let stopped = false;
  let retryTimer: unknown;
  // The current socket's timers; a replaced or closed socket's are cleared with clearSocketTimers.
  let connectTimer: unknown;
  let stableTimer: unknown;
  let pingTimer: unknown;

  const clearSocketTimers = () => {
    env.clearTimeout(connectTimer);
    env.clearTimeout(stableTimer);
    env.clearTimeout(pingTimer);
  };

  const schedulePing = (ws: TransportSocket) => {
    pingTimer = env.setTimeout(() => {
      if (ws.readyState === OPEN) ws.send(PING_FRAME);
      schedulePing(ws);
    }, options.pingEveryMs ?? PING_EVERY_MS);
  };

  const retryLater = () => {
    const delay = reconnectDelay(failures, env.random);
    failures += 1;
    retryTimer = env.setTimeout(connect, delay);
    options.onRetrying?.();
  };

  const receive = (data: unknown) => {
    if (data === PONG_FRAME) return;
    // A frame that is not the protocol is a server bug or an interloper: say so, never throw, go on.
    if (typeof data !== "string") return env.warn("Ignored a non-text frame", { url: options.url });
    let value: unknown;
    try {
      value = JSON.parse(data);
    } catch {
      return env.warn("Ignored a frame that is not JSON", { url: options.url });
    }
    const parsed = options.schema.safeParse(value);
    // Only where the frame went wrong is logged: its content may be someone's message.
    if (!parsed.success) {
      const type = (value as { type?: unknown } | null)?.type;
      const paths = parsed.error.issues.map((issue) => issue.path.map(String).join("."));
      return env.warn("Ignored a frame that does not fit the protocol", { url: options.url, type, paths });
    }
    options.onFrame(parsed.data);
  };

  function connect() {
    clearSocketTimers();
    const ws = env.createSocket(options.url);
    socket = ws;
    connectTimer = env.setTimeout(() => {
      if (socket !== ws || ws.readyState !== CONNECTING) return;
      // Given up: its late events are ignored (socket !== ws), and this counts as a failed attempt.
      socket = null;
      ws.close();
      retryLater();
    }, CONNECT_TIMEOUT_MS);
    ws.addEventListener("open", () => {
      if (socket !== ws) return;
      env.clearTimeout(connectTimer);
      stableTimer = env.setTimeout(() => {
        failures = 0;
      }, STABLE_CONNECTION_MS);
      schedulePing(ws);
      options.onOpen?.();
    });
    ws.addEventListener("message", (event) => {
      if (socket === ws) receive(event.data);
    });
    ws.addEventListener("close", (event) => {
      // A socket already replaced or given up, or a transport stopped, retries nothing.
      if (socket !== ws || stopped) return;
      clearSocketTimers();
      socket = null;
      if (finalCodes.has(event.code)) {
        stopped = true;
        options.onFinalClose?.({ code: event.code, reason: event.reason });
        return;
      }
      retryLater();
    });
  }

  connect();
  return {
    send(frame) {
      if (socket?.readyState !== OPEN) return false;
      socket.send(JSON.stringify(frame));
      return true;
    },
    isOpen: () => socket?.readyState === OPEN,
    reconnectNow() {
      if (stopped) return false;
      if (socket && (socket.readyState === OPEN || socket.readyState === CONNECTING)) return true;
      env.clearTimeout(retryTimer);
      failures = 0;
      connect();
      return true;
    },
    stop() {
      stopped = true;
      env.clearTimeout(retryTimer);
      clearSocketTimers();
      socket?.close(CLOSE_CODES.leaving, "leaving");
      socket = null;
    },
  };
}
