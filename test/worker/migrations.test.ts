import { env } from "cloudflare:workers";
import { getTableConfig } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import { schema } from "../../worker/db/schema";

async function tableNames(): Promise<string[]> {
  const { results } = await env.DB.prepare(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name != 'd1_migrations' ORDER BY name",
  ).all<{ name: string }>();
  return results.map((r) => r.name);
}

describe("D1 migrations", () => {
  it("apply to an empty database and create every table of the schema", async () => {
    const expected = Object.values(schema)
      .map((table) => getTableConfig(table).name)
      .sort();
    expect(await tableNames()).toEqual(expected);
  });

  it("create exactly the columns the drizzle schema declares, so schema and SQL never drift", async () => {
    for (const table of Object.values(schema)) {
      const config = getTableConfig(table);
      const { results } = await env.DB.prepare(`SELECT name FROM pragma_table_info(?) ORDER BY name`)
        .bind(config.name)
        .all<{ name: string }>();
      expect(
        results.map((r) => r.name),
        config.name,
      ).toEqual(config.columns.map((c) => c.name).sort());
    }
  });

  it("are all recorded as applied, so applying them again is a no-op", async () => {
    const { results } = await env.DB.prepare("SELECT name FROM d1_migrations ORDER BY id").all<{ name: string }>();
    expect(results.map((r) => r.name)).toEqual(env.TEST_MIGRATIONS.map((m) => m.name));
  });

  it("reject a second account with the same username in another letter case", async () => {
    const insert = "INSERT INTO users (id, name, email, username) VALUES (?, ?, ?, ?)";
    await env.DB.prepare(insert).bind("u1", "A", "a@example.com", "Hopeful123").run();
    await expect(env.DB.prepare(insert).bind("u2", "B", "b@example.com", "HOPEFUL123").run()).rejects.toThrow(/UNIQUE/);
  });
});
