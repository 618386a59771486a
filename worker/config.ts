import { env } from "cloudflare:workers";
import { z } from "zod";
import { type PublicConfig, PublicConfigSchema } from "../app/schemas/config";

/**
 * Worker configuration, parsed once per isolate with zod so a missing or malformed variable fails
 * loudly at the first request instead of deep inside a feature. Vars live in wrangler.toml (the one
 * place the brand name and fixed account ids are set); secrets in .dev.vars locally and
 * `wrangler secret` in production. Each var is checked by the rule of the field it becomes.
 */
const { shape } = PublicConfigSchema;
const EnvSchema = z
  .object({
    BRAND_NAME: shape.brandName,
    APP_URL: shape.appUrl,
    SUPPORT_USER_ID: shape.supportUserId,
    ADMIN_USER_ID: shape.adminUserId,
    CONTACT_EMAIL: shape.contactEmail,
    SOCIAL_URL: shape.socialUrl,
    DONATE_URL: shape.donateUrl,
  })
  .transform(
    (vars): PublicConfig => ({
      brandName: vars.BRAND_NAME,
      appUrl: vars.APP_URL,
      supportUserId: vars.SUPPORT_USER_ID,
      adminUserId: vars.ADMIN_USER_ID,
      contactEmail: vars.CONTACT_EMAIL,
      socialUrl: vars.SOCIAL_URL,
      donateUrl: vars.DONATE_URL,
    }),
  );

export type AppConfig = { public: PublicConfig };

let cached: AppConfig | undefined;

export function getConfig(): AppConfig {
  cached ??= { public: EnvSchema.parse(env) };
  return cached;
}
