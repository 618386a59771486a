/** Its time is kept in memory, so a message can bring it forward in the step that stores it, mostly writing nothing. */
export class RoomAlarm {
  private at: number | null = null;

  constructor(private readonly ctx: DurableObjectState) {}

  async load(): Promise<void> {
    this.at = await this.ctx.storage.getAlarm();
  }

  setForEarliest(dues: (number | null)[]): Promise<void> {
    const due = dues.filter((t): t is number => t !== null);
    return this.set(due.length === 0 ? null : Math.min(...due));
  }

  bringForward(due: number | null): void {
    if (due !== null && (this.at === null || this.at > due)) this.ctx.waitUntil(this.set(due));
  }

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
