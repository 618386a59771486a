import type { ServerFrame } from "~/shared/schemas/chat-protocol";
import { userInbox } from "../objects/inbox-service";
import type { MessageLog } from "./message-log";
import type { ReadPositions } from "./read-positions";
import type { RoomMembers } from "./room-members";
import type { SupportSide } from "./support-side";

/** What the receipts reach of their room. */
export type ReceiptsRoom = {
  log: MessageLog;
  members: RoomMembers;
  positions: ReadPositions;
  support: SupportSide;
  /** One frame to every open socket but those of the user tagged `tag`. */
  broadcast(frame: ServerFrame, except: { tag: string }): void;
};

/**
 * 'Delivered' and 'Read' in a conversation: where each member has got to (./read-positions.ts), told
 * to the other member unless a block closed the conversation, and a read cleared from the reader's
 * own list of conversations.
 */
export class Receipts {
  constructor(private readonly room: ReceiptsRoom) {}

  /**
   * A member's device received the conversation up to a seq: over the room's socket, or as a
   * new-message event on any page (their UserInbox passes that on).
   */
  delivered(userId: string, upToSeq: number, closed: boolean): void {
    const { log, positions } = this.room;
    const seq = Math.min(upToSeq, log.latestSeq());
    if (positions.markDelivered(userId, seq) && !closed) {
      this.room.broadcast({ type: "delivered", userId, upToSeq: seq }, { tag: userId });
    }
  }

  /**
   * A member read up to a seq: the other member hears it unless `closed`, and their own list clears
   * it (the call to their inbox is answered, for the caller to wait for or not; null: none needed).
   */
  read(userId: string, upToSeq: number, closed: boolean): Promise<void> | null {
    const { log, positions, members, support } = this.room;
    const seq = Math.min(upToSeq, log.latestSeq());
    // Read implies delivered; the read frame tells the other member both.
    if (!positions.markRead(userId, seq)) return null;
    if (!closed) this.room.broadcast({ type: "read", userId, upToSeq: seq }, { tag: userId });
    const contactId = members.other(userId);
    // The support account's inbox does not list its conversations (the desk does).
    if (!contactId || support.isSupportAccount(userId)) return null;
    return userInbox(userId).recordRead(contactId, seq);
  }

  /**
   * A member wrote message `seq`: sending reads the other member's messages before it
   * (./read-positions.ts); the other member hears it when that moved anything.
   */
  readBySending(speakerId: string, seq: number, senderTag: string): void {
    const { log, positions, members } = this.room;
    const other = members.other(speakerId);
    if (other && positions.readBySending(speakerId, seq, log.newestSeqOf(other))) {
      this.room.broadcast({ type: "read", userId: speakerId, upToSeq: seq }, { tag: senderTag });
    }
  }

  /** Where the other member has got to, as frames for a socket that just (re)connected. */
  framesFor(userId: string): ServerFrame[] {
    const other = this.room.members.other(userId);
    return other ? this.room.positions.receiptsOf(other) : [];
  }
}
