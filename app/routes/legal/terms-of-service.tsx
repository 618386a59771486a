import { Link } from "react-router";
import { ContactEmailLink, LegalPage, LegalSection, legalLink, legalList } from "~/components/legal/legal-page";
import { CrisisLinesInline, EmergencyNumbersInline } from "~/components/safety/crisis-help-inline";
import { legalLinkLabel } from "~/lib/legal-link-labels";
import { pageMeta } from "~/lib/meta";
import { usePublicConfig } from "~/lib/public-config";
import { richMessage } from "~/lib/rich-message";
import { m } from "~/paraglide/messages";
import { POLICY } from "~/shared/legal";
import { PATHS } from "~/shared/routes";
import type { Route } from "./+types/terms-of-service";

export function meta({ matches, location }: Route.MetaArgs) {
  return pageMeta({
    matches,
    pathname: location.pathname,
    title: legalLinkLabel(PATHS.termsOfService),
    description: m.legal_terms_description(),
  });
}

/** Spec section 9. */
export default function TermsOfService() {
  const { brandName: brand } = usePublicConfig();
  const email = <ContactEmailLink />;

  return (
    <LegalPage path={PATHS.termsOfService} intro={<p>{m.legal_terms_intro({ brand })}</p>}>
      <LegalSection title={m.legal_terms_offer_title()}>
        <p>{m.legal_terms_offer({ brand })}</p>
        <p>
          {richMessage(m.legal_terms_offer_no_substitute, {
            notProfessional: <strong>{m.legal_terms_offer_not_professional()}</strong>,
          })}
        </p>
      </LegalSection>

      <LegalSection title={m.legal_terms_danger_title()}>
        <p>
          {richMessage(m.legal_terms_danger, {
            brand,
            emergency: <EmergencyNumbersInline linkClass={legalLink} />,
          })}
        </p>
        <p>{richMessage(m.legal_terms_danger_lines, { lines: <CrisisLinesInline linkClass={legalLink} /> })}</p>
      </LegalSection>

      <LegalSection title={m.legal_terms_who_title()}>
        <p>
          {m.legal_terms_who({
            brand,
            minimumAge: POLICY.minimumAge,
            consentAge: POLICY.parentalConsentUntilAge,
          })}
        </p>
      </LegalSection>

      <LegalSection title={m.legal_terms_account_title()}>
        <ul className={legalList}>
          <li>{m.legal_terms_account_sign_up()}</li>
          <li>{m.legal_terms_account_real_email()}</li>
          <li>{m.legal_terms_account_password()}</li>
          <li>{m.legal_terms_account_sign_out({ minutes: POLICY.inactivityLogoutMinutes })}</li>
        </ul>
      </LegalSection>

      <LegalSection title={m.legal_terms_sessions_title()}>
        <ul className={legalList}>
          <li>{m.legal_terms_sessions_length({ minutes: POLICY.sessionMinutes })}</li>
          <li>{m.legal_terms_sessions_volunteers()}</li>
          <li>{m.legal_terms_sessions_deleted({ days: POLICY.messageRetentionDays })}</li>
        </ul>
      </LegalSection>

      <LegalSection title={m.legal_terms_community_title()}>
        <p>{m.legal_terms_community({ brand })}</p>
      </LegalSection>

      <LegalSection title={m.legal_terms_use_title()}>
        <p>{m.legal_terms_use_intro()}</p>
        <ul className={legalList}>
          <li>{m.legal_terms_use_harass()}</li>
          <li>{m.legal_terms_use_hate()}</li>
          <li>{m.legal_terms_use_minors()}</li>
          <li>{m.legal_terms_use_sexual()}</li>
          <li>{m.legal_terms_use_spam()}</li>
          <li>{m.legal_terms_use_impersonate()}</li>
          <li>{m.legal_terms_use_illegal()}</li>
          <li>{m.legal_terms_use_personal_info()}</li>
          <li>{m.legal_terms_use_security()}</li>
        </ul>
      </LegalSection>

      <LegalSection title={m.legal_terms_enforcement_title()}>
        <p>{m.legal_terms_enforcement()}</p>
      </LegalSection>

      <LegalSection title={m.legal_terms_content_title()}>
        <p>
          {richMessage(m.legal_terms_content, {
            privacyPolicy: (
              <Link to={PATHS.privacyPolicy} className={legalLink}>
                {legalLinkLabel(PATHS.privacyPolicy)}
              </Link>
            ),
          })}
        </p>
      </LegalSection>

      <LegalSection title={m.legal_terms_donations_title()}>
        <p>{m.legal_terms_donations({ brand })}</p>
      </LegalSection>

      <LegalSection title={m.legal_terms_disclaimers_title()}>
        <p>{m.legal_terms_disclaimers()}</p>
      </LegalSection>

      <LegalSection title={m.legal_terms_liability_title()}>
        <p>{m.legal_terms_liability({ brand })}</p>
      </LegalSection>

      <LegalSection title={m.legal_terms_leaving_title()}>
        <p>{richMessage(m.legal_terms_leaving, { brand, email })}</p>
      </LegalSection>

      <LegalSection title={m.legal_terms_changes_title()}>
        <p>{m.legal_terms_changes()}</p>
      </LegalSection>

      <LegalSection title={m.legal_terms_contact_title()}>
        <p>{richMessage(m.legal_terms_contact, { email })}</p>
      </LegalSection>
    </LegalPage>
  );
}
