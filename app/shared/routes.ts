/**
 * Paths the UI links to, so a renamed route is changed once. The route table itself is
 * app/routes.ts.
 */
export const PATHS = {
  home: "/",
  howItWorks: "/#how-it-works",
  signup: "/signup",
  /** The sign-up action's answers in JSON, for the sign-up page's script. */
  signUpSteps: "/signup/steps",
  login: "/login",
  recover: "/recover",
  /** Signing out as a form: the account menu's 'Sign Out' posts here when the page has no scripts. */
  signOut: "/signout",
  chat: "/chat",
  profile: "/profile",
  users: "/users",
  thankYou: "/thankyou",
  adminAnalytics: "/admin/analytics",
  adminReports: "/admin/reports",
  adminListeners: "/admin/listeners",
  /** The support desk's figures for a helpline lead. */
  adminDesk: "/admin/desk",
  /** The desk's saved replies and wrap-up topics, kept by the admin. */
  adminReplies: "/admin/replies",
  adminTopics: "/admin/topics",
  blockedPeople: "/blocked",
  /** The support desk: listeners and the admin. */
  desk: "/desk",
  privacyPolicy: "/privacypolicy",
  termsOfService: "/termsofservice",
  cookiePolicy: "/cookiepolicy",
  /** Where a visitor chooses the country whose crisis help every page shows them. */
  crisisCountry: "/crisis-help/country",
} as const;

/** After a save posted without scripts the profile action sends the browser here: the profile, saying it was saved. */
export const PROFILE_SAVED_PARAM = "saved";
export const PROFILE_SAVED_PATH = `${PATHS.profile}?${PROFILE_SAVED_PARAM}=1`;

/** /chat/{userId}: the conversation with one user (spec section 2, Chat screen). */
export function chatWith(userId: string): string {
  return `/chat/${encodeURIComponent(userId)}`;
}

/** /users/{userId}: another person's profile, read-only. */
export function userProfilePath(userId: string): string {
  return `/users/${encodeURIComponent(userId)}`;
}

/** /desk/{visitorId}: a support conversation on the desk. */
export function deskConversationPath(visitorId: string): string {
  return `/desk/${encodeURIComponent(visitorId)}`;
}

/**
 * Pages whose address holds an id (app/routes.ts), with their route pattern. Analytics record the
 * pattern, never the id: /chat/{userId} would tell who is being contacted. The migration
 * 0002_analytics_route_patterns rewrites rows stored before this rule, with the same prefixes.
 */
const ID_ROUTES = [
  { prefix: "/chat/", pattern: "/chat/:userId" },
  { prefix: "/users/", pattern: "/users/:userId" },
  { prefix: "/desk/", pattern: "/desk/:visitorId" },
] as const;

/** A path as analytics may keep it: its route pattern when it holds an id, else itself. */
export function routePatternOf(path: string): string {
  for (const { prefix, pattern } of ID_ROUTES) {
    if (path.startsWith(prefix) && path.length > prefix.length) return pattern;
  }
  return path;
}

export const LEGAL_LINKS = [
  { label: "Privacy Policy", to: PATHS.privacyPolicy },
  { label: "Terms of Service", to: PATHS.termsOfService },
  { label: "Cookie Policy", to: PATHS.cookiePolicy },
] as const;
