import { env } from "cloudflare:workers";
import { z } from "zod";
import { HttpUrlSchema, type PublicConfig, PublicConfigSchema } from "../app/schemas/config";

/**
 * Worker configuration, parsed once per isolate with zod so a missing or malformed variable fails
 * loudly at the first request instead of deep inside a feature. Vars live in wrangler.toml;
 * secrets (later: auth secret, Resend key) in .dev.vars locally and `wrangler secret` in production.
 */
const EnvSchema = z.object({
  BRAND_NAME: z.string().trim().min(1).default("Kindred"),
  APP_URL: HttpUrlSchema,
  SUPPORT_USER_ID: z.string().min(1),
  ADMIN_USER_ID: z.string().min(1),
  CONTACT_EMAIL: z.email(),
  SOCIAL_URL: HttpUrlSchema,
  DONATE_URL: HttpUrlSchema,
});

export type AppConfig = { public: PublicConfig };

let cached: AppConfig | undefined;

export function getConfig(): AppConfig {
  if (cached) return cached;
  const vars = EnvSchema.parse(env);
  cached = {
    public: PublicConfigSchema.parse({
      brandName: vars.BRAND_NAME,
      appUrl: vars.APP_URL,
      supportUserId: vars.SUPPORT_USER_ID,
      adminUserId: vars.ADMIN_USER_ID,
      contactEmail: vars.CONTACT_EMAIL,
      socialUrl: vars.SOCIAL_URL,
      donateUrl: vars.DONATE_URL,
    }),
  };
  return cached;
}
