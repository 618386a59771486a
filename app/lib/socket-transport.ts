/**
 * No server behaviour can turn its reconnects into a flood; no schema library, so zod stays out of
 * pages without sockets.
 */

/** Each failed attempt doubles the window... */
const RECONNECT_BASE_MS = 1000;

import { CLOSE_CODES } from "~/shared/socket-protocol";
export const RECONNECT_CAP_MS = 30_000;
/** A server that accepts and closes at once is still backed off. */
export const STABLE_CONNECTION_MS = 5000;
/** A hung upgrade, a lost network. */
export const CONNECT_TIMEOUT_MS = 10_000;
/** Lets the server notice a vanished device. */
export const PING_EVERY_MS = 25_000;
export const PING_FRAME = "ping";
const PONG_FRAME = "pong";

/** Equal jitter in [w/2, w]: spreads a restarted server's clients, and the floor bounds the attempts. */
export function reconnectDelay(failures: number, random: () => number = Math.random): number {
  const window = Math.min(RECONNECT_CAP_MS, RECONNECT_BASE_MS * 2 ** failures);
  return window / 2 + Math.min(1, Math.max(0, random())) * (window / 2);
}

export type TransportSocket = {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  addEventListener(type: "open", listener: () => void): void;
  addEventListener(type: "message", listener: (event: { data: unknown }) => void): void;
  addEventListener(type: "close", listener: (event: { code: number; reason: string }) => void): void;
};

/** The constants are not on a test's fake. */
const CONNECTING = 0;
const OPEN = 1;

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

/** Read at each call so a test's fake clock applies. */
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
  pingEveryMs?: number;
  finalCloseCodes?: readonly number[];
  onOpen?: () => void;
  onFrame: (frame: ServerFrame) => void;
  onRetrying?: () => void;
  onFinalClose?: (close: CloseInfo) => void;
  environment?: Partial<TransportEnvironment>;
};

export type SocketTransport<ClientFrame> = {
  send(frame: ClientFrame): boolean;
  isOpen(): boolean;
  /** False if closed for good. */
  reconnectNow(): boolean;
  stop(): void;
};

export function startSocketTransport<ServerFrame, ClientFrame>(
  options: SocketTransportOptions<ServerFrame>,
): SocketTransport<ClientFrame> {
  const env: TransportEnvironment = { ...BROWSER, ...options.environment };
  const finalCodes = new Set([CLOSE_CODES.sessionEnded, ...(options.finalCloseCodes ?? [])]);
  let failures = 0;
  let socket: TransportSocket | null = null;
  let stopped = false;
  let retryTimer: unknown;
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
    // A server bug or an interloper: say so, never throw, go on.
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
      // Its late events are ignored.
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
