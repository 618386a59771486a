import { DEFAULT_LANGUAGE, type Language, languageOf } from "~/shared/languages";
import type { DeskEndKind, DeskRoomUpdate } from "../chat/desk-link";
import { chatRoom } from "../objects/room-service";
import type { DeskBook } from "./desk-book";
import { type ConversationRow, storedLanguages } from "./desk-tables";

/** A burst of queue changes is one pass, and a waiting visitor's number follows the line within a second. */
const PLACES_COALESCE_MS = 1000;
/** The first places are told at every pass; one further back at most every FAR_PLACE_INTERVAL_MS. */
const EXACT_PLACES = 20;
const FAR_PLACE_INTERVAL_MS = 5000;

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

/** `survey`: the opening to ask about (null: none). */
export type OpeningEnd = { at: number; how: DeskEndKind; survey: number | null };

/**
 * Updates carry a rising version, so a room ignores one that arrives after a newer one. Places go only to rooms
 * whose place changed, and far back at most every few seconds: a long line costs no notice per waiting room per take.
 */
export class RoomNotices {
  private version = 0;
  private readonly placeTold = new Map<string, { place: string; at: number }>();
  private placesTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly book: DeskBook,
    private readonly waitUntil: (promise: Promise<unknown>) => void,
    private readonly waitEstimate: () => (position: number) => number | null,
  ) {}

  /** The room learns who may write, and whether they joined. */
  tellAssigned(pairId: string, listenerId: string): void {
    this.placeTold.delete(pairId);
    this.tell(pairId, this.assignedUpdate(pairId, listenerId));
  }

  /** `ended`: an end its visitor is told (and maybe asked about). */
  tellIdle(pairId: string, ended: OpeningEnd | null = null): Promise<void> {
    this.placeTold.delete(pairId);
    return this.tell(pairId, this.idleUpdate(ended));
  }

  /** For the room that just asked: its visitor's first message learns its place at once, not a pass later. */
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

  tellQueuedAgain(pairId: string): void {
    this.placeTold.delete(pairId);
  }

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

  /** Never rejects; the caller may wait or not. */
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

/** Told again only when it changes. */
function placeKey(
  position: number,
  waitMinutes: number | null,
  noListenerSpeaks: Language | null,
  listenersAvailable: boolean,
): string {
  return `${position}:${waitMinutes ?? "-"}:${noListenerSpeaks ?? "-"}:${listenersAvailable}`;
}

/** null when spoken, the default language (an English visitor is never told about it), or not known. */
function unspoken(language: string | null, spoken: ReadonlySet<string>): Language | null {
  const known = languageOf(language);
  return known && known !== DEFAULT_LANGUAGE && !spoken.has(known) ? known : null;
}

function holderLanguages(row: ConversationRow): Set<string> {
  return new Set(storedLanguages(row.listener_languages));
}
