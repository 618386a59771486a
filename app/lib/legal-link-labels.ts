import { m } from "~/paraglide/messages";
import { PATHS } from "~/shared/routes";

export function legalLinkLabel(path: string): string {
  if (path === PATHS.privacyPolicy) return m.legal_privacy_policy();
  if (path === PATHS.termsOfService) return m.legal_terms_of_service();
  return m.legal_cookie_policy();
}
