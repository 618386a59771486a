import type { HeldNotice } from "../inbox/held-conversations";
import { userInbox } from "../objects/inbox-service";
import { previewOf } from "./inbox-notice";
import type { MessageLog } from "./message-log";
import type { RoomMembers } from "./room-members";

const RETRY_DELAYS_MS = [1000, 2000];

export type HolderRoom = {
  members: RoomMembers;
  log: MessageLog;
  visitorId(): string | undefined;
  desk(): { version: number; holder: string | null };
  crisisFlagged(): boolean;
  waitUntil(promise: Promise<unknown>): void;
};

/**
 * The listener holding a support conversation hears through their own inbox whether the visitor waits
 * for them; the desk hears none of it (docs/decisions/181-a-listeners-own-inbox-knows-who-waits-for-their-reply.md).
 * Notices asked for while one is on its way become one, carrying the newest state.
 */
export class HolderNotices {
  private running: Promise<void> = Promise.resolve();
  private readonly queued = new Set<string>();

  constructor(private readonly room: HolderRoom) {}

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
    this.queued.delete(listenerId);
    const notice = this.notice(listenerId, pairId, visitorId, visitorName);
    for (let attempt = 0; ; attempt += 1) {
      try {
        await userInbox(listenerId).heldConversationChanged(notice);
        return;
      } catch (error) {
        const delay = RETRY_DELAYS_MS[attempt];
        if (delay === undefined || this.queued.has(listenerId)) {
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
