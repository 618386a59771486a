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

/** Reset links are valid this long (better-auth's token lifetime). */
const RESET_TOKEN_TTL_SECONDS = 60 * 60;

/**
 * Requests allowed per client IP and window. Sign-in is tight so guessing passwords is slow; the
 * rest is generous enough for real people and still stops scripts. Sign-up has limits of its own,
 * per network and for the site (sign-up-limits.ts): one address may be a whole school.
 */
const AUTH_RATE_LIMITS = {
  default: { window: 60, max: 60 },
  "/sign-in/email": { window: 60, max: 5 },
  "/request-password-reset": { window: 600, max: 5 },
} as const;

/**
 * The better-auth endpoints this app uses; every other one (update-user, change-email,
 * change-password, delete-user, list-sessions, revoke-*, social sign-in, …) answers 404, so no
 * generic endpoint can reshape an account (username, gender and role are the app's).
 */
const AUTH_PATHS_IN_USE: readonly string[] = [
  "/sign-up/email",
  "/sign-in/email",
  "/sign-out",
  "/get-session",
  "/request-password-reset",
  "/reset-password/:token",
  "/reset-password",
];

/**
 * How long the session cache cookie vouches for a session before D1 is read again (the Cookie
 * Policy states it): the user's fields in it (their picture, say) are at most this old on their
 * other devices.
 */
const SESSION_CACHE_SECONDS = POLICY.sessionCacheMinutes * 60;

/** Reset tokens live in better-auth's verifications table under this identifier prefix. */
const RESET_TOKEN_PREFIX = "reset-password:";

type AuthOptions = {
  d1: D1Database;
  appUrl?: string;
  /** The person check's keys, when not the configuration's (null: off). */
  turnstile?: TurnstileKeys | null;
};

/**
 * better-auth on D1 (docs/decisions/README.md, "Auth and sessions"): email + password, sessions in an
 * HttpOnly SameSite=Lax cookie (Secure when the app is served over https), origin/CSRF checks against the
 * configured origins, database-backed rate limiting keyed by the client IP Cloudflare reports.
 */
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
      // A copy of the session in a cookie answers most requests without D1. It cannot
      // learn of a session's end by itself: every signed-in request also asks the user's inbox,
      // which hears of each end (worker/auth/session.ts), so ending access stays immediate. It is
      // encrypted (JWE): better-auth's default copy is readable base64 carrying the email and the
      // session token, which an anonymous service must not leave in a browser's cookie jar.
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
      // Sent after the answer (waitUntil): the response takes the same time whether or not the
      // account exists, so timing reveals nothing about who uses a support site.
      sendResetPassword: async ({ user, url, token }, request) => {
        // Only the newest link works: an older one, maybe in a mailbox someone else
        // reads, no longer changes the password.
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
      // A reset cuts off every device: better-auth has deleted the sessions; their open sockets
      // close now, and no other link sent before this reset works any more.
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
          // Its sockets close with it, and the user's inbox marks them offline when none is left.
          if (session) await endOneSession(session.user.id, session.session.id, "signed-out");
        }
      }),
      // Failed sign-ins count against the account whatever address they come from.
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
          // Checked after the password: a suspended account says so only to its owner, with the
          // reason's category and where to appeal; the admin's note stays in the log.
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
            // A country chosen in this browser before signing in follows the account to its other devices.
            await keepBrowsersCountry(session.userId, context?.headers?.get("Cookie") ?? null);
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
      message: parsed.error.issues[0]?.message ?? m.auth_invalid_sign_up(),
      code: "INVALID_SIGN_UP",
    });
  }
  // The username shown on the form is kept only if it is one this app could have generated and is
  // still free (markup, look-alikes of 'Support' and long names never get in).
  const { username: requested, ...rest } = parsed.data;
  const username =
    requested && isGeneratedUsername(requested) && (await isUsernameAvailable(db, requested))
      ? requested
      : await generateUniqueUsername(db);
  return { ...rest, username, name: username };
}

/**
 * Refuses a sign-up Turnstile says no person made. When Turnstile cannot answer, the sign-up goes
 * on under the limits alone: a person in crisis is not turned away because Cloudflare is slow.
 */
async function requirePerson(token: string | null | undefined, secretKey: string, address: string | null | undefined) {
  const readable = clientNetwork(address).family !== "unknown";
  const verdict = await verifyPerson(token, secretKey, readable ? address : null);
  if (verdict.outcome === "passed") return;
  if (verdict.outcome === "unanswered") {
    // A wrong secret key is the operator's to fix: the check does nothing until it is.
    const log = verdict.misconfigured ? console.error : console.warn;
    log(JSON.stringify({ at: "person-check", outcome: "unanswered", reason: verdict.reason }));
    return;
  }
  throw new APIError("FORBIDDEN", {
    message: AUTH_ERROR_MESSAGES.personCheckFailed,
    code: SIGN_UP_REFUSAL_CODES.personCheck,
  });
}

/**
 * Counts a sign-up against its network and the site (sign-up-limits.ts), or refuses it with when
 * to try again, in words and in Retry-After.
 */
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

/** The email a sign-in is for, when the body names one (the schema check comes later). */
function signInEmail(body: unknown): string | null {
  const email = (body as { email?: unknown } | null)?.email;
  return typeof email === "string" && email.trim() ? email : null;
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
