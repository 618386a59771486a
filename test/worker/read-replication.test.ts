import { describe, expect, it } from "vitest";
import { D1_BOOKMARK_COOKIE } from "../../worker/db/read-replication";
import { insertUser } from "./support/accounts";
import { postJson, sessionCookie } from "./support/auth-requests";

/** The D1 bookmark a response handed the browser, if any. */
const bookmarkIn = (response: Response) =>
  response.headers
    .getSetCookie()
    .find((cookie) => cookie.startsWith(`${D1_BOOKMARK_COOKIE}=`))
    ?.split(";")[0];

describe("D1 read replication", () => {
  it("hands the browser a bookmark with a write, and a request carrying it reads that write", async () => {
    const { email, password } = await insertUser();
    const response = await postJson("/api/auth/sign-in/email", { email, password });
    expect(response.status).toBe(200);
    const bookmark = bookmarkIn(response);
    expect(bookmark).toMatch(new RegExp(`^${D1_BOOKMARK_COOKIE}=.+`));
    // The new session's row (no session cache cookie here), read with the bookmark of the write
    // that created it.
    const cookie = sessionCookie(response);
    const signedIn = await postJson("/api/session/activity", { idleMs: 0 }, { cookie: `${cookie}; ${bookmark}` });
    expect(signedIn.status).toBe(200);
  });

  it("ignores a bookmark that is not one, and still answers", async () => {
    const { cookie } = await insertUser();
    const response = await postJson(
      "/api/session/activity",
      { idleMs: 0 },
      { cookie: `${cookie}; ${D1_BOOKMARK_COOKIE}=not-a-bookmark` },
    );
    expect(response.status).toBe(200);
    // Not even URI-decodable: still no reason to fail the request.
    const malformed = await postJson(
      "/api/session/activity",
      { idleMs: 0 },
      { cookie: `${cookie}; ${D1_BOOKMARK_COOKIE}=%E0%A4%A` },
    );
    expect(malformed.status).toBe(200);
  });
});
