import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { pairIdFor } from "~/shared/pair-id";
import { MAX_PROFILE_PICTURE_BYTES } from "~/shared/uploads";
import { contains, jpegWithMetadata, pngWithMetadata } from "../unit/images/fixtures";
import { insertUser } from "./support/accounts";
import { APP_ORIGIN } from "./support/auth-requests";

function upload(
  cookie: string | null,
  file: Blob,
  options: { purpose?: string; name?: string; pairId?: string; origin?: string } = {},
) {
  const form = new FormData();
  form.append("file", file, options.name ?? "photo.png");
  if (options.pairId) form.append("pairId", options.pairId);
  return exports.default.fetch(`${APP_ORIGIN}/api/uploads?purpose=${options.purpose ?? "profile"}`, {
    method: "POST",
    headers: { Origin: options.origin ?? APP_ORIGIN, ...(cookie ? { Cookie: cookie } : {}) },
    body: form,
  });
}

/** A Blob of fixture bytes (copied: Blob wants an ArrayBuffer-backed view). */
const blobOf = (bytes: Uint8Array, type = "image/png") => new Blob([new Uint8Array(bytes)], { type });

const getImage = (url: string, cookie: string | null) =>
  exports.default.fetch(`${APP_ORIGIN}${url}`, { headers: cookie ? { Cookie: cookie } : {} });

describe("POST /api/uploads", () => {
  it("needs a signed-in user", async () => {
    const response = await upload(null, blobOf(pngWithMetadata()));
    expect(response.status).toBe(401);
  });

  it("refuses a profile picture of 5 MB + 1 byte with 413 and stores nothing", async () => {
    const { cookie } = await insertUser();
    const tooBig = new Uint8Array(MAX_PROFILE_PICTURE_BYTES + 1);
    tooBig.set(pngWithMetadata());
    const response = await upload(cookie, blobOf(tooBig));
    expect(response.status).toBe(413);
    // 'Under 5 MB' (spec section 5): exactly 5 MB is too large as well, as the forms say.
    const exactly = new Uint8Array(MAX_PROFILE_PICTURE_BYTES);
    exactly.set(pngWithMetadata());
    expect((await upload(cookie, blobOf(exactly))).status).toBe(413);
    expect(await response.json()).toMatchObject({
      code: "file_too_large",
      message: "Profile picture must be less than 5MB",
    });
    expect((await env.IMAGES.list()).objects).toHaveLength(0);
  });

  it("decides the type from the bytes: an HTML page named .png is refused", async () => {
    const { cookie } = await insertUser();
    const html = new Blob(["<!doctype html><script>alert(1)</script>"], { type: "image/png" });
    const response = await upload(cookie, html, { name: "innocent.png" });
    expect(response.status).toBe(415);
    expect(await response.json()).toMatchObject({ code: "not_an_image" });
  });

  it("refuses SVG, even declared as an image", async () => {
    const { cookie } = await insertUser();
    const svg = new Blob(['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'], {
      type: "image/svg+xml",
    });
    expect((await upload(cookie, svg, { name: "logo.svg" })).status).toBe(415);
  });

  it("stores the picture without its EXIF, GPS or comments, under the uploader's own folder", async () => {
    const { cookie, user } = await insertUser();
    const jpeg = jpegWithMetadata();
    expect(contains(jpeg, "GPSLatitude-TEST")).toBe(true);
    const response = await upload(cookie, blobOf(jpeg, "text/plain"), { name: "me.txt" });
    expect(response.status).toBe(201);
    const body = (await response.json()) as { key: string; url: string; contentType: string };
    expect(body.key).toMatch(new RegExp(`^profiles/${user.id}/[0-9a-f-]+\\.jpg$`));
    expect(body.contentType).toBe("image/jpeg");

    const stored = await env.IMAGES.get(body.key);
    if (!stored) throw new Error(`nothing stored at ${body.key}`);
    const storedBytes = new Uint8Array(await stored.arrayBuffer());
    for (const secret of ["GPSLatitude-TEST", "Exif", "SECRET-COMMENT", "SECRET-XMP"]) {
      expect(contains(storedBytes, secret), secret).toBe(false);
    }
    expect(stored.httpMetadata?.contentType).toBe("image/jpeg");
  });

  it("refuses uploads posted from another site", async () => {
    const { cookie } = await insertUser();
    const response = await upload(cookie, blobOf(pngWithMetadata()), { origin: "https://evil.example" });
    expect(response.status).toBe(403);
  });
});

describe("chat images", () => {
  it("are stored under the conversation, shown to its two members and to nobody else", async () => {
    const alice = await insertUser();
    const bob = await insertUser();
    const eve = await insertUser();
    const pairId = pairIdFor(alice.user.id, bob.user.id);

    const response = await upload(alice.cookie, blobOf(pngWithMetadata()), { purpose: "chat", pairId });
    expect(response.status).toBe(201);
    const { key, url } = (await response.json()) as { key: string; url: string };
    expect(key.startsWith(`chats/${pairId}/`)).toBe(true);

    const seenByBob = await getImage(url, bob.cookie);
    expect(seenByBob.status).toBe(200);
    expect(seenByBob.headers.get("content-type")).toBe("image/png");
    expect(seenByBob.headers.get("x-content-type-options")).toBe("nosniff");
    expect(seenByBob.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
    expect(seenByBob.headers.get("cache-control")).toContain("immutable");
    expect(contains(new Uint8Array(await seenByBob.arrayBuffer()), "SECRET-TEXT")).toBe(false);

    expect((await getImage(url, eve.cookie)).status).toBe(403);
    expect((await getImage(url, null)).status).toBe(401);
  });

  it("cannot be sent into a conversation the uploader is not part of", async () => {
    const alice = await insertUser();
    const bob = await insertUser();
    const eve = await insertUser();
    const pairId = pairIdFor(alice.user.id, bob.user.id);
    const response = await upload(eve.cookie, blobOf(pngWithMetadata()), { purpose: "chat", pairId });
    expect(response.status).toBe(403);
    expect((await env.IMAGES.list({ prefix: `chats/${pairId}/` })).objects).toHaveLength(0);
  });

  it("refuse a malformed or self-made pair id", async () => {
    const alice = await insertUser();
    const bob = await insertUser();
    const [first, second] = [alice.user.id, bob.user.id].sort();
    const unsorted = `${second}_${first}`;
    for (const pairId of [unsorted, `${alice.user.id}_${alice.user.id}`, alice.user.id, "../x"]) {
      const response = await upload(alice.cookie, blobOf(pngWithMetadata()), { purpose: "chat", pairId });
      expect(response.status, pairId).toBe(403);
    }
  });
});
