import { readFileSync } from "node:fs";

/** The support account's id as the production build configures it (its SUPPORT_USER_ID var). */
export function supportUserId(build = "build"): string {
  const production = JSON.parse(readFileSync(`${build}/server/wrangler.json`, "utf8")) as {
    vars: { SUPPORT_USER_ID?: unknown };
  };
  const id = production.vars.SUPPORT_USER_ID;
  if (typeof id !== "string" || !id) throw new Error(`${build}/server/wrangler.json sets no SUPPORT_USER_ID`);
  return id;
}
