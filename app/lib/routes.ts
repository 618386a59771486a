/**
 * Paths the UI links to, so a renamed route is changed once. The route table itself is
 * app/routes.ts.
 */
export const PATHS = {
  home: "/",
  howItWorks: "/#how-it-works",
  signup: "/signup",
  login: "/login",
  recover: "/recover",
  chat: "/chat",
  profile: "/profile",
  users: "/users",
  thankYou: "/thankyou",
  adminAnalytics: "/admin/analytics",
  privacyPolicy: "/privacypolicy",
  termsOfService: "/termsofservice",
  cookiePolicy: "/cookiepolicy",
} as const;

/** /chat/{userId}: the conversation with one user (spec section 2, Chat screen). */
export function chatWith(userId: string): string {
  return `/chat/${encodeURIComponent(userId)}`;
}

/** /users/{userId}: another person's profile, read-only. */
export function userProfilePath(userId: string): string {
  return `/users/${encodeURIComponent(userId)}`;
}

export const LEGAL_LINKS = [
  { label: "Privacy Policy", to: PATHS.privacyPolicy },
  { label: "Terms of Service", to: PATHS.termsOfService },
  { label: "Cookie Policy", to: PATHS.cookiePolicy },
] as const;
