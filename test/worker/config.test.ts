import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { PublicConfigSchema } from "~/shared/schemas/config";
import { getConfig } from "../../worker/config";

describe("configuration", () => {
  it("maps every wrangler var onto the public configuration the pages read", () => {
    expect(getConfig().public).toEqual({
      brandName: env.BRAND_NAME,
      appUrl: env.APP_URL,
      supportUserId: env.SUPPORT_USER_ID,
      adminUserId: env.ADMIN_USER_ID,
      contactEmail: env.CONTACT_EMAIL,
      socialUrl: env.SOCIAL_URL,
      donateUrl: env.DONATE_URL,
      quickExitUrl: env.QUICK_EXIT_URL,
    });
  });

  it("refuses a malformed value instead of rendering it", () => {
    const valid = getConfig().public;
    expect(PublicConfigSchema.safeParse({ ...valid, contactEmail: "not an email" }).success).toBe(false);
    expect(PublicConfigSchema.safeParse({ ...valid, socialUrl: "javascript:alert(1)" }).success).toBe(false);
    expect(PublicConfigSchema.safeParse({ ...valid, brandName: "   " }).success).toBe(false);
    // Quick exit navigates there: never a script or a local file.
    expect(PublicConfigSchema.safeParse({ ...valid, quickExitUrl: "javascript:history.back()" }).success).toBe(false);
    expect(PublicConfigSchema.safeParse({ ...valid, quickExitUrl: "file:///etc/hosts" }).success).toBe(false);
  });
});
