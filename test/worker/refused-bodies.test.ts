import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { APP_ORIGIN, freshIp } from "./support/auth-requests";

const CHUNK = new Uint8Array(8 * 1024).fill(0x61);
const CHUNKS = 4;

/**
 * Posts a body of known length (as a browser or the dev server's proxy sends it) and answers the
 * response together with whether every byte of the body was taken by the Worker.
 */
async function postWatchingBody(path: string, headers: Record<string, string>) {
  const { readable, writable } = new FixedLengthStream(CHUNK.byteLength * CHUNKS);
  const writer = writable.getWriter();
  const sent = (async () => {
    for (let i = 0; i < CHUNKS; i++) await writer.write(CHUNK);
    await writer.close();
    return "all sent";
  })().catch((error: unknown) => `stopped: ${String(error)}`);
  const response = await exports.default.fetch(`${APP_ORIGIN}${path}`, {
    method: "POST",
    headers: { "cf-connecting-ip": freshIp(), ...headers },
    body: readable,
  });
  await response.arrayBuffer();
  return { status: response.status, sent: await sent };
}

describe("a post refused without its body being needed", () => {
  it("still has its whole body read, so the connection it came on stays usable", async () => {
    const refusals = [
      // An API write without a session: the signed-in check answers 401 before any route reads.
      {
        path: "/api/session/activity",
        status: 401,
        headers: { Origin: APP_ORIGIN, "Content-Type": "application/json" },
      },
      // A page's form from another site: refused before any action runs.
      {
        path: "/profile",
        status: 403,
        headers: { Origin: "https://evil.example", "Content-Type": "application/x-www-form-urlencoded" },
      },
    ];
    for (const { path, status, headers } of refusals) {
      expect(await postWatchingBody(path, headers), path).toEqual({ status, sent: "all sent" });
    }
  });
});
