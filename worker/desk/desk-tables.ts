import { DEFAULT_LANGUAGE, type Language, languageOf } from "~/shared/languages";
import { addColumnMigration, type Migration, sqlMigration } from "../sockets/migrations";
import { DESK_HOURS_TABLES, DESK_LEDGER_TABLE, rollUpKeptOpenings } from "./desk-ledger";

/**
 * The probes out: one row per desk socket asked, with the nonce only that socket was sent. A
 * listener's probe is answered by any one of their sockets echoing its own nonce.
 */
const DESK_PROBES_TABLE = sqlMigration(`
  CREATE TABLE IF NOT EXISTS desk_probes (
    nonce TEXT PRIMARY KEY,
    listener_id TEXT NOT NULL,
    socket_id TEXT NOT NULL,
    asked_at INTEGER NOT NULL,
    -- Past its deadline: a late answer no longer gives anything, but proves the page speaks again.
    late INTEGER NOT NULL DEFAULT 0
  );
  CREATE INDEX IF NOT EXISTS desk_probes_listener ON desk_probes (listener_id);
  CREATE INDEX IF NOT EXISTS desk_offered ON desk_conversations (offered_to) WHERE offered_to IS NOT NULL;
`);

export const DESK_TABLES = sqlMigration(`
  -- Everyone who has used the desk: whether they take conversations now, and since when they are
  -- gone (away, signed out, or their last desk page closed), for the hand-back after the grace.
  CREATE TABLE IF NOT EXISTS desk_listeners (
    listener_id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    available INTEGER NOT NULL DEFAULT 0,
    away_since INTEGER,
    last_assigned_at INTEGER NOT NULL DEFAULT 0
  );
  -- The open support conversations: queued (listener_id NULL) or held by a listener. A resolved
  -- conversation has no row; its visitor's next message queues it again.
  CREATE TABLE IF NOT EXISTS desk_conversations (
    pair_id TEXT PRIMARY KEY,
    visitor_id TEXT NOT NULL,
    visitor_name TEXT NOT NULL,
    listener_id TEXT,
    waiting_since INTEGER NOT NULL,
    crisis INTEGER NOT NULL DEFAULT 0,
    assigned_at INTEGER
  );
  CREATE INDEX IF NOT EXISTS desk_queue ON desk_conversations (crisis DESC, waiting_since) WHERE listener_id IS NULL;
  CREATE INDEX IF NOT EXISTS desk_held ON desk_conversations (listener_id);
`);

/** The desk's schema steps, in order, only ever appended. */
export const DESK_MIGRATIONS: readonly Migration[] = [
  DESK_TABLES,
  // The alias the admin set, which a visitor reads when this listener joins.
  addColumnMigration("desk_listeners", "alias", "TEXT"),
  // When the holder opened the conversation: only then has a listener joined, as the visitor reads.
  addColumnMigration("desk_conversations", "opened_at", "INTEGER"),
  // The listener who let it go back unopened, who is not offered it again at once.
  addColumnMigration("desk_conversations", "lapsed_by", "TEXT"),
  // The helpline's record: every opening, and the recent assignments' pace.
  DESK_LEDGER_TABLE,
  // When the quiet check next asks the room how long it has been quiet (null: no reply yet).
  addColumnMigration("desk_conversations", "quiet_check_at", "INTEGER"),
  // Whether crisis words were found in the opening's visitor messages, for the wrap-ups a lead reviews.
  addColumnMigration("desk_openings", "crisis", "INTEGER NOT NULL DEFAULT 0"),
  // The country the visitor wrote from, shown to their listener; it goes with the row at resolve.
  addColumnMigration("desk_conversations", "country", "TEXT"),
  // The languages a listener answers in (a JSON array of codes), the admin's choice; the default
  // language until the desk hears it.
  addColumnMigration("desk_listeners", "languages", `TEXT NOT NULL DEFAULT '${JSON.stringify([DEFAULT_LANGUAGE])}'`),
  // The language the visitor reads the site in (null: not known), which the desk matches listeners
  // by and shows; it goes with the row at resolve.
  addColumnMigration("desk_conversations", "language", "TEXT"),
  // The opening's language, for the figures by language.
  addColumnMigration("desk_openings", "language", "TEXT"),
  // 1: a wrap-up the lead reviews (risk not discussed where it mattered), set as the opening ends.
  addColumnMigration("desk_openings", "review", "INTEGER NOT NULL DEFAULT 0"),
  // The figures' hourly roll-ups, and the openings kept so far rolled up into them.
  DESK_HOURS_TABLES,
  rollUpKeptOpenings,
  // The listener a queued conversation is offered to while the desk asks their pages (null: none).
  addColumnMigration("desk_conversations", "offered_to", "TEXT"),
  // When a probe of theirs went unanswered: their pages count as there again only once one speaks.
  addColumnMigration("desk_listeners", "unanswered_at", "INTEGER"),
  DESK_PROBES_TABLE,
];

