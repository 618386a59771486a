import { env } from "cloudflare:workers";
import { z } from "zod";
import {
  DEFAULT_DESK_CAPACITY,
  DEFAULT_HANDBACK_GRACE_SECONDS,
  DEFAULT_INACTIVITY_MINUTES,
  DEFAULT_OPEN_DEADLINE_SECONDS,
} from "~/shared/desk";
import { type PublicConfig, PublicConfigSchema } from "~/shared/schemas/config";

/**
 * Parsed once per isolate, so a missing or malformed variable fails at the first request rather
 * than deep in a feature. Vars live in wrangler.toml; secrets in .dev.vars and `wrangler secret`.
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
    QUICK_EXIT_URL: shape.quickExitUrl,
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
      quickExitUrl: vars.QUICK_EXIT_URL,
    }),
  );

const optionalSetting = z
  .string()
  .trim()
  .optional()
  .transform((value) => value || undefined);

/** Never sent to the browser. */
const ServerEnvSchema = z
  .object({
    BETTER_AUTH_SECRET: z.string().min(32, "BETTER_AUTH_SECRET must be at least 32 characters"),
    /** Comma-separated; APP_URL is always trusted. */
    TRUSTED_ORIGINS: z.string().default(""),
    /** Without it, email goes to the email_outbox table and the log. */
    RESEND_API_KEY: z.string().min(1).optional(),
    EMAIL_FROM: z.string().min(3),
    CHAT_SEND_BURST: z.coerce.number().int().min(1).default(20),
    CHAT_SEND_PER_SECOND: z.coerce.number().positive().default(5),
    TURNSTILE_SITE_KEY: optionalSetting,
    TURNSTILE_SECRET_KEY: optionalSetting,
    DESK_CAPACITY: z.coerce.number().int().min(1).max(50).default(DEFAULT_DESK_CAPACITY),
    DESK_HANDBACK_GRACE_SECONDS: z.coerce.number().int().min(0).default(DEFAULT_HANDBACK_GRACE_SECONDS),
    DESK_OPEN_DEADLINE_SECONDS: z.coerce.number().int().min(10).default(DEFAULT_OPEN_DEADLINE_SECONDS),
    /** Only deployed is `request.cf.country` real; locally it is a placeholder. */
    TRUST_REQUEST_COUNTRY: z.enum(["true", "false"]).default("false"),
    DESK_INACTIVITY_MINUTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 60)
      .default(DEFAULT_INACTIVITY_MINUTES),
  })
  .refine((vars) => !vars.TURNSTILE_SITE_KEY === !vars.TURNSTILE_SECRET_KEY, {
    message: "TURNSTILE_SITE_KEY and TURNSTILE_SECRET_KEY are set together or not at all",
  });

export type TurnstileKeys = { siteKey: string; secretKey: string };

type AppConfig = {
  public: PublicConfig;
  auth: { secret: string; trustedOrigins: string[] };
  email: { resendApiKey: string | undefined; from: string };
  chat: { sendBurst: number; sendPerSecond: number };
  desk: { capacity: number; handbackGraceMs: number; openDeadlineMs: number; quietCloseMs: number };
  crisisHelp: { trustRequestCountry: boolean };
  /** Off by default: nothing leaves for Cloudflare. */
  turnstile: TurnstileKeys | null;
};

let cached: AppConfig | undefined;

export function getConfig(): AppConfig {
  if (cached) return cached;
  const publicConfig = EnvSchema.parse(env);
  const server = ServerEnvSchema.parse(env);
  const extraOrigins = server.TRUSTED_ORIGINS.split(",")
    .map((origin) => origin.trim())
    .filter(Boolean);
  cached = {
    public: publicConfig,
    auth: { secret: server.BETTER_AUTH_SECRET, trustedOrigins: [new URL(publicConfig.appUrl).origin, ...extraOrigins] },
    email: { resendApiKey: server.RESEND_API_KEY, from: server.EMAIL_FROM },
    chat: { sendBurst: server.CHAT_SEND_BURST, sendPerSecond: server.CHAT_SEND_PER_SECOND },
    desk: {
      capacity: server.DESK_CAPACITY,
      handbackGraceMs: server.DESK_HANDBACK_GRACE_SECONDS * 1000,
      openDeadlineMs: server.DESK_OPEN_DEADLINE_SECONDS * 1000,
      quietCloseMs: server.DESK_INACTIVITY_MINUTES * 60_000,
    },
    crisisHelp: { trustRequestCountry: server.TRUST_REQUEST_COUNTRY === "true" },
    turnstile:
      server.TURNSTILE_SITE_KEY && server.TURNSTILE_SECRET_KEY
        ? { siteKey: server.TURNSTILE_SITE_KEY, secretKey: server.TURNSTILE_SECRET_KEY }
        : null,
  };
  return cached;
}
