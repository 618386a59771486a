import { containsCrisisPhrase } from "~/shared/crisis-phrases";
import { type DeskEvent, MAX_DESK_EVENTS, type VisitorDeskStatus } from "~/shared/desk";
import type { Language } from "~/shared/languages";
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
  /** How and when the opening ended (an idle update only): the visitor reads it among the messages. */
  ended: { at: number; how: DeskEndKind } | null;
  /** The ended opening whose survey the visitor may still answer (an idle update only). */
  survey: number | null;
  /** While queued: about how many minutes the wait is (null: too little data to say). */
  waitMinutes: number | null;
  /**
   * Queued or assigned: the visitor's language when no listener taking conversations speaks it (the
   * holder, once assigned); null when one does, and for the default language. Absent from updates
   * stored before languages were matched.
   */
  noListenerSpeaks?: Language | null;
};

/** The ways an opening ends that its visitor is told of, and the event each one reads as. */
export type DeskEndKind = "resolved" | "visitor" | "inactive" | "session";
const END_EVENTS: Record<DeskEndKind, DeskEvent["kind"]> = {
  resolved: "ended",
  visitor: "you-ended",
  inactive: "closed-inactive",
  session: "left-line",
};

/**
 * A support conversation's side of the desk, in its ChatRoom: the desk's last word on it (kept in
 * `meta`), which listener may write in it, what its visitor is told, and the one call per opening
 * that puts it in the queue. The desk hears of a conversation when its visitor writes while nobody
 * holds it, and when the crisis-phrase check first fires in the opening; never per message.
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
    // A status stored before ends were kept has no `ended`.
    if (update.ended && update.ended.at !== (current?.ended?.at ?? null)) {
      this.addEvent({ kind: END_EVENTS[update.ended.how], at: update.ended.at, alias: null });
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

  /**
   * The visitor wrote: if nobody holds the conversation it joins the queue (the room remembers it
   * asked, so their next messages call nothing until the desk answers); a waiting one whose words
   * first read as crisis is flagged. Answers the call to wait for, or null when the desk need not hear.
   */
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
    // The common case, a held conversation, costs nothing more per message; its first crisis words
    // are told once (the desk's figures list a wrap-up that then said no risk was discussed).
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
        // The next message asks again.
        this.meta.delete("desk_asked");
        console.error(JSON.stringify({ at: "chat-room.desk", pairId, error: String(error) }));
        return null;
      });
  }

  /** Whether the visitor's words read as crisis in this opening. */
  crisisFlagged(): boolean {
    return this.meta.get("desk_crisis") === "1";
  }

  /** A resolved conversation starts its next opening unflagged and unanswered. */
  resetOpeningIfIdle(): void {
    if (this.status()?.state !== "idle") return;
    this.meta.delete("desk_crisis");
    this.meta.delete("desk_answered");
  }

  /**
   * A listener's message: the desk hears of the opening's first reply (for its figures and its
   * inactivity clock), once per opening, never of the replies after it.
   */
  listenerReplied(entry: { pairId: string; listenerId: string; at: number }) {
    if (!this.mayWrite(entry.listenerId) || this.meta.get("desk_answered") === "1") return null;
    this.meta.set("desk_answered", "1");
    return supportDesk()
      .listenerReplied(entry.pairId, entry.listenerId, entry.at)
      .catch((error) => {
        // The next reply tells it again.
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

/** Whether a listener joined since the last opening ended: the only events are joins and ends. */
function joinedThisOpening(events: DeskEvent[]): boolean {
  return events.at(-1)?.kind === "joined";
}
