import { data, redirect } from "react-router";
import {
  COMPOSER_FIELDS,
  type ComposerRefusal,
  type ConversationView,
  EARLIER_PARAM,
  EMPTY_CONVERSATION_VIEW,
  postedText,
} from "~/shared/conversation-page";
import { idleDeskStatus } from "~/shared/desk";
import { chatRefusalText } from "~/shared/schemas/chat-protocol";
import { recordActivity } from "../auth/session";
import { isOwnDocumentView } from "../http/document-request";
import { deleteImage } from "../images/image-store";
import { storeUpload } from "../images/store-upload";
import { supportDesk } from "../objects/desk-service";
import { chatRoom } from "../objects/room-service";
import { readSendFrame } from "./client-frame";
import { registerConversation } from "./conversation-registry";
import type { PageSendOutcome } from "./room-pages";
import { admitSend } from "./send-admission";

/**
 * A conversation's page without its socket: what the server renders of it, and its
 * composer posted as a form, handed to the room as a socket's send would be. Used by the member's
 * page (/chat/{userId}) and the listener's on the desk (/desk/{visitorId}); their route modules
 * check who may see and write, the room checks again.
 */

/** Whose page it is: the conversation, whose side it shows, and who is signed in. */
type PageSide = {
  pairId: string;
  /** The member whose messages show as 'mine': the support account for a listener on the desk. */
  speakerId: string;
  /** The signed-in account (the listener on the desk). */
  accountId: string;
  /** Whether D1 says a block closes the conversation (the room keeps its own copy too). */
  closed: boolean;
  /** A visitor in their support conversation: the page says where it stands on the desk. */
  visitor: boolean;
};

/**
 * What the page renders of a conversation. A person's own document request (not a script's data
 * request, not a prefetch) reads what it shows, as the live page's read frame does, and counts as
 * their activity: without scripts no heartbeat keeps the session alive
 * (docs/decisions/071-a-persons-own-view-of-a-conversation-reads-it.md).
 */
export async function loadConversationPage(side: PageSide, request: Request): Promise<ConversationView> {
  const markRead = isOwnDocumentView(request);
  const [view] = await Promise.all([
    chatRoom(side.pairId).pageView({
      pairId: side.pairId,
      speakerId: side.speakerId,
      beforeSeq: earlierPageOf(request.url),
      markRead,
      closedAtGate: side.closed,
    }),
    markRead ? recordActivity(side.accountId, 0) : null,
  ]);
  const shown = view ?? EMPTY_CONVERSATION_VIEW;
  // Never a silent room: before the desk has said anything, a visitor learns whether anyone is
  // there, as their socket would (worker/chat/chat-room.ts, tellVisitor).
  if (side.visitor && !shown.desk && !side.closed) {
    const listenersAvailable = await supportDesk().listenersAvailable();
    return {
      ...shown,
      desk: idleDeskStatus(listenersAvailable),
    };
  }
  return shown;
}

/** `?before={seq}`: the page of messages older than seq, or null for the newest. */
function earlierPageOf(url: string): number | null {
  const before = Number(new URL(url).searchParams.get(EARLIER_PARAM));
  return Number.isSafeInteger(before) && before > 0 ? before : null;
}

/** A page's posted form, or a 400 for a body that is not one (nothing is changed). */
export { readPostedForm } from "../http/posted-form";

/** Who posts the composer, after the route module's checks. */
type ComposerSender = {
  pairId: string;
  /** The signed-in account: a member, or the listener writing as the support account. */
  userId: string;
  /** The name the message carries (the support account's, for a listener). */
  userName: string;
  /** On the desk: a listener or the admin, and how the desk lets them hold this conversation. */
  desk?: { role: "listener" | "admin"; access: "assigned" | "queued" | "admin" };
  /** Whether D1 says a block closes the conversation. */
  closed: boolean;
  /** The support conversation's visitor: the country they post from, for the desk. */
  country?: string | null;
  /** The support conversation's visitor: the language they read the site in, for the desk. */
  language?: string | null;
};

