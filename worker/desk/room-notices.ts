import type { DeskRoomUpdate } from "../chat/desk-link";
import { chatRoom } from "../chat/room-service";
import type { DeskBook } from "./desk-book";

/**
 * Places in line are recomputed at most this often: a burst of queue changes is one pass, and a
 * waiting visitor's number follows the line within a second (docs/architecture.md, "The support desk").
 */
const PLACES_COALESCE_MS = 1000;
/** The first places in line are told at every pass; a place further back at most this often. */
const EXACT_PLACES = 20;
const FAR_PLACE_INTERVAL_MS = 5000;

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
  /** Each queued room's last place told, as "position:available", and when. */
  private readonly placeTold = new Map<string, { place: string; at: number }>();
  private placesTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly book: DeskBook,
    private readonly waitUntil: (promise: Promise<unknown>) => void,
  ) {}

  tellAssigned(pairId: string, listenerId: string): void {
    this.placeTold.delete(pairId);
    this.tell(pairId, { state: "assigned", listenerId, position: null, listenersAvailable: true });
  }

  tellIdle(pairId: string): void {
    this.placeTold.delete(pairId);
    const listenersAvailable = this.book.anyoneAvailable();
    this.tell(pairId, { state: "idle", listenerId: null, position: null, listenersAvailable });
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
    const queued = new Set(queue);
    for (const pairId of this.placeTold.keys()) if (!queued.has(pairId)) this.placeTold.delete(pairId);
    let deferred = false;
    queue.forEach((pairId, index) => {
      const place = `${index + 1}:${listenersAvailable}`;
      const told = this.placeTold.get(pairId);
      if (told?.place === place) return;
      // Far back, a place told a moment ago waits (whether anyone is available is never held back).
      const sameAvailability = told?.place.endsWith(`:${listenersAvailable}`);
      if (told && sameAvailability && index >= EXACT_PLACES && now - told.at < FAR_PLACE_INTERVAL_MS) {
        deferred = true;
        return;
      }
      this.placeTold.set(pairId, { place, at: now });
      this.tell(pairId, { state: "queued", listenerId: null, position: index + 1, listenersAvailable });
    });
    // What was held back is told by a later pass even if the line does not move again.
    if (deferred) this.placesChanged(FAR_PLACE_INTERVAL_MS);
  }

  private tell(pairId: string, update: Omit<DeskRoomUpdate, "version" | "pairId">): void {
    // Rising across restarts too: time-based, and never twice the same.
    this.version = Math.max(this.version + 1, Date.now() * 1000);
    const sent = chatRoom(pairId)
      .deskChanged({ ...update, pairId, version: this.version })
      .catch((error) => {
        // The room learns again when its visitor next writes (SupportDesk.visitorWaiting).
        this.placeTold.delete(pairId);
        console.error(JSON.stringify({ at: "desk.room-notice", pairId, error: String(error) }));
      });
    this.waitUntil(sent);
  }
}
