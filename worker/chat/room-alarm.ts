/**
 * The room's one alarm, which serves every duty (the owed inbox updates' backstop, the session
 * notice, the 7-day purge). When it is set for is kept in memory, read once at start and changed
 * only through this class, so a message can bring it forward in the same synchronous step that
 * stores the message, and most calls write nothing.
 */
export class RoomAlarm {
  private at: number | null = null;

  constructor(private readonly ctx: DurableObjectState) {}

  /** At start, within the room's blockConcurrencyWhile. */
  async load(): Promise<void> {
    this.at = await this.ctx.storage.getAlarm();
  }

  /** Sets the alarm for the earliest of the duties' due times (nulls: nothing due), or clears it. */
  setForEarliest(dues: (number | null)[]): Promise<void> {
    const due = dues.filter((t): t is number => t !== null);
    return this.set(due.length === 0 ? null : Math.min(...due));
  }

  /**
   * Brings the alarm forward to `due` if it is set later or not at all, in this synchronous step
   * (the write completes in the background); changes nothing otherwise.
   */
  bringForward(due: number | null): void {
    if (due !== null && (this.at === null || this.at > due)) this.ctx.waitUntil(this.set(due));
  }

  /** The alarm fired: it is spent until set again. */
  fired(): void {
    this.at = null;
  }

  private async set(at: number | null): Promise<void> {
    if (this.at === at) return;
    this.at = at;
    if (at === null) await this.ctx.storage.deleteAlarm();
    else await this.ctx.storage.setAlarm(at);
  }
}