/** A refusal's status, by the room's code. */
const REFUSAL_STATUS: Record<Extract<PageSendOutcome, { ok: false }>["code"], number> = {
  bad_frame: 400,
  too_long: 400,
  empty: 400,
  bad_image: 400,
  rate_limited: 429,
  // Only a socket's history requests get it; here for completeness.
  history_limited: 429,
  blocked: 403,
  not_assigned: 403,
  not_a_member: 403,
};

/**
 * The composer posted as a form (without scripts, or before they ran): handed to the room, which
 * stores it with the next seq and does all a socket's send does. Sent, the browser goes back to the
 * page (post/redirect/get: a reload never posts again); refused, the page shows why with the text
 * back in the composer. A form posted twice carries the same token, so the room keeps one message.
 */
export async function sendComposerForm(sender: ComposerSender, form: FormData, pagePath: string) {
  const answer = await handToRoom(sender, form);
  if (answer === null) throw redirect(pagePath, 303);
  return data({ send: answer.refusal }, { status: answer.status });
}

/**
 * A chat image's place in the message's first check, before it is stored: the message's rules
 * (text, length, token, that it says something) are checked before anything is kept, and the room
 * checks the stored image's real address again.
 */
const IMAGE_TO_COME = "/images/chats/to-come";

async function handToRoom(
  sender: ComposerSender,
  form: FormData,
): Promise<{ status: number; refusal: ComposerRefusal } | null> {
  const text = postedText(form.get(COMPOSER_FIELDS.text));
  const clientId = form.get(COMPOSER_FIELDS.clientId);
  const file = form.get(COMPOSER_FIELDS.image);
  // A form with no file chosen still sends the field, empty.
  const image = file instanceof File && (file.size > 0 || file.name !== "") ? file : null;
  const refuse = (status: number, message: string) => ({ status, refusal: { message, typed: text } });

  const checked = readSendFrame({
    clientId: typeof clientId === "string" ? clientId : "",
    text,
    imageUrl: image ? IMAGE_TO_COME : null,
  });
  if (checked.refusal) return refuse(400, checked.refusal.message);
  const refused = admitSend({
    closed: sender.closed,
    desk: sender.desk ? { assigned: sender.desk.access === "assigned" } : null,
  });
  if (refused) return refuse(403, refused.message);

  // The same pipeline and messages as /api/uploads: size, the type from the bytes, metadata gone,
  // stored under chats/{pairId}/.
  const upload = image ? await storeUpload(image, "chat", sender.pairId, sender.userId) : null;
  if (upload && !upload.ok) return refuse(upload.status, upload.message);

  const [outcome] = await Promise.all([
    chatRoom(sender.pairId).sendFromPage({
      pairId: sender.pairId,
      userId: sender.userId,
      userName: sender.userName,
      ...(sender.desk ? { deskRole: sender.desk.role } : {}),
      clientId: typeof clientId === "string" ? clientId : "",
      text,
      imageUrl: upload?.ok ? upload.url : null,
      closedAtGate: sender.closed,
      country: sender.country ?? null,
      language: sender.language ?? null,
    }),
    // Sending is the person's activity, as a keypress is on the live page.
    recordActivity(sender.userId, 0),
  ]);
  // An image that went with no new message (refused, or the form's second post) is not kept.
  if (upload?.ok && (!outcome.ok || outcome.duplicate)) await deleteImage(upload.key);
  // The room has no request to speak its language: its refusal is worded again here.
  if (!outcome.ok) return refuse(REFUSAL_STATUS[outcome.code], chatRefusalText(outcome.code, outcome.message));
  // The conversation's first message makes its registry row (for the sweeps), once: messages
  // themselves never write to D1 (a member's socket makes it too, as it opens).
  if (outcome.seq === 1) await registerConversation(sender.pairId);
  return null;
}
