import { type DeskConversation, type DeskListener, MAX_WAITING_SHOWN } from "~/shared/desk";
import { DEFAULT_LANGUAGE, languageNameIn, languageOf } from "~/shared/languages";
import { isKnownCountry, tableCountryName } from "../crisis-help/country-help";
import type { DeskBook } from "./desk-book";
import { CONVERSATION_COLUMNS, type ConversationRow, type ListenerRow, storedLanguages } from "./desk-tables";

export type SharedDeskView = ReturnType<DeskViews["shared"]>;

export class DeskViews {
  constructor(
    private readonly sql: SqlStorage,
    private readonly capacity: number,
    private readonly book: DeskBook,
  ) {}

  of(listenerId: string, admin: boolean) {
    return this.personal(listenerId, admin, this.shared());
  }

  /** Computed once when many desks are told a change. */
  shared() {
    const waiting = this.book.queueHead(MAX_WAITING_SHOWN);
    return {
      waiting: waiting.map(toDeskConversation),
      waitingCount: this.book.lineLength(),
      listeners: this.book.listeners(),
    };
  }

  personal(listenerId: string, admin: boolean, shared: SharedDeskView) {
    const me = shared.listeners.find((listener) => listener.listener_id === listenerId);
    const all = admin
      ? this.sql
          .exec<ConversationRow>(
            `SELECT ${CONVERSATION_COLUMNS} FROM desk_conversations c
             JOIN desk_listeners l ON l.listener_id = c.listener_id ORDER BY l.name, c.assigned_at`,
          )
          .toArray()
      : null;
    return {
      me: { available: me?.available === 1, active: me?.active ?? 0, capacity: this.capacity },
      waiting: shared.waiting,
      waitingCount: shared.waitingCount,
      mine: this.book.heldBy(listenerId).map(toDeskConversation),
      all: all?.map(toDeskConversation) ?? null,
      listeners: shared.listeners.map(toDeskListener),
    };
  }
}

function toDeskConversation(row: ConversationRow): DeskConversation {
  const held = row.listener_id !== null;
  return {
    pairId: row.pair_id,
    visitorId: row.visitor_id,
    visitorName: row.visitor_name,
    // Who wrote last in a held conversation is the room's to know (no per-message traffic here).
    waitingSince: held ? null : row.waiting_since,
    crisis: row.crisis === 1,
    listener: held && row.listener_id ? { id: row.listener_id, name: row.listener_name ?? "" } : null,
    assignedAt: row.assigned_at,
    openedAt: row.opened_at,
    answered: row.answered === 1,
    country:
      row.country && isKnownCountry(row.country)
        ? { code: row.country, name: tableCountryName(row.country) ?? row.country }
        : null,
    language: deskLanguage(row.language),
  };
}

/** In their own language. */
function deskLanguage(code: string | null): DeskConversation["language"] {
  const language = languageOf(code);
  return language ? { code: language, name: languageNameIn(language, DEFAULT_LANGUAGE) } : null;
}

function toDeskListener(row: ListenerRow): DeskListener {
  // Available to others (for a transfer) only while present.
  return {
    id: row.listener_id,
    name: row.name,
    available: row.present === 1,
    active: row.active,
    languages: storedLanguages(row.languages).map((language) => ({
      code: language,
      name: languageNameIn(language, DEFAULT_LANGUAGE),
    })),
  };
}
