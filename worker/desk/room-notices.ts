import type { DeskRoomUpdate } from "../chat/desk-link";
import { chatRoom } from "../chat/room-service";
import type { DeskBook } from "./desk-book";

/**
 * Places in line are recomputed at most this often: a burst of queue changes is one pass, and a
 * waiting visitor's number follows the line within a second (docs/architecture.md, "The support desk").
 */
const PLACES_COALESCE_MS = 1000;

/**
 * What the desk tells each support conversation's room (which tells its visitor): assigned (and to
 * whom, for the room's own check of who may write), back to idle, or its place in line. Updates
 * carry a rising version, so a room ignores one that arrives after a newer one. Places are pushed
 * only to rooms whose place (or whether anyone is available) changed.
 */
export class RoomNotices {
  private version = 0;
  /** Each queued room's last place told, as "position:available". */
  private readonly placeTold = new Map<string, string>();
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
  placesChanged(): void {
    if (this.placesTimer) return;
    this.placesTimer = setTimeout(() => {
      this.placesTimer = null;
      this.tellPlaces();
    }, PLACES_COALESCE_MS);
  }

  private tellPlaces(): void {
    const queue = this.book.queueOrder();
    const listenersAvailable = this.book.anyoneAvailable();
    const queued = new Set(queue);
    for (const pairId of this.placeTold.keys()) if (!queued.has(pairId)) this.placeTold.delete(pairId);
    queue.forEach((pairId, index) => {
      const place = `${index + 1}:${listenersAvailable}`;
      if (this.placeTold.get(pairId) === place) return;
      this.placeTold.set(pairId, place);
      this.tell(pairId, { state: "queued", listenerId: null, position: index + 1, listenersAvailable });
    });
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
