import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

/**
 * The route table (spec section 2, "Routes"). Public pages share the site layout (header, footer);
 * /header and /footer render those parts alone.
 */
export default [
  layout("routes/site-layout.tsx", [
    index("routes/home.tsx"), // /
    route("privacypolicy", "routes/legal/privacy-policy.tsx"),
    route("termsofservice", "routes/legal/terms-of-service.tsx"),
    route("cookiepolicy", "routes/legal/cookie-policy.tsx"),
    // The same public pages at their Spanish addresses (LOCALIZED_PATHS in app/shared/languages.ts).
    route("es", "routes/home.tsx", { id: "routes/home-es" }),
    route("es/privacypolicy", "routes/legal/privacy-policy.tsx", { id: "routes/legal/privacy-policy-es" }),
    route("es/termsofservice", "routes/legal/terms-of-service.tsx", { id: "routes/legal/terms-of-service-es" }),
    route("es/cookiepolicy", "routes/legal/cookie-policy.tsx", { id: "routes/legal/cookie-policy-es" }),
    // One sign-in / create-account screen (components/auth/auth-screen) on two addresses.
    route("signup", "routes/auth/signup.tsx"),
    route("signup/steps", "routes/auth/signup-steps.ts"), // the same action's answers in JSON, for its page script
    route("login", "routes/auth/login.tsx"),
    route("recover", "routes/auth/recover.tsx"), // Reset Password: asks for the email
    route("reset-password", "routes/auth/reset-password.tsx"), // where the reset email's link lands
    route("signout", "routes/auth/sign-out.tsx"), // signing out as a form, for a page without scripts
    route("chat/:userId?", "routes/chat/chat-screen.tsx"), // signed in only; userId preselects a contact
    route("profile", "routes/profile/profile-screen.tsx"), // signed in only: read and edit one's own profile
    route("users", "routes/users/find-users.tsx"), // Find Other Christians: exact-username search
    route("users/:userId", "routes/users/user-profile.tsx"), // another person's profile, read-only
    route("thankyou", "routes/donation/thank-you.tsx"), // after a donation: the receipt (signed in only)
    route("blocked", "routes/safety/blocked-people.tsx"), // the people one blocked, to unblock them
    route("crisis-help/country", "routes/safety/crisis-country.tsx"), // which country's crisis help every page shows
    route("language", "routes/language.tsx"), // the language switch's post (and, by address, the switch)
    // The support desk: listeners and the admin answer visitors as the support account.
    route("desk", "routes/desk/desk-screen.tsx"), // the queue, my conversations, availability
    route("desk/:visitorId", "routes/desk/desk-conversation.tsx"), // one support conversation on the desk
    // The admin's pages: one guard (middleware), heading and nav for all of them.
    layout("routes/admin/admin-layout.tsx", [
      route("admin/analytics", "routes/admin/analytics.tsx"), // page views and web vitals
      route("admin/reports", "routes/admin/reports.tsx"), // moderation: open reports, suspensions
      route("admin/listeners", "routes/admin/listeners.tsx"), // who answers on the support desk
      route("admin/replies", "routes/admin/saved-replies.tsx"), // the desk's saved replies, in order
      route("admin/topics", "routes/admin/wrap-up-topics.tsx"), // what 'Mark resolved' asks to choose from
      route("admin/desk", "routes/admin/desk-figures.tsx"), // the desk's figures: answering, survey, wrap-ups
    ]),
    // Development only, absent from production builds: the emails written to the local outbox.
    ...(process.env.NODE_ENV === "development" ? [route("dev/outbox", "routes/dev/outbox.tsx")] : []),
    route("*", "routes/not-found.tsx"), // anything else: a real 404 inside the layout
  ]),
  route("header", "routes/header-only.tsx"),
  route("footer", "routes/footer-only.tsx"),
] satisfies RouteConfig;
