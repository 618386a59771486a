import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { insertAdmin, insertUser } from "./support/accounts";
import { APP_ORIGIN } from "./support/auth-requests";

const search = (cookie: string, q: string) =>
  exports.default.fetch(`${APP_ORIGIN}/api/admin/users/search?q=${encodeURIComponent(q)}`, {
    headers: { Cookie: cookie },
  });

describe("the admin's user search", () => {
  it("is refused to anyone who is not the admin", async () => {
    const someone = await insertUser();
    const target = await insertUser();
    const response = await search(someone.cookie, target.user.username);
    expect(response.status).toBe(403);
  });

  it("finds the exact username in any letter case, never partial matches and never the admin", async () => {
    const admin = await insertAdmin();
    const target = await insertUser();

    const exact = (await (await search(admin.cookie, `  ${target.user.username.toUpperCase()} `)).json()) as {
      users: { id: string; username: string }[];
    };
    expect(exact.users).toEqual([{ id: target.user.id, username: target.user.username, profilePic: null, facts: [] }]);
    const partial = (await (await search(admin.cookie, target.user.username.slice(0, 5))).json()) as {
      users: unknown[];
    };
    expect(partial.users).toEqual([]);
    const self = (await (await search(admin.cookie, admin.user.username)).json()) as { users: unknown[] };
    expect(self.users).toEqual([]);
    expect((await search(admin.cookie, "   ")).status).toBe(400);
  });
});