export type ConversationRow = {
  pair_id: string;
  visitor_id: string;
  visitor_name: string;
  listener_id: string | null;
  listener_name: string | null;
  listener_alias: string | null;
  waiting_since: number;
  crisis: number;
  assigned_at: number | null;
  opened_at: number | null;
  lapsed_by: string | null;
  /** 1 once a listener replied in the conversation's open opening (the ledger's record). */
  answered: number;
  country: string | null;
  language: string | null;
  /** The holder's languages (JSON), where the query joins them (null otherwise). */
  listener_languages: string | null;
  offered_to: string | null;
};

export type ListenerRow = {
  listener_id: string;
  name: string;
  available: number;
  away_since: number | null;
  /** 1 while present (PRESENT). */
  present: number;
  /** The conversations they hold. */
  active: number;
  /** What counts against their capacity: held, and offered while their pages are asked (LOAD). */
  load: number;
  /** The languages they answer in, as JSON (desk_listeners.languages). */
  languages: string | null;
};

/** A listener's languages as a row keeps them (JSON): those the site speaks, in their order. */
export function storedLanguages(json: string | null): Language[] {
  try {
    const parsed: unknown = JSON.parse(json ?? "[]");
    return Array.isArray(parsed) ? parsed.flatMap((code) => languageOf(code) ?? []) : [];
  } catch {
    return [];
  }
}

export const CONVERSATION_COLUMNS = `c.pair_id, c.visitor_id, c.visitor_name, c.listener_id, l.name AS listener_name,
  l.alias AS listener_alias, c.waiting_since, c.crisis, c.assigned_at, c.opened_at, c.lapsed_by, c.country,
  c.language, l.languages AS listener_languages, c.offered_to,
  EXISTS (SELECT 1 FROM desk_openings o WHERE o.pair_id = c.pair_id AND o.ended_at IS NULL
    AND o.answered_at IS NOT NULL) AS answered`;
/**
 * Present: a listener who takes conversations now: marked Available, and not gone (a desk page of
 * theirs is there: docs/desk-glossary.md). The one statement of the rule; every query and view reads it.
 */
export const PRESENT = "(l.available = 1 AND l.away_since IS NULL)";
/** How many conversations the listener `l` holds. */
export const HELD = "(SELECT count(*) FROM desk_conversations h WHERE h.listener_id = l.listener_id)";
/**
 * The listener `l`'s load against their capacity: those they hold and those offered to them while
 * their pages are asked (the capacity rule: a listener has room while their load is under it).
 */
export const LOAD = `(SELECT count(*) FROM desk_conversations h
  WHERE h.listener_id = l.listener_id OR h.offered_to = l.listener_id)`;
/** The columns of a listener row (ListenerRow), from desk_listeners as `l`. */
export const LISTENER_COLUMNS = `l.listener_id, l.name, l.available, l.away_since, l.languages,
  ${PRESENT} AS present, ${HELD} AS active, ${LOAD} AS load`;
/** Whether the listener `l` answers in the language bound to this parameter. */
export const SPEAKS = "EXISTS (SELECT 1 FROM json_each(l.languages) WHERE json_each.value = ?)";
