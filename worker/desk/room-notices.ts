import { DEFAULT_LANGUAGE, type Language, languageOf } from "~/shared/languages";
import type { DeskEndKind, DeskRoomUpdate } from "../chat/desk-link";
import { chatRoom } from "../objects/room-service";
import type { DeskBook } from "./desk-book";
import { type ConversationRow, storedLanguages } from "./desk-tables";

/**
 * Places in line are recomputed at most this often: a burst of queue changes is one pass, and a
 * waiting visitor's number follows the line within a second (docs/architecture.md, "The support desk").
 */
const PLACES_COALESCE_MS = 1000;
/** The first places in line are told at every pass; a place further back at most this often. */
const EXACT_PLACES = 20;
const FAR_PLACE_INTERVAL_MS = 5000;

/** An update's fields for a conversation no listener holds. */
const NOBODY_HOLDS = {
  listenerId: null,
  position: null,
  openedAt: null,
  alias: null,
  ended: null,
  survey: null,
  waitMinutes: null,
  noListenerSpeaks: null,
} as const;

/** How an opening ended, as its visitor is told: when, how, and the survey to ask (null: none). */
export type OpeningEnd = { at: number; how: DeskEndKind; survey: number | null };

/**
 * What the desk tells each support conversation's room (which tells its visitor): assigned (and to
 * whom, for the room's own check of who may write), back to idle, or its place in line. Updates
 * carry a rising version, so a room ignores one that arrives after a newer one. Places are pushed
 * only to rooms whose place (or whether anyone is available) changed; beyond the first places, at
 * most every few seconds, so a line of thousands does not cost a notice per waiting room for every
 * conversation taken (the number a visitor far back reads trails the line by a few seconds).
 */
