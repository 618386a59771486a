import { DEFAULT_LANGUAGE, type Language, languageOf } from "~/shared/languages";
import { addColumnMigration, type Migration, sqlMigration } from "../sockets/migrations";
import { DESK_HOURS_TABLES, DESK_LEDGER_TABLE, rollUpKeptOpenings } from "./desk-ledger";

/** One nonce per desk socket asked: any one socket echoing its own nonce answers its listener's probe. */
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

/** Only ever appended. */
export const DESK_MIGRATIONS: readonly Migration[] = [
  DESK_TABLES,
  addColumnMigration("desk_listeners", "alias", "TEXT"),
  // Only once the holder opened it has a listener joined, as the visitor reads.
  addColumnMigration("desk_conversations", "opened_at", "INTEGER"),
  addColumnMigration("desk_conversations", "lapsed_by", "TEXT"),
  DESK_LEDGER_TABLE,
  // null: no reply yet.
  addColumnMigration("desk_conversations", "quiet_check_at", "INTEGER"),
  addColumnMigration("desk_openings", "crisis", "INTEGER NOT NULL DEFAULT 0"),
  addColumnMigration("desk_conversations", "country", "TEXT"),
  // The default language until the desk hears the admin's choice.
  addColumnMigration("desk_listeners", "languages", `TEXT NOT NULL DEFAULT '${JSON.stringify([DEFAULT_LANGUAGE])}'`),
  addColumnMigration("desk_conversations", "language", "TEXT"),
  addColumnMigration("desk_openings", "language", "TEXT"),
  // 1: risk not discussed where it mattered, for the lead to review.
  addColumnMigration("desk_openings", "review", "INTEGER NOT NULL DEFAULT 0"),
  DESK_HOURS_TABLES,
  rollUpKeptOpenings,
  addColumnMigration("desk_conversations", "offered_to", "TEXT"),
  // A probe went unanswered: their pages count again only once one speaks after it.
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
  answered: number;
  country: string | null;
  language: string | null;
  /** null where the query does not join them. */
  listener_languages: string | null;
  offered_to: string | null;
};

export type ListenerRow = {
  listener_id: string;
  name: string;
  available: number;
  away_since: number | null;
  present: number;
  active: number;
  /** Held, and offered while their pages are probed (LOAD). */
  load: number;
  languages: string | null;
};

/** Those the site speaks, in their order. */
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
/** The one statement of the rule; every query and view reads it. */
export const PRESENT = "(l.available = 1 AND l.away_since IS NULL)";
export const HELD = "(SELECT count(*) FROM desk_conversations h WHERE h.listener_id = l.listener_id)";
/** The capacity rule counts held and offered conversations. */
export const LOAD = `(SELECT count(*) FROM desk_conversations h
  WHERE h.listener_id = l.listener_id OR h.offered_to = l.listener_id)`;
export const LISTENER_COLUMNS = `l.listener_id, l.name, l.available, l.away_since, l.languages,
  ${PRESENT} AS present, ${HELD} AS active, ${LOAD} AS load`;
/** The language is bound to this parameter. */
export const SPEAKS = "EXISTS (SELECT 1 FROM json_each(l.languages) WHERE json_each.value = ?)";
