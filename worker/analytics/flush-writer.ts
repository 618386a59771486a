import type { Flush } from "./shard-counts";

/** D1 binds at most 100 values, so rows travel as one JSON parameter, split to stay below its 2 MB value limit. */
const MAX_PARAMETER_CHARS = 500_000;

function chunks<T>(rows: T[], encode: (row: T) => unknown): string[] {
  const parts: string[] = [];
  let current: string[] = [];
  let size = 0;
  for (const row of rows) {
    const encoded = JSON.stringify(encode(row));
    if (current.length > 0 && size + encoded.length > MAX_PARAMETER_CHARS) {
      parts.push(`[${current.join(",")}]`);
      [current, size] = [[], 0];
    }
    current.push(encoded);
    size += encoded.length + 1;
  }
  if (current.length > 0) parts.push(`[${current.join(",")}]`);
  return parts;
}

/** ?2: the shard's id, ?3: the flush's number. */
const NOT_YET_WRITTEN = "NOT EXISTS (SELECT 1 FROM analytics_flushes WHERE source = ?2 AND last_flush >= ?3)";

const ADD_VIEWS = `
  INSERT INTO analytics_page_views (day, path, views)
  SELECT value ->> 0, value ->> 1, value ->> 2 FROM json_each(?1) WHERE ${NOT_YET_WRITTEN}
  ON CONFLICT (day, path) DO UPDATE SET views = views + excluded.views`;

const ADD_VITALS = `
  INSERT INTO analytics_vitals (day, path, name, samples, histogram)
  SELECT value ->> 0, value ->> 1, value ->> 2, value ->> 3, value ->> 4 FROM json_each(?1) WHERE ${NOT_YET_WRITTEN}
  ON CONFLICT (day, path, name) DO UPDATE SET
    samples = samples + excluded.samples,
    histogram = (
      SELECT json_group_object(key, total) FROM (
        SELECT key, sum(value) AS total FROM (
          SELECT key, value FROM json_each(analytics_vitals.histogram)
          UNION ALL
          SELECT key, value FROM json_each(excluded.histogram)
        ) GROUP BY key
      )
    )`;

const MARK_FLUSH = `
  INSERT INTO analytics_flushes (source, last_flush, flushed_at) VALUES (?1, ?2, ?3)
  ON CONFLICT (source) DO UPDATE SET last_flush = max(last_flush, excluded.last_flush), flushed_at = excluded.flushed_at`;

/**
 * One batch, one transaction; each addition is skipped where D1 already has this flush's number, so
 * writing it again adds nothing. Plain statements: drizzle cannot batch a raw query with parameters on D1.
 */
export async function writeFlush(d1: D1Database, flush: Flush, now: number): Promise<void> {
  const views = chunks(flush.views, (row) => [row.day, row.path, row.views]).map((rows) =>
    d1.prepare(ADD_VIEWS).bind(rows, flush.source, flush.seq),
  );
  const vitals = chunks(flush.vitals, (row) => [row.day, row.path, row.name, row.samples, row.histogram]).map((rows) =>
    d1.prepare(ADD_VITALS).bind(rows, flush.source, flush.seq),
  );
  // The mark last: the additions before it still see D1 without this flush's number.
  await d1.batch([...views, ...vitals, d1.prepare(MARK_FLUSH).bind(flush.source, flush.seq, now)]);
}
