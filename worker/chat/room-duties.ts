import type { ServerFrame } from "~/shared/schemas/chat-protocol";
import type { MessageLog } from "./message-log";
import { purgeExpired, retentionDue } from "./message-retention";
import type { OwedInboxUpdates } from "./owed-inbox-updates";
import type { RoomAlarm } from "./room-alarm";
import type { RoomMembers } from "./room-members";
import { SESSION_NOTICE_FRAME, type SessionNotice } from "./session-notice";

export type DutiesRoom = {
  env: Env;
  alarm: RoomAlarm;
  outbox: OwedInboxUpdates;
  session: SessionNotice;
  log: MessageLog;
  members: RoomMembers;
  broadcast(frame: ServerFrame): void;
};

export class RoomDuties {
  constructor(private readonly room: DutiesRoom) {}

  schedule(): Promise<void> {
    const { outbox, session, log } = this.room;
    return this.room.alarm.setForEarliest([outbox.alarmDue(Date.now()), session.due(), retentionDue(log)]);
  }

  async onAlarm(): Promise<void> {
    const { alarm, outbox, session, log } = this.room;
    alarm.fired();
    const now = Date.now();
    await outbox.onAlarm(now);
    if (session.give(now)) this.room.broadcast(SESSION_NOTICE_FRAME);
    const retention = retentionDue(log);
    if (retention !== null && retention <= now) await this.purge(now);
    await this.schedule();
  }

  async purge(now: number): Promise<{ messages: number; images: number }> {
    const { log, members, env } = this.room;
    const purged = await purgeExpired({ log, members, env }, now);
    await this.schedule();
    return purged;
  }
}
