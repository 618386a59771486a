import { z } from "./zod";

/**
 * The configuration the browser may see: brand, fixed accounts, contact links. Parsed from the
 * Worker's vars once (worker/config.ts) and handed to the UI by the root loader.
 */
/** An absolute http(s) URL. Plain `z.url()` would also accept `javascript:` URLs, which become links. */
const HttpUrlSchema = z.url({ protocol: /^https?$/ });

export const PublicConfigSchema = z.object({
  brandName: z.string().trim().min(1),
  appUrl: HttpUrlSchema,
  supportUserId: z.string().min(1),
  adminUserId: z.string().min(1),
  contactEmail: z.email(),
  socialUrl: HttpUrlSchema,
  donateUrl: HttpUrlSchema,
  /** The neutral page Quick exit replaces the site with (app/lib/quick-exit.ts). */
  quickExitUrl: HttpUrlSchema,
});
export type PublicConfig = z.infer<typeof PublicConfigSchema>;
