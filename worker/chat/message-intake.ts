import { CHAT_MESSAGES, type ChatMessage, type SendFrame, type ServerFrame } from "~/shared/schemas/chat-protocol";
import { isStoredConversationImage } from "./conversation-images";
import type { MessageLog } from "./message-log";
import type { OwedInboxUpdates } from "./owed-inbox-updates";
import type { Receipts } from "./receipts";
import type { RoomAlarm } from "./room-alarm";
import type { RoomMembers } from "./room-members";
import { SendBudget } from "./send-budget";
import type { SessionNotice } from "./session-notice";
import type { SupportSide } from "./support-side";

export type SendOutcome =
  | { stored: ChatMessage }
  | { existing: { seq: number; timestamp: number } }
  | { refused: Extract<ServerFrame, { type: "error" }> };

export type Sender = {
  speakerId: string;
  userId: string;
  userName: string;
  /** The admin may be the support account itself, so `speakerId` and `userId` alone cannot tell. */
  fromDesk: boolean;
  country: string | null;
  language: string | null;
};

export type IntakeRoom = {
  ctx: DurableObjectState;
  images: R2Bucket;
  members: RoomMembers;
  log: MessageLog;
  outbox: OwedInboxUpdates;
  receipts: Receipts;
  support: SupportSide;
  session: SessionNotice;
  alarm: RoomAlarm;
  scheduleAlarm(): Promise<void>;
};

export class MessageIntake {
  private readonly budget = new SendBudget();

  constructor(private readonly room: IntakeRoom) {}

  async accept(sender: Sender, frame: SendFrame, announce: (message: ChatMessage) => void): Promise<SendOutcome> {
    const { ctx, images, members, log, support } = this.room;
    // Checked with the room held, so later messages still arrive in order.
    const { imageUrl, clientId } = frame;
    const stored = (url: string) => isStoredConversationImage(images, members.pairId(), url);
    if (imageUrl && !(await ctx.blockConcurrencyWhile(() => stored(imageUrl)))) {
      return { refused: { type: "error", code: "bad_image", message: CHAT_MESSAGES.notYourImage, clientId } };
    }
    const { speakerId } = sender;
    if (sender.fromDesk) support.listenerHere(sender.userId);
    const message = this.budget.take(speakerId)
      ? this.store(
          { userId: speakerId, userName: sender.userName, country: sender.country, language: sender.language },
          frame,
        )
      : null;
    if (message) {
      if (sender.fromDesk) support.listenerReplied(sender.userId, message.timestamp);
      announce(message);
      this.room.receipts.readBySending(speakerId, message.seq, sender.userId);
      return { stored: message };
    }
    // Even over the rate limit: the client (or a form sent twice) retries safely.
    const existing = log.stored(speakerId, clientId);
    if (existing) return { existing };
    return { refused: { type: "error", code: "rate_limited", message: CHAT_MESSAGES.rateLimited, clientId } };
  }

  /** Synchronous, so everything the message makes owed is stored in the same step; null for a stored clientId. */
  private store(
    sender: { userId: string; userName: string; country: string | null; language: string | null },
    frame: SendFrame,
  ): ChatMessage | null {
    const { ctx, log, members, outbox, support, session, alarm } = this.room;
    const previousLast = log.newestMessageAt();
    const message = log.append({ userId: sender.userId, userName: sender.userName }, frame, Date.now());
    if (!message) {
      this.budget.giveBack(sender.userId);
      return null;
    }
    // Written in the same step, so a restart before delivery cannot lose it.
    const pair = members.members();
    if (pair && outbox.owe(support.inboxMembers(pair), message.seq, message.timestamp)) {
      alarm.bringForward(outbox.alarmDue(message.timestamp));
    }
    if (support.isVisitor(sender.userId)) support.visitorWrote(message, sender.country, sender.language);
    // Their own inbox, never the desk.
    support.messageStored();
    const sessionStarted = session.startIfIdle(previousLast, message.timestamp);
    if (previousLast === null || sessionStarted) ctx.waitUntil(this.room.scheduleAlarm());
    return message;
  }
}
