import { WAIT_ESTIMATE_SAMPLES, type WrapUp } from "~/shared/desk-operations";
import type { DeskEndKind } from "../chat/desk-link";
import { getConfig } from "../config";
import { chatRoom } from "../objects/room-service";
import type { Assignment, DeskBook } from "./desk-book";
import type { DeskLedger, EndedHow } from "./desk-ledger";
import type { DeskPages } from "./desk-pages";
import type { DeskProbes } from "./desk-probes";
import type { RoomNotices } from "./room-notices";

export type ClockedDesk = {
  storage: DurableObjectStorage;
  book: DeskBook;
  pages: DeskPages;
  probes: DeskProbes;
  ledger: DeskLedger;
  rooms: RoomNotices;
};

/** docs/desk-glossary.md, "The clock". */
export type DeadlineKind = "presence" | "probe" | "grace" | "open" | "quiet";

/**
 * Every step is synchronous on the book but for the rooms it asks (quiet close, hand-back), so a probe out never
 * holds the desk: its answer or its deadline finishes the offer.
 */
export class DeskClock {
  constructor(private readonly desk: ClockedDesk) {}

  /** null: none of that kind now. */
  deadlines(): Record<DeadlineKind, number | null> {
    const { book, pages, probes } = this.desk;
    const { handbackGraceMs, openDeadlineMs } = getConfig().desk;
    const gone = book.earliestGone();
    const unopened = book.earliestUnopened();
    return {
      presence: pages.nextDeadline(),
      probe: probes.nextDeadline(),
      grace: gone === null ? null : gone + handbackGraceMs,
      open: unopened === null ? null : unopened + openDeadlineMs,
      quiet: book.earliestQuietCheck(),
    };
  }

  /** `now`: the alarm's time, or a test's scripted time. */
  async tick(now: number): Promise<void> {
    const { book, pages, probes, ledger, rooms } = this.desk;
    let changed = pages.check(now);
    ledger.prune(now);
    for (const { listenerId, askedAt } of probes.overdue(now)) {
      book.markUnanswered(listenerId, askedAt, now);
      changed = true;
    }
    if (await this.closeQuiet(now)) changed = true;
    const { handbackGraceMs, openDeadlineMs } = getConfig().desk;
    for (const listenerId of book.goneSince(now - handbackGraceMs)) {
      book.settleGone(listenerId);
      await this.handBack(listenerId, now);
      changed = true;
    }
    for (const row of book.unopenedSince(now - openDeadlineMs)) {
      if (!row.listener_id || !book.lapse(row.pair_id, row.listener_id)) continue;
      rooms.tellQueuedAgain(row.pair_id);
      changed = true;
    }
    await this.rebalance(now, changed);
  }

  /** `changed`: the line, a holder or who is present changed, so the visitors in line and the desk pages hear of it. */
  async rebalance(now: number, changed = true): Promise<void> {
    const { book, pages, probes, rooms } = this.desk;
    if (pages.check(now)) changed = true;
    book.withdrawOffers();
    const offeredTo = new Set(book.offerWaiting().map((offer) => offer.listenerId));
    let unaskable = false;
    for (const listenerId of offeredTo) {
      if (probes.out(listenerId)) continue;
      const socketIds = pages.socketIdsOf(listenerId);
      // No socket to ask: as good as unanswered, and the line is offered again without them.
      if (socketIds.length === 0) {
        book.markUnanswered(listenerId, now, now);
        unaskable = true;
        continue;
      }
      pages.ask(probes.ask(listenerId, socketIds, now));
    }
    if (unaskable) return this.rebalance(now, true);
    if (changed) {
      rooms.placesChanged();
      pages.refreshSoon();
    }
    await this.schedule(now);
  }

  async probeAnswered(listenerId: string, now: number): Promise<void> {
    const made = this.desk.book.assignOffered(listenerId, now);
    this.assigned(made);
    await this.rebalance(now, made.length > 0);
  }

  /** Taken from the line (any assignment but a transfer), it sets the pace the wait is estimated from. */
  assigned(made: Assignment[], fromLine = true): void {
    const { book, ledger, rooms } = this.desk;
    if (fromLine && made.length > 0) {
      const present = book.presentCount();
      for (const _ of made) ledger.assigned(Date.now(), present, WAIT_ESTIMATE_SAMPLES);
    }
    for (const { pairId, listenerId } of made) rooms.tellAssigned(pairId, listenerId);
  }

  /** Its visitor is told how, and asked about it unless they just left. */
  endOpening(pairId: string, now: number, how: DeskEndKind, by: string | null = null, wrapUp?: WrapUp) {
    const openingId = this.desk.ledger.ended(pairId, now, how satisfies EndedHow, by, wrapUp ?? null);
    return this.desk.rooms.tellIdle(pairId, { at: now, how, survey: how === "session" ? null : openingId });
  }

  /** Each room says whether its visitor waits for a reply; those go back to the line oldest first. */
  async handBack(listenerId: string, now = Date.now()): Promise<void> {
    const { book, ledger, rooms } = this.desk;
    const held = book.heldBy(listenerId);
    const waits = await Promise.all(
      held.map((row) =>
        chatRoom(row.pair_id)
          .deskWaitingSince()
          .catch(() => row.waiting_since),
      ),
    );
    held.forEach((row, index) => {
      const outcome = book.handBack(row.pair_id, listenerId, waits[index] ?? null);
      if (outcome === "closed") {
        ledger.ended(row.pair_id, now, "returned", listenerId);
        rooms.tellIdle(row.pair_id);
      }
      if (outcome === "queued") rooms.tellQueuedAgain(row.pair_id);
    });
  }

  /** Quiet since a listener's reply for the whole time, it closes; otherwise its next check is set. */
  private async closeQuiet(now: number): Promise<boolean> {
    const { book } = this.desk;
    const { quietCloseMs } = getConfig().desk;
    const due = book.quietDue(now);
    const quiet = await Promise.all(
      due.map((row) =>
        chatRoom(row.pair_id)
          .deskQuiet()
          .catch(() => null),
      ),
    );
    let closed = false;
    due.forEach((row, index) => {
      // The desk may have moved it while the rooms answered.
      if (book.conversation(row.pair_id)?.listener_id !== row.listener_id) return;
      const state = quiet[index];
      if (state?.supportSpokeLast && state.at + quietCloseMs <= now) {
        book.remove(row.pair_id);
        this.endOpening(row.pair_id, now, "inactive", row.listener_id);
        closed = true;
        return;
      }
      // The visitor spoke last (a listener's reply is due, not theirs): asked again a whole time later.
      book.setQuietCheck(row.pair_id, state?.supportSpokeLast ? state.at + quietCloseMs : now + quietCloseMs);
    });
    return closed;
  }

  private async schedule(now: number): Promise<void> {
    const { storage } = this.desk;
    const candidates = Object.values(this.deadlines()).filter((at): at is number => at !== null);
    const due = candidates.length === 0 ? null : Math.max(now, Math.min(...candidates));
    const current = await storage.getAlarm();
    if (due === null) {
      if (current !== null) await storage.deleteAlarm();
    } else if (current !== due) {
      await storage.setAlarm(due);
    }
  }
}
