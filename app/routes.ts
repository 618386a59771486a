import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

/**
 * The route table (spec section 2, "Routes"). Public pages share the site layout (header, footer);
 * /header and /footer render those parts alone. Signed-in screens (/signup, /login, /chat, /profile,
 * /users, /recover, /thankyou) join this table with their issues.
 */
export default [
  layout("routes/site-layout.tsx", [
    index("routes/home.tsx"), // /
    route("privacypolicy", "routes/legal/privacy-policy.tsx"),
    route("termsofservice", "routes/legal/terms-of-service.tsx"),
    route("cookiepolicy", "routes/legal/cookie-policy.tsx"),
    route("*", "routes/not-found.tsx"), // anything else: a real 404 inside the layout
  ]),
  route("header", "routes/header-only.tsx"),
  route("footer", "routes/footer-only.tsx"),
] satisfies RouteConfig;
