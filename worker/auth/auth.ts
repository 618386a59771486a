import { waitUntil } from "cloudflare:workers";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import { eq } from "drizzle-orm";
import { createElement } from "react";
import { genderLabel, SignUpRequestSchema } from "../../app/schemas/auth";
import { getConfig } from "../config";
import { createDb, type Db } from "../db/client";
import { accounts, profiles, rateLimits, sessions, users, verifications } from "../db/schema";
import { sendEmail } from "../email/send-email";
import { PasswordResetEmail, passwordResetSubject } from "../email/templates/password-reset-email";
import { markOffline, recordSignIn } from "./presence";
import { generateUniqueUsername, isUsernameAvailable } from "./username";

/** Reset links are valid this long (better-auth's token lifetime). */
export const RESET_TOKEN_TTL_SECONDS = 60 * 60;

/**
 * Requests allowed per client IP and window. Sign-in is tight so guessing passwords is slow; the
 * rest is generous enough for real people and still stops scripts.
 */
export const AUTH_RATE_LIMITS = {
  default: { window: 60, max: 60 },
  "/sign-in/email": { window: 60, max: 5 },
  "/sign-up/email": { window: 600, max: 5 },
  "/request-password-reset": { window: 600, max: 5 },
} as const;

export type AuthOptions = { d1: D1Database; appUrl?: string };

/**
 * better-auth on D1 (DESIGN.md "Auth"): email + password, sessions in an HttpOnly SameSite=Lax
 * cookie (Secure when the app is served over https), origin/CSRF checks against the configured
 * origins, database-backed rate limiting keyed by the client IP Cloudflare reports.
 */
export function createAuth({ d1, appUrl }: AuthOptions) {
  const config = getConfig();
  const db = createDb(d1);
  const baseURL = appUrl ?? config.public.appUrl;

  return betterAuth({
    appName: config.public.brandName,
    baseURL,
    basePath: "/api/auth",
    secret: config.auth.secret,
    trustedOrigins: appUrl ? [new URL(appUrl).origin] : config.auth.trustedOrigins,
    database: drizzleAdapter(db, {
      provider: "sqlite",
      schema: {
        user: users,
        session: sessions,
        account: accounts,
        verification: verifications,
        rateLimit: rateLimits,
      },
    }),
    user: {
      additionalFields: {
        username: { type: "string", required: true, input: true },
        gender: { type: "string", required: true, input: true },
        profilePic: { type: "string", required: false, input: false },
        role: { type: "string", required: false, input: false, defaultValue: "user" },
      },
    },
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      minPasswordLength: 6,
      maxPasswordLength: 128,
      resetPasswordTokenExpiresIn: RESET_TOKEN_TTL_SECONDS,
      revokeSessionsOnPasswordReset: true,
      // Sent after the answer (waitUntil): the response takes the same time whether or not the
      // account exists, so timing reveals nothing about who uses a support site.
      sendResetPassword: async ({ user, url }) => {
        const brandName = config.public.brandName;
        const username = (user as { username?: string }).username ?? user.name;
        const sending = sendEmail({
          to: user.email,
          subject: passwordResetSubject(brandName),
          template: "password-reset",
          element: createElement(PasswordResetEmail, {
            brandName,
            username,
            resetUrl: url,
            expiresInMinutes: RESET_TOKEN_TTL_SECONDS / 60,
          }),
        });
        waitUntil(sending.catch((error) => console.error(JSON.stringify({ at: "reset-email", error: String(error) }))));
      },
    },
    rateLimit: {
      enabled: true,
      storage: "database",
      window: AUTH_RATE_LIMITS.default.window,
      max: AUTH_RATE_LIMITS.default.max,
      customRules: {
        "/sign-in/email": AUTH_RATE_LIMITS["/sign-in/email"],
        "/sign-up/email": AUTH_RATE_LIMITS["/sign-up/email"],
        "/request-password-reset": AUTH_RATE_LIMITS["/request-password-reset"],
      },
    },
    advanced: {
      cookiePrefix: "kindred",
      ipAddress: { ipAddressHeaders: ["cf-connecting-ip"] },
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
      database: { generateId: () => crypto.randomUUID() },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path === "/sign-up/email") {
          ctx.body = await prepareSignUp(db, ctx.body);
          return { context: ctx };
        }
        if (ctx.path === "/sign-out") {
          const session = await getSessionFromCtx(ctx);
          if (session) await markOffline(db, session.user.id);
        }
      }),
    },
    databaseHooks: {
      user: {
        create: {
          after: async (user) => {
            await createSmallProfile(db, user as typeof user & { username: string; gender: string });
          },
        },
      },
      session: {
        create: {
          after: async (session) => {
            await recordSignIn(db, session.userId);
          },
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

/**
 * Validates a sign-up with the same schema as the form, and settles the identity fields on the
 * server: the display name is the anonymous username, and a username that is not one this app
 * generates (or was taken meanwhile) is replaced by a fresh one.
 */
async function prepareSignUp(db: Db, body: unknown) {
  const parsed = SignUpRequestSchema.safeParse(body);
  if (!parsed.success) {
    throw new APIError("BAD_REQUEST", {
      message: parsed.error.issues[0]?.message ?? "Invalid sign-up",
      code: "INVALID_SIGN_UP",
    });
  }
  const { username: requested, ...rest } = parsed.data;
  const username =
    requested && (await isUsernameAvailable(db, requested)) ? requested : await generateUniqueUsername(db);
  return { ...rest, username, name: username };
}

/** The smaller profile the sign-up writes (spec section 3): the username as first name, no last name. */
async function createSmallProfile(db: Db, user: { id: string; email: string; username: string; gender: string }) {
  await db
    .insert(profiles)
    .values({
      userId: user.id,
      email: user.email,
      firstName: user.username,
      lastName: "",
      gender: genderLabel(user.gender),
    })
    .onConflictDoNothing();
}

/** The signed-in user's row, as the app needs it. */
export async function loadUser(d1: D1Database, userId: string) {
  const db = createDb(d1);
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return user ?? null;
}
