import { z } from "./zod";

/** Parsed from the Worker's vars once (worker/config.ts) and handed to the UI by the root loader. */
/** Plain `z.url()` would also accept `javascript:` URLs, which become links. */
const HttpUrlSchema = z.url({ protocol: /^https?$/ });

export const PublicConfigSchema = z.object({
  brandName: z.string().trim().min(1),
  appUrl: HttpUrlSchema,
  supportUserId: z.string().min(1),
  adminUserId: z.string().min(1),
  contactEmail: z.email(),
  socialUrl: HttpUrlSchema,
  donateUrl: HttpUrlSchema,
  quickExitUrl: HttpUrlSchema,
});
export type PublicConfig = z.infer<typeof PublicConfigSchema>;
