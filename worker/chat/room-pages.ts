import { type ConversationView, EMPTY_CONVERSATION_VIEW, RENDERED_MESSAGES } from "~/shared/conversation-page";
import { parsePairId } from "~/shared/pair-id";
import { CHAT_MESSAGES, type ChatMessage, type ServerFrame } from "~/shared/schemas/chat-protocol";
import { getConfig } from "../config";
import { readSendFrame } from "./client-frame";
import type { MessageIntake } from "./message-intake";
import type { MessageLog } from "./message-log";
import type { ReadPositions } from "./read-positions";
import type { Receipts } from "./receipts";
import type { RoomBlocks } from "./room-blocks";
import type { RoomMembers } from "./room-members";
import { admitSend } from "./send-admission";
import type { SessionNotice } from "./session-notice";
import type { SupportSide } from "./support-side";

type ErrorFrame = Extract<ServerFrame, { type: "error" }>;

export type PageRead = {
  pairId: string;
  speakerId: string;
  beforeSeq: number | null;
  markRead: boolean;
  closedAtGate: boolean;
};

export type PagePost = {
  pairId: string;
  userId: string;
  userName: string;
  deskRole?: "listener" | "admin";
  clientId: string;
  text: string;
  imageUrl: string | null;
  closedAtGate: boolean;
  country?: string | null;
  language?: string | null;
};

export type PageSendOutcome =
  | { ok: true; seq: number; duplicate: boolean }
  | { ok: false; code: ErrorFrame["code"] | "not_a_member"; message: string };

function refusedBy(frame: ServerFrame): PageSendOutcome {
  if (frame.type !== "error") throw new Error(`not a refusal: ${frame.type}`);
  return { ok: false, code: frame.code, message: frame.message };
}

export type PageRoom = {
  members: RoomMembers;
  log: MessageLog;
  positions: ReadPositions;
  receipts: Receipts;
  blocks: RoomBlocks;
  session: SessionNotice;
  support: SupportSide;
  intake: MessageIntake;
  broadcastPayload(payload: string): void;
};

/**
 * Null for a non-member. Writes nothing unless `markRead`
 * (docs/decisions/071-a-persons-own-view-of-a-conversation-reads-it.md).
 */
export async function readPage(room: PageRoom, read: PageRead): Promise<ConversationView | null> {
  const { members, log, positions, support } = room;
  const pair = parsePairId(read.pairId);
  const known = members.pairId();
  if (!pair?.includes(read.speakerId) || (known !== null && known !== read.pairId)) return null;
  if (known === null) return EMPTY_CONVERSATION_VIEW;
  const { speakerId } = read;
  const page = log.recentPage(read.beforeSeq, RENDERED_MESSAGES);
  const other = members.other(speakerId);
  const { read: readSeq, delivered: deliveredSeq } = other ? positions.of(other) : { read: 0, delivered: 0 };
  const newest = page.messages.at(-1)?.seq ?? 0;
  if (read.markRead && newest > 0) {
    positions.addMembers(pair);
    // Waited for: the page's header counts unread after this.
    await room.receipts.read(speakerId, newest, read.closedAtGate || room.blocks.isClosed())?.catch((error) => {
      // The page shows all the same; the list catches up with the next read.
      console.error(JSON.stringify({ at: "chat-room.page-read", error: String(error) }));
    });
  }
  return {
    ...page,
    receipts: { readSeq, deliveredSeq },
    sessionNotice: room.session.stands(log.newestMessageAt(), Date.now()) ? CHAT_MESSAGES.sessionNotice : null,
    desk: support.isVisitor(speakerId) ? support.visitorFrame() : null,
  };
}

/** The same checks, seq, broadcast and de-duplication as a socket's send, so a form posted twice stores one message. */
export async function postFromPage(room: PageRoom, post: PagePost): Promise<PageSendOutcome> {
  const { members, positions, support } = room;
  const speakerId = post.deskRole ? getConfig().public.supportUserId : post.userId;
  const pair = parsePairId(post.pairId);
  if (!pair?.includes(speakerId) || !members.claim(post.pairId)) {
    return { ok: false, code: "not_a_member", message: CHAT_MESSAGES.notAMember };
  }
  const { frame, refusal } = readSendFrame({ clientId: post.clientId, text: post.text, imageUrl: post.imageUrl });
  if (refusal) return refusedBy(refusal);
  const closed = post.closedAtGate || room.blocks.isClosed();
  const refused = admitSend({ closed, desk: support.deskAssignment(post.userId, post.deskRole) });
  if (refused) return refusedBy(refused);
  positions.addMembers(pair);
  members.rememberName(speakerId, post.userName);
  const payload = (message: ChatMessage) => JSON.stringify({ type: "message", message } satisfies ServerFrame);
  const outcome = await room.intake.accept(
    {
      speakerId,
      userId: post.userId,
      userName: post.userName,
      fromDesk: post.deskRole !== undefined,
      country: post.deskRole ? null : (post.country ?? null),
      language: post.deskRole ? null : (post.language ?? null),
    },
    frame,
    (message) => room.broadcastPayload(payload(message)),
  );
  if ("stored" in outcome) {
    // Without scripts the page shows the desk's answer only if it is here before the redirect.
    await support.answered();
    return { ok: true, seq: outcome.stored.seq, duplicate: false };
  }
  if ("existing" in outcome) return { ok: true, seq: outcome.existing.seq, duplicate: true };
  return refusedBy(outcome.refused);
}
