import type { MessageNotice } from "../inbox/conversation-list";
import { userInbox } from "../objects/inbox-service";
import type { MessageLog, MessageRow } from "./message-log";
import type { ReadPositions } from "./read-positions";
import type { RoomMembers } from "./room-members";

const PREVIEW_LENGTH = 120;
const IMAGE_PREVIEW = "Photo";

export function previewOf(message: Pick<MessageRow, "text">): string {
  return message.text.trim() ? message.text.slice(0, PREVIEW_LENGTH) : IMAGE_PREVIEW;
}

function inboxNotice(
  message: MessageRow,
  to: { member: string; contactId: string; contactName: string; readUpTo: number; pairId: string },
): MessageNotice {
  return {
    pairId: to.pairId,
    contactId: to.contactId,
    contactName: to.contactName,
    seq: message.seq,
    preview: previewOf(message),
    timestamp: message.timestamp,
    unread: to.member !== message.sender_id && to.readUpTo < message.seq,
  };
}

export async function deliverNewest(
  room: { log: MessageLog; members: RoomMembers; positions: ReadPositions },
  member: string,
): Promise<number | null> {
  const pairId = room.members.pairId();
  const newest = room.log.newest();
  if (!pairId || !newest) return null;
  const contactId = room.members.other(member) ?? member;
  const contactName = await room.members.nameOf(contactId);
  // Read after the name's lookup: a read that arrived meanwhile counts.
  const readUpTo = room.positions.of(member).read;
  await userInbox(member).recordMessage(inboxNotice(newest, { member, contactId, contactName, readUpTo, pairId }));
  return newest.seq;
}
