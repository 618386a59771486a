import { DESK_PROBE_MS } from "~/shared/desk";

export type Unanswered = { listenerId: string; askedAt: number };

/** Kept in the desk's SQLite, so a probe out survives eviction; its deadline is one of the desk's clock. */
export class DeskProbes {
  constructor(private readonly sql: SqlStorage) {}

  /** A new offer to them waits for its answer. */
  out(listenerId: string): boolean {
    const rows = this.sql.exec("SELECT 1 FROM desk_probes WHERE listener_id = ? AND late = 0 LIMIT 1", listenerId);
    return rows.toArray().length > 0;
  }

  ask(listenerId: string, socketIds: readonly string[], now: number): Map<string, string> {
    this.forget(listenerId);
    const nonces = new Map<string, string>();
    for (const socketId of socketIds) {
      const nonce = crypto.randomUUID();
      this.sql.exec(
        "INSERT INTO desk_probes (nonce, listener_id, socket_id, asked_at) VALUES (?, ?, ?, ?)",
        nonce,
        listenerId,
        socketId,
        now,
      );
      nonces.set(socketId, nonce);
    }
    return nonces;
  }

  /**
   * Only a nonce sent to that very socket counts (null otherwise); `late`: past the deadline, it gives nothing but
   * the page spoke. Every nonce of that probe is forgotten.
   */
  answered(nonce: string, socketId: string): { listenerId: string; late: boolean } | null {
    const row = this.sql
      .exec<{ listener_id: string; late: number }>(
        "SELECT listener_id, late FROM desk_probes WHERE nonce = ? AND socket_id = ?",
        nonce,
        socketId,
      )
      .toArray()[0];
    if (!row) return null;
    this.forget(row.listener_id);
    return { listenerId: row.listener_id, late: row.late === 1 };
  }

  /** From now on an answer to them is late. */
  overdue(now: number): Unanswered[] {
    const rows = this.sql
      .exec<{ listener_id: string; asked_at: number }>(
        `SELECT listener_id, min(asked_at) AS asked_at FROM desk_probes WHERE late = 0
         GROUP BY listener_id HAVING min(asked_at) + ? <= ?`,
        DESK_PROBE_MS,
        now,
      )
      .toArray();
    for (const row of rows) this.sql.exec("UPDATE desk_probes SET late = 1 WHERE listener_id = ?", row.listener_id);
    return rows.map((row) => ({ listenerId: row.listener_id, askedAt: row.asked_at }));
  }

  nextDeadline(): number | null {
    const at = this.sql
      .exec<{ at: number | null }>("SELECT min(asked_at) AS at FROM desk_probes WHERE late = 0")
      .one().at;
    return at === null ? null : at + DESK_PROBE_MS;
  }

  forget(listenerId: string): void {
    this.sql.exec("DELETE FROM desk_probes WHERE listener_id = ?", listenerId);
  }
}
