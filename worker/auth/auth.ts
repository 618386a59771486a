import { waitUntil } from "cloudflare:workers";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import { and, eq, like, ne } from "drizzle-orm";
import { createElement } from "react";
import { m } from "~/paraglide/messages";
import {
  AUTH_ERROR_MESSAGES,
  accountSuspendedMessage,
  SIGN_UP_REFUSAL_CODES,
  signUpLimitMessage,
} from "~/shared/auth-errors";
import { genderLabel } from "~/shared/auth-rules";
import { POLICY } from "~/shared/legal";
import { PERSON_CHECK_HEADER } from "~/shared/person-check";
import { suspensionReasonLabel } from "~/shared/safety";
import { SignUpRequestSchema } from "~/shared/schemas/auth";
import { isGeneratedUsername } from "~/shared/username";
import { getConfig, type TurnstileKeys } from "../config";
import { keepBrowsersCountry, recipientCrisisHelp } from "../crisis-help/visitor-help";
import { createDb, type Db } from "../db/client";
import { accounts, profiles, rateLimits, sessions, users, verifications } from "../db/schema";
import { sendEmail } from "../email/send-email";
import {
  PASSWORD_RESET_TEMPLATE,
  PasswordResetEmail,
  passwordResetSubject,
} from "../email/templates/password-reset-email";
import { keepSignUpLanguage, recipientLanguage } from "../i18n/visitor-language";
import { recordSignIn } from "./activity-record";
import { CLIENT_ADDRESS_HEADER, clientNetwork } from "./client-network";
import { AUTH_COOKIE_PREFIX } from "./cookie-prefix";
import { endAllSessions, endOneSession } from "./end-sessions";
import { SESSION_LIFETIME_SECONDS } from "./ended-sessions";
import { clearSignInFailures, isSignInLocked, recordSignInFailure } from "./sign-in-guard";
import { admitSignUp } from "./sign-up-limits";
import { verifyPerson } from "./turnstile";
import { claimUsername, generateUniqueUsername, isUsernameAvailable, releaseUsername } from "./username";

const RESET_TOKEN_TTL_SECONDS = 60 * 60;

/** Per client IP. Sign-in is tight so guessing passwords is slow; sign-up has its own limits (sign-up-limits.ts). */
const AUTH_RATE_LIMITS = {
  default: { window: 60, max: 60 },
  "/sign-in/email": { window: 60, max: 5 },
  "/request-password-reset": { window: 600, max: 5 },
} as const;

/** Every other endpoint answers 404, so no generic endpoint can reshape an account. */
const AUTH_PATHS_IN_USE: readonly string[] = [
  "/sign-up/email",
  "/sign-in/email",
  "/sign-out",
  "/get-session",
  "/request-password-reset",
  "/reset-password/:token",
  "/reset-password",
];

/** The Cookie Policy states it: a user's fields are at most this old on their other devices. */
const SESSION_CACHE_SECONDS = POLICY.sessionCacheMinutes * 60;

const RESET_TOKEN_PREFIX = "reset-password:";

type AuthOptions = {
  d1: D1Database;
  appUrl?: string;
  turnstile?: TurnstileKeys | null;
};

