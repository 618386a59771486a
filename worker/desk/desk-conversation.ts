import type { SignedInUser } from "~/shared/accounts";
import {
  answeredOn,
  DESK_TEXTS,
  type DeskAccess,
  type DeskNote,
  DeskNoteTextSchema,
  type DeskSnapshot,
} from "~/shared/desk";
import { pairIdFor, parsePairId } from "~/shared/pair-id";
import { findPublicUser, usernameOf } from "../accounts/find-user";
import { getConfig } from "../config";
import { supportDesk } from "../objects/desk-service";
import { chatRoom } from "../objects/room-service";
import { deskStanding } from "./listeners";
import type { DeskActor } from "./support-desk";

export type DeskConversationView = {
  visitor: { id: string; username: string };
  pairId: string;
  access: DeskAccess;
  notes: DeskNote[];
  /** Kept live over the page's socket. */
  desk: DeskSnapshot;
  /** Only then may it be marked resolved. */
  answered: boolean;
  supportId: string;
  supportName: string;
};

export async function deskActorOf(user: SignedInUser): Promise<DeskActor | null> {
  const standing = await deskStanding(user);
  if (!standing) return null;
  const { alias, languages } = standing;
  return { id: user.id, name: user.username, admin: user.role === "admin", alias, languages };
}

/** null unless it is the listener's, queued, or the admin's to watch, and `visitorId` is not the support account. */
export async function openDeskConversation(
  user: SignedInUser,
  visitorId: string,
): Promise<DeskConversationView | null> {
  const reach = await deskReach(user, visitorId);
  if (!reach) return null;
  const { actor, pairId, access, visitor } = reach;
  const supportId = getConfig().public.supportUserId;
  const [notes, desk, supportName] = await Promise.all([
    chatRoom(pairId).deskNotes(),
    supportDesk().snapshot(actor.id, actor.admin),
    usernameOf(supportId),
  ]);
  return {
    visitor: { id: visitor.id, username: visitor.username },
    pairId,
    access,
    notes,
    desk,
    answered: answeredOn(desk, pairId),
    supportId,
    supportName: supportName ?? "",
  };
}

export async function addPrivateNote(
  user: SignedInUser,
  visitorId: string,
  text: unknown,
): Promise<{ ok: true } | { refusal: string }> {
  const reach = await deskReach(user, visitorId);
  if (!reach || reach.access === "queued") return { refusal: DESK_TEXTS.notAssigned };
  const parsed = DeskNoteTextSchema.safeParse(text);
  if (!parsed.success) return { refusal: parsed.error.issues[0]?.message ?? DESK_TEXTS.emptyNote };
  await chatRoom(reach.pairId).addDeskNote({ authorName: user.username, kind: "note", text: parsed.data });
  return { ok: true };
}

/** Reading needs any access; sending an image needs the conversation to be theirs. */
export async function deskAccessToPair(user: SignedInUser, pairId: string): Promise<DeskAccess | null> {
  const supportId = getConfig().public.supportUserId;
  const members = parsePairId(pairId);
  const visitorId = members?.includes(supportId) ? members.find((member) => member !== supportId) : undefined;
  if (!visitorId) return null;
  return (await deskReach(user, visitorId))?.access ?? null;
}

/** Checked on the server for every read and write. `opening`: the desk counts the holder's socket opening it. */
export async function deskReach(user: SignedInUser, visitorId: string, { opening = false } = {}) {
  const supportId = getConfig().public.supportUserId;
  if (visitorId === supportId) return null;
  const actor = await deskActorOf(user);
  if (!actor) return null;
  const visitor = await findPublicUser(visitorId);
  if (!visitor) return null;
  const pairId = pairIdFor(supportId, visitor.id);
  const access = await supportDesk().accessOf(pairId, actor, opening);
  return access ? { actor, pairId, access, visitor } : null;
}

/** The same limits as a note; shown on the holder's pages only. */
export async function sendWhisper(
  user: SignedInUser,
  visitorId: string,
  text: unknown,
): Promise<{ ok: true } | { refusal: string }> {
  const reach = await deskReach(user, visitorId);
  if (!reach?.actor.admin) return { refusal: DESK_TEXTS.notAssigned };
  const parsed = DeskNoteTextSchema.safeParse(text);
  if (!parsed.success) return { refusal: parsed.error.issues[0]?.message ?? DESK_TEXTS.emptyNote };
  return supportDesk().whisper(reach.pairId, reach.actor, parsed.data);
}
