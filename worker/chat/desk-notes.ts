import type { DeskNote } from "~/shared/desk";
import { sqlMigration } from "../sockets/migrations";

export const DESK_NOTES_TABLE = sqlMigration(`
  -- Listeners' private notes on a support conversation: read only by the desk's pages,
  -- never sent over the room's sockets, never in an inbox or an email.
  CREATE TABLE IF NOT EXISTS desk_notes (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    author_name TEXT NOT NULL,
    kind TEXT NOT NULL,
    text TEXT NOT NULL,
    created_at INTEGER NOT NULL
  );
`);

export class DeskNotes {
  constructor(private readonly sql: SqlStorage) {}

  add(note: Pick<DeskNote, "authorName" | "kind" | "text">, now: number): DeskNote {
    const { id } = this.sql
      .exec<{ id: number }>(
        "INSERT INTO desk_notes (author_name, kind, text, created_at) VALUES (?, ?, ?, ?) RETURNING id",
        note.authorName,
        note.kind,
        note.text,
        now,
      )
      .one();
    return { id, ...note, createdAt: now };
  }

  list(): DeskNote[] {
    return this.sql
      .exec<{ id: number; author_name: string; kind: DeskNote["kind"]; text: string; created_at: number }>(
        "SELECT id, author_name, kind, text, created_at FROM desk_notes ORDER BY id",
      )
      .toArray()
      .map((row) => ({
        id: row.id,
        authorName: row.author_name,
        kind: row.kind,
        text: row.text,
        createdAt: row.created_at,
      }));
  }
}
