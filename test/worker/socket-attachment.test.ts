import { describe, expect, it } from "vitest";
import { setSocketAttachment, socketAttachment } from "../../worker/sockets/socket-attachment";

type Attachment = { userId: string; idleDeadline: number; ended?: string };

const serverSocket = () => new WebSocketPair()[1];

describe("a socket's attachment kept in memory", () => {
  it("reads what was stored before, then what was last written, and stores every write", () => {
    const ws = serverSocket();
    // Written outside the helpers (as by an instance before hibernation): the first read takes it.
    ws.serializeAttachment({ userId: "alice", idleDeadline: 1 } satisfies Attachment);
    expect(socketAttachment<Attachment>(ws)).toEqual({ userId: "alice", idleDeadline: 1 });

    setSocketAttachment<Attachment>(ws, { userId: "alice", idleDeadline: 2 });
    expect(socketAttachment<Attachment>(ws)).toEqual({ userId: "alice", idleDeadline: 2 });
    expect(ws.deserializeAttachment()).toEqual({ userId: "alice", idleDeadline: 2 });

    setSocketAttachment<Attachment>(ws, { userId: "alice", idleDeadline: 2, ended: "sign_out" });
    expect(socketAttachment<Attachment>(ws)?.ended).toBe("sign_out");
    expect((ws.deserializeAttachment() as Attachment).ended).toBe("sign_out");
  });

  it("keeps each socket's own attachment, and none for a socket never given one", () => {
    const [a, b, none] = [serverSocket(), serverSocket(), serverSocket()];
    setSocketAttachment<Attachment>(a, { userId: "alice", idleDeadline: 1 });
    setSocketAttachment<Attachment>(b, { userId: "bob", idleDeadline: 1 });
    expect(socketAttachment<Attachment>(a)?.userId).toBe("alice");
    expect(socketAttachment<Attachment>(b)?.userId).toBe("bob");
    expect(socketAttachment<Attachment>(none)).toBeNull();
  });
});
