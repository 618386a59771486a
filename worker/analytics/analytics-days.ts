/** A day goes whole when its start is past retention, so the dashboard never shows one the cron is about to delete. */
export const DAY_MS = 24 * 60 * 60 * 1000;

export const dayOf = (at: number): number => Math.floor(at / DAY_MS) * DAY_MS;

export const firstDayWithin = (now: number, days: number): number => Math.ceil((now - days * DAY_MS) / DAY_MS) * DAY_MS;

export const isoDay = (day: number): string => new Date(day).toISOString().slice(0, 10);
