import type { HeldNotice } from "../inbox/held-conversations";
import { userInbox } from "../objects/inbox-service";
import { previewOf } from "./inbox-notice";
import type { MessageLog } from "./message-log";
import type { RoomMembers } from "./room-members";

/** A holder's inbox that could not take a notice is tried again after 1 s, then 2 s. */
const RETRY_DELAYS_MS = [1000, 2000];

/** What the notices read of their support conversation's room. */
export type HolderRoom = {
  members: RoomMembers;
  log: MessageLog;
  /** The support conversation's visitor (undefined before the room knows its members). */
  visitorId(): string | undefined;
  /** The desk's last word: its version, and who holds the conversation (null: nobody). */
  desk(): { version: number; holder: string | null };
  crisisFlagged(): boolean;
  waitUntil(promise: Promise<unknown>): void;
};

/**
 * A support conversation's room tells the listener holding it, through their own inbox, where it
 * stands: after each message (the visitor's makes them wait for a reply, a reply ends the wait) and
 * when it changes hands (the one who no longer holds it hears that too). The desk hears none of it
 * (docs/decisions/181-a-listeners-own-inbox-knows-who-waits-for-their-reply.md).
 *
 * One notice at a time, in order, each read from the room as it leaves: notices asked for while one
 * is on its way become one, carrying the newest state.
 */
export class HolderNotices {
  private running: Promise<void> = Promise.resolve();
  private readonly queued = new Set<string>();

  constructor(private readonly room: HolderRoom) {}

  /** `listenerId`'s inbox is told where the conversation stands for them. */
  tell(listenerId: string): void {
    if (this.queued.has(listenerId)) return;
    this.queued.add(listenerId);
    const run = () => this.send(listenerId);
    this.running = this.running.then(run, run);
    this.room.waitUntil(this.running);
  }

  private async send(listenerId: string): Promise<void> {
    const visitorId = this.room.visitorId();
    const pairId = this.room.members.pairId();
    if (!visitorId || !pairId) {
      this.queued.delete(listenerId);
      return;
    }
    const visitorName = await this.room.members.nameOf(visitorId);
    // From here the notice reads the room as it is now; a change after this asks for another.
    this.queued.delete(listenerId);
    const notice = this.notice(listenerId, pairId, visitorId, visitorName);
    for (let attempt = 0; ; attempt += 1) {
      try {
        await userInbox(listenerId).heldConversationChanged(notice);
        return;
      } catch (error) {
        const delay = RETRY_DELAYS_MS[attempt];
        if (delay === undefined || this.queued.has(listenerId)) {
          // A newer notice is on its way, or the next message tells the inbox again.
          console.error(JSON.stringify({ at: "chat-room.holder-notice", pairId, error: String(error) }));
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    }
  }

  private notice(listenerId: string, pairId: string, visitorId: string, visitorName: string): HeldNotice {
    const { log } = this.room;
    const desk = this.room.desk();
    const newest = log.newestFrom(visitorId);
    return {
      pairId,
      visitorId,
      visitorName,
      held: desk.holder === listenerId,
      waitingSince: log.firstUnansweredFrom(visitorId),
      preview: newest ? previewOf(newest) : "",
      visitorSeq: newest?.seq ?? 0,
      crisis: this.room.crisisFlagged(),
      version: desk.version,
      seq: log.latestSeq(),
    };
  }
}