export class RoomNotices {
  private version = 0;
  /** Each queued room's last place told, as "position:minutes:available", and when. */
  private readonly placeTold = new Map<string, { place: string; at: number }>();
  private placesTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly book: DeskBook,
    private readonly waitUntil: (promise: Promise<unknown>) => void,
    /**
     * The wait now, read once per pass: about how many minutes it is at a place in line (null: too
     * little data to say).
     */
    private readonly waitEstimate: () => (position: number) => number | null,
  ) {}

  /** Given to a listener, or opened by them: the room learns who may write, and whether they joined. */
  tellAssigned(pairId: string, listenerId: string): void {
    this.placeTold.delete(pairId);
    this.tell(pairId, this.assignedUpdate(pairId, listenerId));
  }

  /** Off the desk: `ended` when the opening ended in a way its visitor is told (and maybe asked about). */
  tellIdle(pairId: string, ended: OpeningEnd | null = null): Promise<void> {
    this.placeTold.delete(pairId);
    return this.tell(pairId, this.idleUpdate(ended));
  }

  /**
   * Where a conversation stands right now, for the room that just asked (its visitor's first message
   * learns its place at once, not a pass later): the same words the room would be told.
   */
  standing(pairId: string, now: number): DeskRoomUpdate {
    const row = this.book.conversation(pairId);
    let update: Omit<DeskRoomUpdate, "version" | "pairId">;
    if (!row) update = this.idleUpdate(null);
    else if (row.listener_id) update = this.assignedUpdate(pairId, row.listener_id);
    else {
      const position = this.book.placeInLine(pairId);
      const listenersAvailable = this.book.anyoneAvailable();
      const waitMinutes = listenersAvailable ? this.waitEstimate()(position) : null;
      const noListenerSpeaks = unspoken(row.language, this.book.languagesPresent());
      const place = placeKey(position, waitMinutes, noListenerSpeaks, listenersAvailable);
      this.placeTold.set(pairId, { place, at: now });
      update = { ...NOBODY_HOLDS, state: "queued", position, listenersAvailable, waitMinutes, noListenerSpeaks };
    }
    return { ...update, pairId, version: this.nextVersion() };
  }

  private assignedUpdate(pairId: string, listenerId: string): Omit<DeskRoomUpdate, "version" | "pairId"> {
    const row = this.book.conversation(pairId);
    const openedAt = row?.listener_id === listenerId ? row.opened_at : null;
    const alias = openedAt !== null ? (row?.listener_alias ?? null) : null;
    const noListenerSpeaks = row?.listener_id === listenerId ? unspoken(row.language, holderLanguages(row)) : null;
    return {
      ...NOBODY_HOLDS,
      state: "assigned",
      listenerId,
      listenersAvailable: true,
      openedAt,
      alias,
      noListenerSpeaks,
    };
  }

  private idleUpdate(ended: OpeningEnd | null): Omit<DeskRoomUpdate, "version" | "pairId"> {
    return {
      ...NOBODY_HOLDS,
      state: "idle",
      listenersAvailable: this.book.anyoneAvailable(),
      ended: ended && { at: ended.at, how: ended.how },
      survey: ended?.survey ?? null,
    };
  }

  /** A conversation went back to the queue: its place is told with the next pass. */
  tellQueuedAgain(pairId: string): void {
    this.placeTold.delete(pairId);
  }

  /** The queue or availability changed: the places follow shortly. */
  placesChanged(delay = PLACES_COALESCE_MS): void {
    if (this.placesTimer) return;
    this.placesTimer = setTimeout(() => {
      this.placesTimer = null;
      this.tellPlaces(Date.now());
    }, delay);
  }

  private tellPlaces(now: number): void {
    const queue = this.book.queueOrder();
    const listenersAvailable = this.book.anyoneAvailable();
    const estimate = listenersAvailable ? this.waitEstimate() : () => null;
    const spoken = this.book.languagesPresent();
    const queued = new Set(queue.map((entry) => entry.pairId));
    for (const pairId of this.placeTold.keys()) if (!queued.has(pairId)) this.placeTold.delete(pairId);
    let deferred = false;
    queue.forEach(({ pairId, language }, index) => {
      const waitMinutes = estimate(index + 1);
      const noListenerSpeaks = unspoken(language, spoken);
      const place = placeKey(index + 1, waitMinutes, noListenerSpeaks, listenersAvailable);
      const told = this.placeTold.get(pairId);
      if (told?.place === place) return;
      // Far back, a place told a moment ago waits (whether anyone is available is never held back).
      const sameAvailability = told?.place.endsWith(`:${listenersAvailable}`);
      if (told && sameAvailability && index >= EXACT_PLACES && now - told.at < FAR_PLACE_INTERVAL_MS) {
        deferred = true;
        return;
      }
      this.placeTold.set(pairId, { place, at: now });
      this.tell(pairId, {
        ...NOBODY_HOLDS,
        state: "queued",
        position: index + 1,
        listenersAvailable,
        waitMinutes,
        noListenerSpeaks,
      });
    });
    // What was held back is told by a later pass even if the line does not move again.
    if (deferred) this.placesChanged(FAR_PLACE_INTERVAL_MS);
  }

  /** Rising across restarts too: time-based, and never twice the same. */
  private nextVersion(): number {
    this.version = Math.max(this.version + 1, Date.now() * 1000);
    return this.version;
  }

  /** Tells a room; answers when it has heard (never rejects; the caller may wait or not). */
  private tell(pairId: string, update: Omit<DeskRoomUpdate, "version" | "pairId">): Promise<void> {
    const sent = chatRoom(pairId)
      .deskChanged({ ...update, pairId, version: this.nextVersion() })
      .catch((error) => {
        // The room learns again when its visitor next writes (SupportDesk.visitorWaiting).
        this.placeTold.delete(pairId);
        console.error(JSON.stringify({ at: "desk.room-notice", pairId, error: String(error) }));
      });
    this.waitUntil(sent);
    return sent;
  }
}

/** What a queued visitor reads, as a key: told again only when it changes. Availability comes last. */
function placeKey(
  position: number,
  waitMinutes: number | null,
  noListenerSpeaks: Language | null,
  listenersAvailable: boolean,
): string {
  return `${position}:${waitMinutes ?? "-"}:${noListenerSpeaks ?? "-"}:${listenersAvailable}`;
}

/**
 * The visitor's language when none of `spoken` is it (null: it is spoken, it is the default language,
 * which an English visitor is never told about, or it is not known).
 */
function unspoken(language: string | null, spoken: ReadonlySet<string>): Language | null {
  const known = languageOf(language);
  return known && known !== DEFAULT_LANGUAGE && !spoken.has(known) ? known : null;
}

/** The languages of the listener holding a conversation, as its row joins them. */
function holderLanguages(row: ConversationRow): Set<string> {
  return new Set(storedLanguages(row.listener_languages));
}
