import { z } from "zod";

/**
 * The configuration the browser may see: brand, fixed accounts, contact links. Parsed from the
 * Worker's vars once (worker/config.ts) and handed to the UI by the root loader.
 */
export const PublicConfigSchema = z.object({
  brandName: z.string().trim().min(1),
  appUrl: z.url(),
  supportUserId: z.string().min(1),
  adminUserId: z.string().min(1),
  contactEmail: z.email(),
  socialUrl: z.url(),
  donateUrl: z.url(),
});
export type PublicConfig = z.infer<typeof PublicConfigSchema>;
