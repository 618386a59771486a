import { DESK_TEXTS } from "~/shared/desk";
import type { HelpfulAnswer, SurveyRefusal, WrapUp } from "~/shared/desk-operations";
import { languageOf } from "~/shared/languages";
import type { DeskRoomUpdate } from "../chat/desk-link";
import { getConfig } from "../config";
import { chatRoom } from "../objects/room-service";
import type { Assignment, DeskBook, Refusal, WaitingVisitor } from "./desk-book";
import type { DeskClock } from "./desk-clock";
import type { DeskLedger } from "./desk-ledger";
import type { DeskPages } from "./desk-pages";
import type { ConversationRow } from "./desk-tables";
import type { RoomNotices } from "./room-notices";

type Actor = { id: string; name: string; admin: boolean };
export type Outcome<T> = T | { refusal: string };

export type TransitionsDesk = {
  book: DeskBook;
  clock: DeskClock;
  ledger: DeskLedger;
  pages: DeskPages;
  rooms: RoomNotices;
};

/** Each transition changes the book in one synchronous step, tells the ledger and the room, then rebalances. */
export class DeskTransitions {
  constructor(private readonly desk: TransitionsDesk) {}

  async taken<T>(outcome: Assignment | Refusal, result: (made: Assignment) => T): Promise<Outcome<T>> {
    if ("refusal" in outcome) return { refusal: DESK_TEXTS[outcome.refusal] };
    this.desk.clock.assigned([outcome]);
    await this.desk.clock.rebalance(Date.now());
    return result(outcome);
  }

  async transfer(pairId: string, from: Actor, toId: string, note: string | null): Promise<Outcome<{ ok: true }>> {
    const { book, clock, pages } = this.desk;
    // Only to someone present now.
    pages.check(Date.now());
    const outcome = book.transfer(pairId, from.admin ? null : from.id, toId, Date.now());
    if ("refusal" in outcome) return { refusal: DESK_TEXTS[outcome.refusal] };
    if (note) await chatRoom(pairId).addDeskNote({ authorName: from.name, kind: "transfer", text: note });
    clock.assigned([outcome], false);
    await clock.rebalance(Date.now());
    return { ok: true };
  }

  /** Never closed on a visitor nobody has answered: it goes back to the line or to another listener. */
  async resolve(pairId: string, by: Actor, wrapUp: WrapUp): Promise<Outcome<{ ok: true }>> {
    const { book, clock, ledger } = this.desk;
    const held = book.heldFor(pairId, by.admin ? null : by.id);
    if ("refusal" in held) return { refusal: DESK_TEXTS[held.refusal] };
    if (!ledger.answered(pairId)) return { refusal: DESK_TEXTS.notAnswered };
    book.remove(pairId);
    clock.endOpening(pairId, Date.now(), "resolved", by.id, wrapUp);
    await clock.rebalance(Date.now());
    return { ok: true };
  }

  /** Once a listener replied it stays: transfer or resolve it. */
  async returnToLine(pairId: string, by: Actor): Promise<Outcome<{ ok: true }>> {
    const { book, clock, ledger, rooms } = this.desk;
    const held = book.heldFor(pairId, by.admin ? null : by.id);
    if ("refusal" in held) return { refusal: DESK_TEXTS[held.refusal] };
    if (ledger.answered(pairId)) return { refusal: DESK_TEXTS.alreadyAnswered };
    book.returnToLine(pairId, held.listener_id);
    rooms.tellQueuedAgain(pairId);
    await clock.rebalance(Date.now());
    return { ok: true };
  }

  /** `crisis` puts it first (for a held one, it is kept for the figures). Answers where it stands now. */
  async visitorWaiting(told: WaitingVisitor): Promise<DeskRoomUpdate> {
    const { book, clock, ledger, pages, rooms } = this.desk;
    const now = Date.now();
    // Only a language the site speaks is kept.
    const entry = { ...told, language: languageOf(told.language) };
    const row = book.conversation(entry.pairId);
    if (entry.crisis && row) {
      ledger.flagCrisis(entry.pairId);
      book.flagCrisis(entry.pairId);
    }
    // Already held: the room's word was behind.
    if (row?.listener_id) {
      if (entry.crisis && row.crisis === 0) pages.refreshSoon();
      return rooms.standing(entry.pairId, now);
    }
    if (!row) ledger.opened(entry.pairId, entry.at, entry.crisis, entry.language);
    book.enqueue(entry);
    await clock.rebalance(now);
    return rooms.standing(entry.pairId, now);
  }

  async listenerReplied(pairId: string, listenerId: string, at: number): Promise<void> {
    const { book, clock, ledger, pages } = this.desk;
    // On the desk from before its openings were recorded: one now, or no reply could ever count.
    const row = book.conversation(pairId);
    if (row) ledger.opened(pairId, row.waiting_since, row.crisis === 1, row.language);
    if (!ledger.replied(pairId, listenerId, at)) return;
    // 'Mark resolved' may now be used.
    pages.refreshSoon();
    if (row?.listener_id === listenerId) book.setQuietCheck(pairId, at + getConfig().desk.quietCloseMs);
    await clock.rebalance(Date.now(), false);
  }

  async visitorEnded(pairId: string): Promise<{ ok: true } | { refusal: "notOpen" }> {
    const { book, clock } = this.desk;
    const row = book.remove(pairId);
    if (!row) return { refusal: "notOpen" };
    const told = clock.endOpening(pairId, Date.now(), "visitor", joinedBy(row));
    await clock.rebalance(Date.now());
    // The page that asked shows the end (and the survey) as soon as it answers.
    await told;
    return { ok: true };
  }

  /** One already answered stays with its listener. */
  async visitorLeft(pairId: string): Promise<void> {
    const { book, clock, ledger } = this.desk;
    const row = book.conversation(pairId);
    if (!row || ledger.answered(pairId)) return;
    book.remove(pairId);
    clock.endOpening(pairId, Date.now(), "session", joinedBy(row));
    await clock.rebalance(Date.now());
  }

  async answerSurvey(
    pairId: string,
    openingId: number,
    answer: { helpful: HelpfulAnswer; comment: string },
  ): Promise<{ ok: true } | { refusal: SurveyRefusal }> {
    const outcome = this.desk.ledger.answerSurvey(pairId, openingId, answer, Date.now());
    if ("refusal" in outcome) return outcome;
    // Asked no more: the room's next word has no survey (unless a newer opening already moved on).
    if (!this.desk.book.conversation(pairId)) await this.desk.rooms.tellIdle(pairId);
    return outcome;
  }
}

/** Its holder once they had opened it (the visitor read that a listener joined), else nobody: they left the line. */
function joinedBy(row: ConversationRow): string | null {
  return row.opened_at !== null ? row.listener_id : null;
}
