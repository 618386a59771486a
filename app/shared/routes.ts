/** So a renamed route is changed once; the route table is app/routes.ts. */
export const PATHS = {
  home: "/",
  howItWorks: "/#how-it-works",
  signup: "/signup",
  signUpSteps: "/signup/steps",
  login: "/login",
  recover: "/recover",
  /** Without scripts. */
  signOut: "/signout",
  chat: "/chat",
  profile: "/profile",
  users: "/users",
  thankYou: "/thankyou",
  adminAnalytics: "/admin/analytics",
  adminReports: "/admin/reports",
  adminListeners: "/admin/listeners",
  adminDesk: "/admin/desk",
  adminReplies: "/admin/replies",
  adminTopics: "/admin/topics",
  blockedPeople: "/blocked",
  desk: "/desk",
  privacyPolicy: "/privacypolicy",
  termsOfService: "/termsofservice",
  cookiePolicy: "/cookiepolicy",
  crisisCountry: "/crisis-help/country",
} as const;

export const PROFILE_SAVED_PARAM = "saved";
export const PROFILE_SAVED_PATH = `${PATHS.profile}?${PROFILE_SAVED_PARAM}=1`;

/** Spec section 2, Chat screen. */
export function chatWith(userId: string): string {
  return `/chat/${encodeURIComponent(userId)}`;
}

export function userProfilePath(userId: string): string {
  return `/users/${encodeURIComponent(userId)}`;
}

export function deskConversationPath(visitorId: string): string {
  return `/desk/${encodeURIComponent(visitorId)}`;
}

/** Analytics keep the pattern, never the id: /chat/{userId} would tell who is being contacted. */
const ID_ROUTES = [
  { prefix: "/chat/", pattern: "/chat/:userId" },
  { prefix: "/users/", pattern: "/users/:userId" },
  { prefix: "/desk/", pattern: "/desk/:visitorId" },
] as const;

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
