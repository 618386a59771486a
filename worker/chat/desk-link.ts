import { containsCrisisPhrase } from "~/shared/crisis-phrases";
import { type DeskEvent, MAX_DESK_EVENTS, type VisitorDeskStatus } from "~/shared/desk";
import { CLOSE_CODES } from "~/shared/socket-protocol";
import { supportDesk } from "../objects/desk-service";
import type { Meta } from "../sockets/meta";

/**
 * A room that asked the desk to queue its conversation and heard nothing back (an answer lost on the
 * way) asks again with the visitor's next message after this long.
 */
const UNANSWERED_ASK_MS = 30_000;

/** How a listener's socket closes when the conversation is no longer theirs to read. */
export const DESK_LISTENER_CLOSE = { code: CLOSE_CODES.withdrawn, reason: "No longer yours" } as const;

/** Where a support conversation stands on the desk, as the desk tells its room. */
export type DeskRoomUpdate = {
  /** Rising with every update the desk sends: an older one arriving late is ignored. */
  version: number;
  pairId: string;
  state: VisitorDeskStatus["state"];
  /** Who may write as the support account (null: nobody until a listener takes it). */
  listenerId: string | null;
  position: number | null;
  listenersAvailable: boolean;
  /** When the holder opened the conversation (null: not yet): only then has a listener joined. */
  openedAt: number | null;
  /** The holder's alias, once they opened it and if the admin set one. */
  alias: string | null;
  /** When a listener marked it resolved (an idle update only): the visitor is told it ended. */
  resolvedAt: number | null;
};

/**
 * A support conversation's side of the desk, in its ChatRoom: the desk's last word on it (kept in
 * `meta`), which listener may write in it, what its visitor is told, and the one call per opening
 * that puts it in the queue. The desk hears of a conversation when its visitor writes while nobody
 * holds it, and when the crisis-phrase check first fires while it waits; never per message.
 */
export class DeskLink {
  private known: DeskRoomUpdate | null | undefined;

  constructor(private readonly meta: Meta) {}

  /** The desk's last word (null: it has said nothing yet). */
  status(): DeskRoomUpdate | null {
    if (this.known === undefined) {
      const stored = this.meta.get("desk_status");
      this.known = stored ? (JSON.parse(stored) as DeskRoomUpdate) : null;
    }
    return this.known;
  }

  /**
   * The desk's word, unless a newer one is already here. A listener opening the conversation and
   * a resolve become events the visitor reads where they happened. Answers whether it was taken.
   */
  apply(update: DeskRoomUpdate): boolean {
    const current = this.status();
    if (current && current.version > update.version) return false;
    if (update.openedAt !== null && update.openedAt !== (current?.openedAt ?? null)) {
      this.addEvent({ kind: "joined", at: update.openedAt, alias: update.alias });
    }
    if (update.resolvedAt !== null && update.resolvedAt !== (current?.resolvedAt ?? null)) {
      this.addEvent({ kind: "ended", at: update.resolvedAt, alias: null });
    }
    this.store(update);
    return true;
  }

  /** Whether the conversation's holder has opened it (the desk then knows a listener joined). */
  openedBy(listenerId: string): boolean {
    const status = this.status();
    return status?.listenerId === listenerId && (status.openedAt ?? null) !== null;
  }

  /** Whether this listener may write as the support account: the desk gave them the conversation. */
  mayWrite(listenerId: string): boolean {
    const status = this.status();
    return status?.state === "assigned" && status.listenerId === listenerId;
  }

  /**
   * What the visitor is told (never who answers): where it stands, and the events since `keptAfter`
   * (older ones went with the messages around them). Null before the desk said anything.
   */
  visitorFrame(keptAfter: number): VisitorDeskStatus | null {
    const status = this.status();
    if (!status) return null;
    const { state, position, listenersAvailable } = status;
    const opened = state === "assigned" && (status.openedAt ?? null) !== null;
    const events = this.events().filter((event) => event.at > keptAfter);
    return { type: "desk", state, position, listenersAvailable, opened, events };
  }

  /**
   * The visitor wrote: if nobody holds the conversation it joins the queue (the room remembers it
   * asked, so their next messages call nothing until the desk answers); a waiting one whose words
   * first read as crisis is flagged. Answers the call to wait for, or null when the desk need not hear.
   */
  visitorWrote(entry: { pairId: string; visitorId: string; visitorName: string; text: string; at: number }) {
    const state = this.status()?.state;
    // The common case, a held conversation, costs nothing more per message.
    if (state === "assigned") return null;
    const crisis = containsCrisisPhrase(entry.text);
    const flagged = this.meta.get("desk_crisis") === "1";
    // Asked and not yet answered: the answer is on its way, unless it was lost long ago.
    const askedAt = Number(this.meta.get("desk_asked") ?? 0);
    const waiting = state === "queued" || entry.at - askedAt < UNANSWERED_ASK_MS;
    if (waiting && (flagged || !crisis)) return null;
    if (crisis) this.meta.set("desk_crisis", "1");
    this.meta.set("desk_asked", String(entry.at));
    const { pairId, visitorId, visitorName, at } = entry;
    return supportDesk()
      .visitorWaiting({ pairId, visitorId, visitorName, crisis: crisis || flagged, at })
      .catch((error): null => {
        // The next message asks again.
        this.meta.delete("desk_asked");
        console.error(JSON.stringify({ at: "chat-room.desk", pairId, error: String(error) }));
        return null;
      });
  }

  /** A resolved conversation starts its next opening unflagged. */
  resetCrisisIfIdle(): void {
    if (this.status()?.state === "idle") this.meta.delete("desk_crisis");
  }

  private events(): DeskEvent[] {
    const stored = this.meta.get("desk_events");
    return stored ? (JSON.parse(stored) as DeskEvent[]) : [];
  }

  private addEvent(event: DeskEvent): void {
    const events = [...this.events(), event].sort((a, b) => a.at - b.at).slice(-MAX_DESK_EVENTS);
    this.meta.set("desk_events", JSON.stringify(events));
  }

  private store(update: DeskRoomUpdate) {
    this.known = update;
    this.meta.set("desk_status", JSON.stringify(update));
    // The desk has answered: the visitor's next message asks again only if it says 'idle'.
    this.meta.delete("desk_asked");
  }
}
