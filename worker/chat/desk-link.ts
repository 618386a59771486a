import { containsCrisisPhrase } from "~/shared/crisis-phrases";
import { type DeskEvent, MAX_DESK_EVENTS, type VisitorDeskStatus } from "~/shared/desk";
import type { Language } from "~/shared/languages";
import { CLOSE_CODES } from "~/shared/socket-protocol";
import { supportDesk } from "../objects/desk-service";
import type { Meta } from "../sockets/meta";

/** An answer lost on the way: the visitor's next message asks again after this long. */
const UNANSWERED_ASK_MS = 30_000;

export const DESK_LISTENER_CLOSE = { code: CLOSE_CODES.withdrawn, reason: "No longer yours" } as const;

export type DeskRoomUpdate = {
  /** An older update arriving late is ignored. */
  version: number;
  pairId: string;
  state: VisitorDeskStatus["state"];
  listenerId: string | null;
  position: number | null;
  listenersAvailable: boolean;
  /** Only once the holder opened it has a listener joined. */
  openedAt: number | null;
  alias: string | null;
  ended: { at: number; how: DeskEndKind } | null;
  survey: number | null;
  waitMinutes: number | null;
  /** Null when a listener taking conversations speaks it, and for the default language; absent from old updates. */
  noListenerSpeaks?: Language | null;
};

export type DeskEndKind = "resolved" | "visitor" | "inactive" | "session";
const END_EVENTS: Record<DeskEndKind, DeskEvent["kind"]> = {
  resolved: "ended",
  visitor: "you-ended",
  inactive: "closed-inactive",
  session: "left-line",
};

/**
 * The desk hears of a conversation when its visitor writes while nobody holds it, or first writes
 * crisis words; never per message.
 */
export class DeskLink {
  private known: DeskRoomUpdate | null | undefined;

  constructor(private readonly meta: Meta) {}

  status(): DeskRoomUpdate | null {
    if (this.known === undefined) {
      const stored = this.meta.get("desk_status");
      this.known = stored ? (JSON.parse(stored) as DeskRoomUpdate) : null;
    }
    return this.known;
  }

  /** Answers whether it was taken: a newer one may already be here. */
  apply(update: DeskRoomUpdate): boolean {
    const current = this.status();
    if (current && current.version > update.version) return false;
    if (update.openedAt !== null && update.openedAt !== (current?.openedAt ?? null)) {
      this.addEvent({ kind: "joined", at: update.openedAt, alias: update.alias });
    }
    // A status stored before ends were kept has no `ended`.
    if (update.ended && update.ended.at !== (current?.ended?.at ?? null)) {
      this.addEvent({ kind: END_EVENTS[update.ended.how], at: update.ended.at, alias: null });
    }
    this.store(update);
    return true;
  }

  openedBy(listenerId: string): boolean {
    const status = this.status();
    return status?.listenerId === listenerId && (status.openedAt ?? null) !== null;
  }

  mayWrite(listenerId: string): boolean {
    const status = this.status();
    return status?.state === "assigned" && status.listenerId === listenerId;
  }

  /** Never who answers; events older than `keptAfter` went with the messages around them. */
  visitorFrame(keptAfter: number): VisitorDeskStatus | null {
    const status = this.status();
    if (!status) return null;
    const { state, position, listenersAvailable } = status;
    const opened = state === "assigned" && (status.openedAt ?? null) !== null;
    const allEvents = this.events();
    const events = allEvents.filter((event) => event.at > keptAfter);
    const waitMinutes = state === "queued" ? (status.waitMinutes ?? null) : null;
    const survey = state === "idle" ? (status.survey ?? null) : null;
    const joinedBefore = state !== "idle" && !opened && joinedThisOpening(allEvents);
    const noListenerSpeaks = state === "idle" ? null : (status.noListenerSpeaks ?? null);
    return {
      type: "desk",
      state,
      position,
      listenersAvailable,
      opened,
      joinedBefore,
      events,
      waitMinutes,
      survey,
      noListenerSpeaks,
    };
  }

  /** Answers the call to wait for, or null when the desk need not hear. */
  visitorWrote(entry: {
    pairId: string;
    visitorId: string;
    visitorName: string;
    text: string;
    at: number;
    country: string | null;
    language: string | null;
  }) {
    const state = this.status()?.state;
    const crisis = containsCrisisPhrase(entry.text);
    const flagged = this.meta.get("desk_crisis") === "1";
    // A held conversation costs nothing more per message; its first crisis words are told once.
    if (state === "assigned" && (flagged || !crisis)) return null;
    // Asked and not yet answered: the answer is on its way, unless it was lost long ago.
    const askedAt = Number(this.meta.get("desk_asked") ?? 0);
    const waiting = state === "queued" || entry.at - askedAt < UNANSWERED_ASK_MS;
    if (waiting && (flagged || !crisis)) return null;
    if (crisis) this.meta.set("desk_crisis", "1");
    this.meta.set("desk_asked", String(entry.at));
    const { pairId, visitorId, visitorName, at, country, language } = entry;
    return supportDesk()
      .visitorWaiting({ pairId, visitorId, visitorName, crisis: crisis || flagged, at, country, language })
      .catch((error): null => {
        this.meta.delete("desk_asked");
        console.error(JSON.stringify({ at: "chat-room.desk", pairId, error: String(error) }));
        return null;
      });
  }

  crisisFlagged(): boolean {
    return this.meta.get("desk_crisis") === "1";
  }

  resetOpeningIfIdle(): void {
    if (this.status()?.state !== "idle") return;
    this.meta.delete("desk_crisis");
    this.meta.delete("desk_answered");
  }

  /** Once per opening, for the desk's figures and inactivity clock. */
  listenerReplied(entry: { pairId: string; listenerId: string; at: number }) {
    if (!this.mayWrite(entry.listenerId) || this.meta.get("desk_answered") === "1") return null;
    this.meta.set("desk_answered", "1");
    return supportDesk()
      .listenerReplied(entry.pairId, entry.listenerId, entry.at)
      .catch((error) => {
        this.meta.delete("desk_answered");
        console.error(JSON.stringify({ at: "chat-room.desk-replied", pairId: entry.pairId, error: String(error) }));
      });
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

function joinedThisOpening(events: DeskEvent[]): boolean {
  return events.at(-1)?.kind === "joined";
}
