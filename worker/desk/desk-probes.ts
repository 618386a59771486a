import { DESK_PROBE_MS } from "~/shared/desk";

/** A probe that went unanswered: whose, and when it was asked. */
export type Unanswered = { listenerId: string; askedAt: number };

/**
 * The desk's probes: before a conversation is given to a listener, each of their desk sockets is
 * sent a nonce of its own, and the first socket to echo its own nonce within DESK_PROBE_MS proves
 * the listener is there now. Kept in the desk's SQLite (desk_probes), so a probe out survives the
 * object being evicted; its deadline is one of the desk's clock (./desk-clock.ts).
 */
export class DeskProbes {
  constructor(private readonly sql: SqlStorage) {}

  /** Whether a probe of this listener is out (a new offer to them waits for its answer). */
  out(listenerId: string): boolean {
    const rows = this.sql.exec("SELECT 1 FROM desk_probes WHERE listener_id = ? AND late = 0 LIMIT 1", listenerId);
    return rows.toArray().length > 0;
  }

  /** Asks each of the listener's sockets (their ids); answers the nonce to send each. */
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
   * A socket echoed `nonce`: whose probe it answers, only when that nonce was sent to that very
   * socket (null otherwise: another socket's nonce, a made-up one), and whether it came past the
   * deadline (`late`: it gives nothing, but the page spoke). Every nonce of that probe is forgotten.
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

  /** The probes past their deadline at `now`, each listener once; from now on an answer to them is late. */
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

  /** When the first probe out passes its deadline (null: none out). */
  nextDeadline(): number | null {
    const at = this.sql
      .exec<{ at: number | null }>("SELECT min(asked_at) AS at FROM desk_probes WHERE late = 0")
      .one().at;
    return at === null ? null : at + DESK_PROBE_MS;
  }

  /** The listener's probe is no longer wanted (answered, asked anew, or they left the desk). */
  forget(listenerId: string): void {
    this.sql.exec("DELETE FROM desk_probes WHERE listener_id = ?", listenerId);
  }
}
