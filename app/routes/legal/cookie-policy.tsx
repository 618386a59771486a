import { Link } from "react-router";
import {
  ContactEmailLink,
  LeadParagraph,
  LegalPage,
  LegalSection,
  legalLink,
  legalList,
} from "~/components/legal/legal-page";
import { CrisisLinesInline, EmergencyNumbersInline } from "~/components/safety/crisis-help-inline";
import { legalLinkLabel } from "~/lib/legal-link-labels";
import { pageMeta } from "~/lib/meta";
import { usePublicConfig } from "~/lib/public-config";
import { richMessage } from "~/lib/rich-message";
import { m } from "~/paraglide/messages";
import { CRISIS_HELP_TEXTS } from "~/shared/crisis-help";
import { POLICY } from "~/shared/legal";
import { PATHS } from "~/shared/routes";
import type { Route } from "./+types/cookie-policy";

export function meta({ matches, location }: Route.MetaArgs) {
  return pageMeta({
    matches,
    pathname: location.pathname,
    title: legalLinkLabel(PATHS.cookiePolicy),
    description: m.legal_cookies_description(),
  });
}

/** Spec section 9. */
export default function CookiePolicy() {
  const { brandName: brand } = usePublicConfig();
  const email = <ContactEmailLink />;

  return (
    <LegalPage path={PATHS.cookiePolicy} intro={<p>{m.legal_cookies_intro({ brand })}</p>}>
      <LegalSection title={m.legal_cookies_what_title()}>
        <p>{m.legal_cookies_what()}</p>
      </LegalSection>

      <LegalSection title={m.legal_cookies_short_title()}>
        <ul className={legalList}>
          <li>{m.legal_cookies_short_necessary()}</li>
          <li>{m.legal_cookies_short_no_tracking()}</li>
          <li>{m.legal_cookies_short_analytics()}</li>
          <li>{m.legal_cookies_short_local_storage()}</li>
        </ul>
      </LegalSection>

      <LegalSection title={m.legal_cookies_used_title()}>
        <LeadParagraph lead={m.legal_cookies_session_lead()}>{m.legal_cookies_session()}</LeadParagraph>
        {/* The cookie attributes go by their own names in every language. */}
        <ul className={legalList}>
          <li>
            <strong>HttpOnly:</strong> {m.legal_cookies_http_only()}
          </li>
          <li>
            <strong>Secure:</strong> {m.legal_cookies_secure()}
          </li>
          <li>
            <strong>SameSite=Lax:</strong> {m.legal_cookies_same_site()}
          </li>
          <li>
            <strong>{m.legal_cookies_lifetime_lead()}</strong>{" "}
            {m.legal_cookies_lifetime({ days: POLICY.cookieLifetimeDays, minutes: POLICY.inactivityLogoutMinutes })}
          </li>
        </ul>
        <LeadParagraph lead={m.legal_cookies_helpers_lead()}>
          {m.legal_cookies_helpers({ minutes: POLICY.sessionCacheMinutes })}
        </LeadParagraph>
        <LeadParagraph lead={m.legal_cookies_country_lead()}>
          {m.legal_cookies_country({ choose: CRISIS_HELP_TEXTS.choose, minutes: POLICY.accountChoiceCacheMinutes })}
        </LeadParagraph>
        <LeadParagraph lead={m.legal_cookies_security_lead()}>{m.legal_cookies_security()}</LeadParagraph>
        <p>{m.legal_cookies_first_party()}</p>
      </LegalSection>

      <LegalSection title={m.legal_cookies_unused_title()}>
        <ul className={legalList}>
          <li>{m.legal_cookies_unused_ads()}</li>
          <li>{m.legal_cookies_unused_trackers()}</li>
          <li>{m.legal_cookies_unused_analytics()}</li>
        </ul>
      </LegalSection>

      <LegalSection title={m.legal_cookies_local_title()}>
        <p>{m.legal_cookies_local()}</p>
      </LegalSection>

      <LegalSection title={m.legal_cookies_consent_title()}>
        <p>{m.legal_cookies_consent()}</p>
      </LegalSection>

      <LegalSection title={m.legal_cookies_control_title()}>
        <p>{m.legal_cookies_control()}</p>
        {/* Browsers go by their own names in every language. */}
        <ul className={legalList}>
          <li>
            <strong>{m.legal_cookies_control_chrome_lead()}</strong> {m.legal_cookies_control_chrome()}
          </li>
          <li>
            <strong>Firefox:</strong> {m.legal_cookies_control_firefox()}
          </li>
          <li>
            <strong>Safari:</strong> {m.legal_cookies_control_safari()}
          </li>
          <li>
            <strong>{m.legal_cookies_control_phones_lead()}</strong> {m.legal_cookies_control_phones()}
          </li>
        </ul>
        <p>
          {richMessage(m.legal_cookies_control_note, {
            cannotSignIn: <strong>{m.legal_cookies_control_cannot_sign_in()}</strong>,
          })}
        </p>
      </LegalSection>

      <LegalSection title={m.legal_cookies_shared_title()}>
        <p>{m.legal_cookies_shared({ brand, minutes: POLICY.inactivityLogoutMinutes })}</p>
      </LegalSection>

      <LegalSection title={m.legal_cookies_changes_title()}>
        <p>
          {richMessage(m.legal_cookies_changes, {
            privacyPolicy: (
              <Link to={PATHS.privacyPolicy} className={legalLink}>
                {legalLinkLabel(PATHS.privacyPolicy)}
              </Link>
            ),
          })}
        </p>
      </LegalSection>

      <LegalSection title={m.legal_cookies_help_title()}>
        <p>
          {richMessage(m.legal_cookies_help, { emergency: <EmergencyNumbersInline linkClass={legalLink} /> })}{" "}
          <CrisisLinesInline linkClass={legalLink} />
        </p>
      </LegalSection>

      <LegalSection title={m.legal_cookies_contact_title()}>
        <p>{richMessage(m.legal_cookies_contact, { email })}</p>
      </LegalSection>
    </LegalPage>
  );
}