/** docs/decisions/README.md, "Auth and sessions". */
export function createAuth({ d1, appUrl, turnstile }: AuthOptions) {
  const config = getConfig();
  const personCheck = turnstile === undefined ? config.turnstile : turnstile;
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
    session: {
      expiresIn: SESSION_LIFETIME_SECONDS,
      // Encrypted (JWE): the default copy is readable base64 with the email and session token. It cannot
      // learn of a session's end, so every signed-in request also asks the user's inbox.
      cookieCache: { enabled: true, maxAge: SESSION_CACHE_SECONDS, strategy: "jwe" },
    },
    user: {
      additionalFields: {
        username: { type: "string", required: true, input: true },
        gender: { type: "string", required: true, input: true },
        profilePic: { type: "string", required: false, input: false },
        role: { type: "string", required: false, input: false, defaultValue: "user" },
        suspendedAt: { type: "date", required: false, input: false },
      },
    },
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      minPasswordLength: 6,
      maxPasswordLength: 128,
      resetPasswordTokenExpiresIn: RESET_TOKEN_TTL_SECONDS,
      revokeSessionsOnPasswordReset: true,
      // Sent after the answer, so timing reveals nothing about who uses a support site.
      sendResetPassword: async ({ user, url, token }, request) => {
        // Only the newest link works: an older one may sit in a mailbox someone else reads.
        await db
          .delete(verifications)
          .where(
            and(
              like(verifications.identifier, `${RESET_TOKEN_PREFIX}%`),
              eq(verifications.value, user.id),
              ne(verifications.identifier, `${RESET_TOKEN_PREFIX}${token}`),
            ),
          );
        const brandName = config.public.brandName;
        const username = (user as { username?: string }).username ?? user.name;
        const [crisisHelp, language] = await Promise.all([
          recipientCrisisHelp(user.id, request ?? null),
          recipientLanguage(user.id),
        ]);
        const sending = sendEmail({
          to: user.email,
          language,
          template: PASSWORD_RESET_TEMPLATE,
          compose: () => ({
            subject: passwordResetSubject(brandName),
            element: createElement(PasswordResetEmail, {
              brandName,
              crisisHelp,
              username,
              resetUrl: url,
              expiresInMinutes: RESET_TOKEN_TTL_SECONDS / 60,
            }),
          }),
        });
        waitUntil(sending.catch((error) => console.error(JSON.stringify({ at: "reset-email", error: String(error) }))));
      },
      // Open sockets close now, and no earlier link works any more.
      onPasswordReset: async ({ user }) => {
        await db
          .delete(verifications)
          .where(and(like(verifications.identifier, `${RESET_TOKEN_PREFIX}%`), eq(verifications.value, user.id)));
        await endAllSessions(user.id, "password-reset", db);
      },
    },
    rateLimit: {
      enabled: true,
      storage: "database",
      window: AUTH_RATE_LIMITS.default.window,
      max: AUTH_RATE_LIMITS.default.max,
      customRules: {
        "/sign-in/email": AUTH_RATE_LIMITS["/sign-in/email"],
        "/sign-up/email": false,
        "/request-password-reset": AUTH_RATE_LIMITS["/request-password-reset"],
      },
    },
    advanced: {
      cookiePrefix: AUTH_COOKIE_PREFIX,
      ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER] },
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
      database: { generateId: () => crypto.randomUUID() },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        if (!AUTH_PATHS_IN_USE.includes(ctx.path)) {
          throw new APIError("NOT_FOUND", { message: "No such endpoint.", code: "NOT_FOUND" });
        }
        if (ctx.path === "/sign-up/email") {
          ctx.body = await prepareSignUp(db, ctx.body);
          const address = ctx.headers?.get(CLIENT_ADDRESS_HEADER);
          // Before the limits: a sign-up no person made takes no place in its network's budget.
          if (personCheck) await requirePerson(ctx.headers?.get(PERSON_CHECK_HEADER), personCheck.secretKey, address);
          await admitOrRefuse(address);
          return { context: ctx };
        }
        if (ctx.path === "/sign-in/email") {
          const email = signInEmail(ctx.body);
          if (email && (await isSignInLocked(db, email))) {
            throw new APIError("TOO_MANY_REQUESTS", {
              message: AUTH_ERROR_MESSAGES.tooManyAttempts,
              code: "TOO_MANY_FAILED_ATTEMPTS",
            });
          }
        }
        if (ctx.path === "/sign-out") {
          const session = await getSessionFromCtx(ctx);
          if (session) await endOneSession(session.user.id, session.session.id, "signed-out");
        }
      }),
      // Counted per account, whatever address they come from.
      after: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== "/sign-in/email") return;
        const email = signInEmail(ctx.body);
        if (!email) return;
        const returned = ctx.context.returned;
        if (returned instanceof APIError) {
          if (returned.statusCode === 401) await recordSignInFailure(db, email);
        } else {
          await clearSignInFailures(db, email);
        }
      }),
    },
    databaseHooks: {
      user: {
        create: {
          before: async (user) => {
            const wanted = (user as typeof user & { username: string }).username;
            const username = await claimUsername(db, wanted);
            return username === wanted ? undefined : { data: { ...user, username, name: username } };
          },
          after: async (user, context) => {
            releaseUsername((user as typeof user & { username: string }).username);
            await keepSignUpLanguage(user.id, context?.headers ?? null);
            await createSmallProfile(db, user as typeof user & { username: string; gender: string });
          },
        },
      },
      session: {
        create: {
          // After the password: a suspended account says so only to its owner; the admin's note stays in the log.
          before: async (session) => {
            const [user] = await db
              .select({ suspendedAt: users.suspendedAt, suspensionReason: users.suspensionReason })
              .from(users)
              .where(eq(users.id, session.userId))
              .limit(1);
            if (user?.suspendedAt) {
              const reason = user.suspensionReason ? suspensionReasonLabel(user.suspensionReason) : null;
              throw new APIError("FORBIDDEN", {
                message: accountSuspendedMessage(reason, config.public.contactEmail),
                code: "ACCOUNT_SUSPENDED",
              });
            }
          },
          after: async (session, context) => {
            await recordSignIn(db, session.userId);
            await keepBrowsersCountry(session.userId, context?.headers?.get("Cookie") ?? null);
          },
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** The display name is the anonymous username; a username this app would not generate, or now taken, is replaced. */
async function prepareSignUp(db: Db, body: unknown) {
  const parsed = SignUpRequestSchema.safeParse(body);
  if (!parsed.success) {
    throw new APIError("BAD_REQUEST", {
      message: parsed.error.issues[0]?.message ?? m.auth_invalid_sign_up(),
      code: "INVALID_SIGN_UP",
    });
  }
  // Markup, look-alikes of 'Support' and long names never get in.
  const { username: requested, ...rest } = parsed.data;
  const username =
    requested && isGeneratedUsername(requested) && (await isUsernameAvailable(db, requested))
      ? requested
      : await generateUniqueUsername(db);
  return { ...rest, username, name: username };
}

/**
 * When Turnstile cannot answer, the limits alone decide: a person in crisis is not turned away
 * because Cloudflare is slow.
 */
async function requirePerson(token: string | null | undefined, secretKey: string, address: string | null | undefined) {
  const readable = clientNetwork(address).family !== "unknown";
  const verdict = await verifyPerson(token, secretKey, readable ? address : null);
  if (verdict.outcome === "passed") return;
  if (verdict.outcome === "unanswered") {
    const log = verdict.misconfigured ? console.error : console.warn;
    log(JSON.stringify({ at: "person-check", outcome: "unanswered", reason: verdict.reason }));
    return;
  }
  throw new APIError("FORBIDDEN", {
    message: AUTH_ERROR_MESSAGES.personCheckFailed,
    code: SIGN_UP_REFUSAL_CODES.personCheck,
  });
}

async function admitOrRefuse(address: string | null | undefined) {
  const admission = await admitSignUp(clientNetwork(address));
  if (admission.admitted) return;
  const { scope, retryAfterSeconds } = admission;
  throw new APIError(
    "TOO_MANY_REQUESTS",
    { message: signUpLimitMessage(scope, retryAfterSeconds), code: SIGN_UP_REFUSAL_CODES.limited },
    { "Retry-After": String(retryAfterSeconds) },
  );
}

function signInEmail(body: unknown): string | null {
  const email = (body as { email?: unknown } | null)?.email;
  return typeof email === "string" && email.trim() ? email : null;
}

/** Spec section 3: the username as first name, no last name. */
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
