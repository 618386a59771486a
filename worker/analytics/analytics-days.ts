/**
 * Analytics are counted per UTC day: a row's `day` is the epoch ms of the midnight that
 * starts it. The dashboard shows, and the cron keeps, the days whose start is less than the
 * retention period ago, so nothing older than that is kept (a day goes whole when its first moment
 * is that old) and the dashboard never shows a day the cron is about to delete.
 */
export const DAY_MS = 24 * 60 * 60 * 1000;

/** The day a moment falls in. */
export const dayOf = (at: number): number => Math.floor(at / DAY_MS) * DAY_MS;

/** The first day of the last `days` days at `now`: the first whose start is less than `days` days ago. */
export const firstDayWithin = (now: number, days: number): number => Math.ceil((now - days * DAY_MS) / DAY_MS) * DAY_MS;

/** 2026-11-21: how the dashboard names a day. */
export const isoDay = (day: number): string => new Date(day).toISOString().slice(0, 10);
