import type { ServerFrame } from "~/shared/schemas/chat-protocol";
import type { Meta } from "../sockets/meta";
import { SocketAdmissions } from "../sockets/socket-admissions";
import { HistoryBudget } from "./history-budget";
import { deliverNewest } from "./inbox-notice";
import { MessageIntake } from "./message-intake";
import { MessageLog } from "./message-log";
import { OwedInboxUpdates } from "./owed-inbox-updates";
import { ReadPositions } from "./read-positions";
import { Receipts } from "./receipts";
import { RoomAlarm } from "./room-alarm";
import { RoomBlocks } from "./room-blocks";
import { RoomDuties } from "./room-duties";
import { RoomMembers } from "./room-members";
import type { PageRoom } from "./room-pages";
import { SessionNotice } from "./session-notice";
import { type RoomSockets, SupportSide } from "./support-side";

export type RoomSocketHooks = {
  openSockets(tag?: string): WebSocket[];
  desks: RoomSockets["desks"];
  send(ws: WebSocket, frame: ServerFrame): void;
  broadcast(frame: ServerFrame, except?: { tag?: string }): void;
  broadcastPayload(payload: string): void;
};

export function roomParts(
  state: { ctx: DurableObjectState; env: Env; meta: Meta; sql: SqlStorage },
  sockets: RoomSocketHooks,
) {
  const { ctx, env, meta, sql } = state;
  const waitUntil = (promise: Promise<unknown>) => ctx.waitUntil(promise);
  const members = new RoomMembers(meta, env.DB);
  const log = new MessageLog(sql);
  const positions = new ReadPositions(sql);
  const blocks = new RoomBlocks(sql);
  const session = new SessionNotice(meta);
  const alarm = new RoomAlarm(ctx);
  const support = new SupportSide(meta, sql, members, log, {
    openOf: (userId) => sockets.openSockets(userId),
    desks: sockets.desks,
    send: sockets.send,
    waitUntil,
  });
  const receipts = new Receipts({ log, members, positions, support, broadcast: sockets.broadcast });
  const admissions = new SocketAdmissions({
    pairId: () => members.pairId(),
    openSockets: (userId) => sockets.openSockets(userId),
    waitUntil,
  });
  const outbox = new OwedInboxUpdates(sql, {
    deliver: (member) => deliverNewest({ log, members, positions }, member),
    latestSeq: () => log.latestSeq(),
  });
  const duties = new RoomDuties({ env, alarm, outbox, session, log, members, broadcast: sockets.broadcast });
  const intake = new MessageIntake({
    ctx,
    images: env.IMAGES,
    members,
    log,
    outbox,
    receipts,
    support,
    session,
    alarm,
    scheduleAlarm: () => duties.schedule(),
  });
  const historyBudget = new HistoryBudget();
  const parts = {
    members,
    log,
    positions,
    blocks,
    session,
    alarm,
    support,
    receipts,
    admissions,
    outbox,
    duties,
    intake,
    historyBudget,
    broadcastPayload: sockets.broadcastPayload,
  };
  return parts satisfies PageRoom;
}
