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

/** What became of a send, for whichever transport brought it. */
export type SendOutcome =
  | { stored: ChatMessage }
  | { existing: { seq: number; timestamp: number } }
  | { refused: Extract<ServerFrame, { type: "error" }> };

/** Who sends: the account (`userId`) and who it speaks as (the support account for a listener). */
export type Sender = {
  speakerId: string;
  userId: string;
  userName: string;
  /**
   * Writing from the desk, as the support account: a listener, or the admin (who may be the support
   * account itself, so `speakerId` and `userId` alone cannot tell).
   */
  fromDesk: boolean;
  /** A support conversation's visitor: the country they write from, for the desk (null: not known). */
  country: string | null;
  /** A support conversation's visitor: the language they read the site in, for the desk (null: not known). */
  language: string | null;
};

/** What the intake reaches of its room. */
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
  /** Sets the room's alarm for whichever of its duties is due first. */
  scheduleAlarm(): Promise<void>;
};

/**
 * A message admitted to a conversation (./send-admission.ts), from a socket or a page's form: the
 * image must be a stored upload of this conversation, the sender within the rate limit, and a
 * temp- id already stored finds its message. A new message is stored with everything that must
 * happen in the same step, `announce`d, and read by sending (./receipts.ts).
 */
export class MessageIntake {
  private readonly budget = new SendBudget();

  constructor(private readonly room: IntakeRoom) {}

  async accept(sender: Sender, frame: SendFrame, announce: (message: ChatMessage) => void): Promise<SendOutcome> {
    const { ctx, images, members, log, support } = this.room;
    // Checked with the room held, so the messages sent after it still arrive in order.
    const { imageUrl, clientId } = frame;
    const stored = (url: string) => isStoredConversationImage(images, members.pairId(), url);
    if (imageUrl && !(await ctx.blockConcurrencyWhile(() => stored(imageUrl)))) {
      return { refused: { type: "error", code: "bad_image", message: CHAT_MESSAGES.notYourImage, clientId } };
    }
    const { speakerId } = sender;
    // A listener who writes has opened the conversation, with or without its live page.
    if (sender.fromDesk) support.listenerHere(sender.userId);
    const message = this.budget.take(speakerId)
      ? this.store(
          { userId: speakerId, userName: sender.userName, country: sender.country, language: sender.language },
          frame,
        )
      : null;
    if (message) {
      // A listener's first reply in the opening: the desk counts the visitor as answered.
      if (sender.fromDesk) support.listenerReplied(sender.userId, message.timestamp);
      announce(message);
      this.room.receipts.readBySending(speakerId, message.seq, sender.userId);
      return { stored: message };
    }
    // A temp- id already stored answers with its message's seq, even while the sender is over the
    // rate limit: the client (or a form sent twice) retries safely.
    const existing = log.stored(speakerId, clientId);
    if (existing) return { existing };
    return { refused: { type: "error", code: "rate_limited", message: CHAT_MESSAGES.rateLimited, clientId } };
  }

  /**
   * Stores a new message with everything that must happen in the same synchronous step (the inbox
   * updates it makes owed, the session it may start), or answers null for a clientId already stored
   * (and gives back the send token it took).
   */
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
    // Owed to both inboxes from the moment the message exists: written in the same step, so a
    // restart between here and the delivery cannot lose it. Most messages find both owed already.
    const pair = members.members();
    if (pair && outbox.owe(support.inboxMembers(pair), message.seq, message.timestamp)) {
      alarm.bringForward(outbox.alarmDue(message.timestamp));
    }
    // A support conversation's visitor wrote: the desk hears if nobody holds it.
    if (support.isVisitor(sender.userId)) support.visitorWrote(message, sender.country, sender.language);
    // Whoever holds it hears whether the visitor waits for them (their own inbox, never the desk).
    support.messageStored();
    // The other duties' due times move only with the first message (retention) or a new session.
    const sessionStarted = session.startIfIdle(previousLast, message.timestamp);
    if (previousLast === null || sessionStarted) ctx.waitUntil(this.room.scheduleAlarm());
    return message;
  }
}
