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

type PageSide = {
  pairId: string;
  speakerId: string;
  accountId: string;
  closed: boolean;
  visitor: boolean;
};

/**
 * A person's own document request reads what it shows and counts as activity: without scripts no
 * heartbeat keeps the session alive (docs/decisions/071-a-persons-own-view-of-a-conversation-reads-it.md).
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
  // Never a silent room: before the desk has said anything, a visitor learns whether anyone is there.
  if (side.visitor && !shown.desk && !side.closed) {
    const listenersAvailable = await supportDesk().listenersAvailable();
    return {
      ...shown,
      desk: idleDeskStatus(listenersAvailable),
    };
  }
  return shown;
}

function earlierPageOf(url: string): number | null {
  const before = Number(new URL(url).searchParams.get(EARLIER_PARAM));
  return Number.isSafeInteger(before) && before > 0 ? before : null;
}

export { readPostedForm } from "../http/posted-form";

type ComposerSender = {
  pairId: string;
  userId: string;
  userName: string;
  desk?: { role: "listener" | "admin"; access: "assigned" | "queued" | "admin" };
  closed: boolean;
  country?: string | null;
  language?: string | null;
};

const REFUSAL_STATUS: Record<Extract<PageSendOutcome, { ok: false }>["code"], number> = {
  bad_frame: 400,
  too_long: 400,
  empty: 400,
  bad_image: 400,
  rate_limited: 429,
  history_limited: 429,
  blocked: 403,
  not_assigned: 403,
  not_a_member: 403,
};

/** Post/redirect/get; a form posted twice carries the same token, so the room keeps one message. */
export async function sendComposerForm(sender: ComposerSender, form: FormData, pagePath: string) {
  const answer = await handToRoom(sender, form);
  if (answer === null) throw redirect(pagePath, 303);
  return data({ send: answer.refusal }, { status: answer.status });
}

/** Lets the message's rules be checked before the image is stored; the room checks the real address again. */
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
    recordActivity(sender.userId, 0),
  ]);
  // An image that went with no new message (refused, or the form's second post) is not kept.
  if (upload?.ok && (!outcome.ok || outcome.duplicate)) await deleteImage(upload.key);
  // The room has no request to speak the language in: its refusal is worded again here.
  if (!outcome.ok) return refuse(REFUSAL_STATUS[outcome.code], chatRefusalText(outcome.code, outcome.message));
  // Messages themselves never write to D1; only the first makes the registry row.
  if (outcome.seq === 1) await registerConversation(sender.pairId);
  return null;
}
