import type { ServerFrame } from "~/shared/schemas/chat-protocol";
import { userInbox } from "../objects/inbox-service";
import type { MessageLog } from "./message-log";
import type { ReadPositions } from "./read-positions";
import type { RoomMembers } from "./room-members";
import type { SupportSide } from "./support-side";

export type ReceiptsRoom = {
  log: MessageLog;
  members: RoomMembers;
  positions: ReadPositions;
  support: SupportSide;
  broadcast(frame: ServerFrame, except: { tag: string }): void;
};

export class Receipts {
  constructor(private readonly room: ReceiptsRoom) {}

  /** Over the room's socket, or as a new-message event on any page (via their UserInbox). */
  delivered(userId: string, upToSeq: number, closed: boolean): void {
    const { log, positions } = this.room;
    const seq = Math.min(upToSeq, log.latestSeq());
    if (positions.markDelivered(userId, seq) && !closed) {
      this.room.broadcast({ type: "delivered", userId, upToSeq: seq }, { tag: userId });
    }
  }

  read(userId: string, upToSeq: number, closed: boolean): Promise<void> | null {
    const { log, positions, members, support } = this.room;
    const seq = Math.min(upToSeq, log.latestSeq());
    if (!positions.markRead(userId, seq)) return null;
    if (!closed) this.room.broadcast({ type: "read", userId, upToSeq: seq }, { tag: userId });
    const contactId = members.other(userId);
    // The support account's inbox does not list its conversations; the desk does.
    if (!contactId || support.isSupportAccount(userId)) return null;
    return userInbox(userId).recordRead(contactId, seq);
  }

  readBySending(speakerId: string, seq: number, senderTag: string): void {
    const { log, positions, members } = this.room;
    const other = members.other(speakerId);
    if (other && positions.readBySending(speakerId, seq, log.newestSeqOf(other))) {
      this.room.broadcast({ type: "read", userId: speakerId, upToSeq: seq }, { tag: senderTag });
    }
  }

  framesFor(userId: string): ServerFrame[] {
    const other = this.room.members.other(userId);
    return other ? this.room.positions.receiptsOf(other) : [];
  }
}
