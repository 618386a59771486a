import { drizzle } from "drizzle-orm/d1";
import { schema } from "./schema";

/** Cheap to create; one per request or job is fine. */
export function createDb(d1: D1Database) {
  return drizzle(d1, { schema });
}
export type Db = ReturnType<typeof createDb>;
