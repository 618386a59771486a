import type { ServerFrame } from "~/shared/schemas/chat-protocol";
import type { MessageLog } from "./message-log";
import { purgeExpired, retentionDue } from "./message-retention";
import type { OwedInboxUpdates } from "./owed-inbox-updates";
import type { RoomAlarm } from "./room-alarm";
import type { RoomMembers } from "./room-members";
import { SESSION_NOTICE_FRAME, type SessionNotice } from "./session-notice";

/** What the duties reach of their room. */
export type DutiesRoom = {
  env: Env;
  alarm: RoomAlarm;
  outbox: OwedInboxUpdates;
  session: SessionNotice;
  log: MessageLog;
  members: RoomMembers;
  broadcast(frame: ServerFrame): void;
};

/**
 * What a room does in time, on its one alarm (./room-alarm.ts): the owed inbox updates' backstop,
 * the session notice, the 7-day purge.
 */
export class RoomDuties {
  constructor(private readonly room: DutiesRoom) {}

  /**
   * Sets the alarm for whichever duty is due first. (A message that makes an update owed only
   * brings it forward.)
   */
  schedule(): Promise<void> {
    const { outbox, session, log } = this.room;
    return this.room.alarm.setForEarliest([outbox.alarmDue(Date.now()), session.due(), retentionDue(log)]);
  }

  /** The alarm fired: whatever is due is done, and the alarm set for what is due next. */
  async onAlarm(): Promise<void> {
    const { alarm, outbox, session, log } = this.room;
    // This alarm is spent; whatever is due later is scheduled again below.
    alarm.fired();
    const now = Date.now();
    await outbox.onAlarm(now);
    if (session.give(now)) this.room.broadcast(SESSION_NOTICE_FRAME);
    const retention = retentionDue(log);
    if (retention !== null && retention <= now) await this.purge(now);
    await this.schedule();
  }

  /** The 7-day purge (./message-retention.ts): by the alarm, and by the cron's sweep as a backstop. */
  async purge(now: number): Promise<{ messages: number; images: number }> {
    const { log, members, env } = this.room;
    const purged = await purgeExpired({ log, members, env }, now);
    await this.schedule();
    return purged;
  }
}
