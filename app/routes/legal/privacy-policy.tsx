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
import { POLICY } from "~/shared/legal";
import { PATHS } from "~/shared/routes";
import type { Route } from "./+types/privacy-policy";

export function meta({ matches, location }: Route.MetaArgs) {
  return pageMeta({
    matches,
    pathname: location.pathname,
    title: legalLinkLabel(PATHS.privacyPolicy),
    description: m.legal_privacy_description(),
  });
}

/** Spec section 9. */
export default function PrivacyPolicy() {
  const { brandName: brand } = usePublicConfig();
  const email = <ContactEmailLink />;

  return (
    <LegalPage path={PATHS.privacyPolicy} intro={<p>{richMessage(m.legal_privacy_intro, { brand, email })}</p>}>
      <LegalSection title={m.legal_privacy_who_title()}>
        <p>{m.legal_privacy_who({ brand })}</p>
        <p>
          {richMessage(m.legal_privacy_who_danger, {
            emergency: <EmergencyNumbersInline linkClass={legalLink} />,
          })}{" "}
          <CrisisLinesInline linkClass={legalLink} />
        </p>
      </LegalSection>

      <LegalSection title={m.legal_privacy_short_title()}>
        <ul className={legalList}>
          <li>{m.legal_privacy_short_sign_up()}</li>
          <li>{m.legal_privacy_short_messages({ days: POLICY.messageRetentionDays })}</li>
          <li>{m.legal_privacy_email_never_shown()}</li>
          <li>{m.legal_privacy_short_no_ads()}</li>
          <li>{m.legal_privacy_short_rights()}</li>
        </ul>
      </LegalSection>

      <LegalSection title={m.legal_privacy_collect_title()}>
        <LeadParagraph lead={m.legal_privacy_collect_account_lead()}>{m.legal_privacy_collect_account()}</LeadParagraph>
        <LeadParagraph lead={m.legal_privacy_collect_conversations_lead()}>
          {m.legal_privacy_collect_conversations()}
        </LeadParagraph>
        <LeadParagraph lead={m.legal_privacy_collect_community_lead()}>
          {m.legal_privacy_collect_community()}
        </LeadParagraph>
        <LeadParagraph lead={m.legal_privacy_collect_reports_lead()}>{m.legal_privacy_collect_reports()}</LeadParagraph>
        <LeadParagraph lead={m.legal_privacy_collect_donations_lead()}>
          {m.legal_privacy_collect_donations()}
        </LeadParagraph>
        <LeadParagraph lead={m.legal_privacy_collect_security_lead()}>
          {m.legal_privacy_collect_security()}
        </LeadParagraph>
        <LeadParagraph lead={m.legal_privacy_collect_analytics_lead()}>
          {m.legal_privacy_collect_analytics()}
        </LeadParagraph>
        <LeadParagraph lead={m.legal_privacy_collect_country_lead()}>{m.legal_privacy_collect_country()}</LeadParagraph>
        <p>{m.legal_privacy_collect_never()}</p>
      </LegalSection>

      <LegalSection title={m.legal_privacy_use_title()}>
        <ul className={legalList}>
          <li>{m.legal_privacy_use_account()}</li>
          <li>{m.legal_privacy_use_messages()}</li>
          <li>{m.legal_privacy_use_profile()}</li>
          <li>{m.legal_privacy_use_emails()}</li>
          <li>{m.legal_privacy_use_safety()}</li>
          <li>{m.legal_privacy_use_analytics()}</li>
        </ul>
      </LegalSection>

      <LegalSection title={m.legal_privacy_bases_title()}>
        <p>{m.legal_privacy_bases_intro()}</p>
        <ul className={legalList}>
          <li>
            <strong>{m.legal_privacy_bases_contract_lead()}</strong> {m.legal_privacy_bases_contract()}
          </li>
          <li>
            <strong>{m.legal_privacy_bases_interests_lead()}</strong> {m.legal_privacy_bases_interests()}
          </li>
          <li>
            <strong>{m.legal_privacy_bases_consent_lead()}</strong> {m.legal_privacy_bases_consent()}
          </li>
          <li>
            <strong>{m.legal_privacy_bases_obligation_lead()}</strong> {m.legal_privacy_bases_obligation()}
          </li>
          <li>
            <strong>{m.legal_privacy_bases_vital_lead()}</strong> {m.legal_privacy_bases_vital()}
          </li>
        </ul>
      </LegalSection>

      <LegalSection title={m.legal_privacy_see_title()}>
        <ul className={legalList}>
          <li>{m.legal_privacy_see_support()}</li>
          <li>{m.legal_privacy_see_community()}</li>
          <li>
            <strong>{m.legal_privacy_email_never_shown()}</strong>
          </li>
          <li>{m.legal_privacy_see_reports()}</li>
        </ul>
      </LegalSection>

      <LegalSection title={m.legal_privacy_keep_title()}>
        <ul className={legalList}>
          <li>{m.legal_privacy_keep_messages({ days: POLICY.messageRetentionDays })}</li>
          <li>{m.legal_privacy_keep_ips({ days: POLICY.ipRetentionDays })}</li>
          <li>{m.legal_privacy_keep_reports({ days: POLICY.reportRetentionDays })}</li>
          <li>{m.legal_privacy_keep_analytics({ days: POLICY.analyticsRetentionDays })}</li>
          <li>{m.legal_privacy_keep_account()}</li>
        </ul>
      </LegalSection>

      <LegalSection title={m.legal_privacy_share_title()}>
        <p>
          {richMessage(m.legal_privacy_share_intro, {
            neverSell: <strong>{m.legal_privacy_share_never_sell()}</strong>,
          })}
        </p>
        <ul className={legalList}>
          <li>
            <strong>{m.legal_privacy_share_hosting_lead()}</strong> {m.legal_privacy_share_hosting()}
          </li>
          <li>
            <strong>{m.legal_privacy_share_email_lead()}</strong> {m.legal_privacy_share_email()}
          </li>
        </ul>
        <p>{m.legal_privacy_share_others()}</p>
      </LegalSection>

      <LegalSection title={m.legal_privacy_rights_title()}>
        <p>{m.legal_privacy_rights_intro()}</p>
        <ul className={legalList}>
          <li>{m.legal_privacy_rights_access()}</li>
          <li>{m.legal_privacy_rights_correction()}</li>
          <li>{m.legal_privacy_rights_deletion()}</li>
          <li>{m.legal_privacy_rights_export()}</li>
          <li>{m.legal_privacy_rights_limit()}</li>
        </ul>
        <p>{richMessage(m.legal_privacy_rights_how, { email })}</p>
      </LegalSection>

      <LegalSection title={m.legal_privacy_children_title()}>
        <p>
          {m.legal_privacy_children({
            brand,
            minimumAge: POLICY.minimumAge,
            consentAge: POLICY.parentalConsentUntilAge,
          })}
        </p>
      </LegalSection>

      <LegalSection title={m.legal_privacy_safe_title()}>
        <p>{m.legal_privacy_safe({ minutes: POLICY.inactivityLogoutMinutes })}</p>
      </LegalSection>

      <LegalSection title={m.legal_privacy_transfers_title()}>
        <p>{m.legal_privacy_transfers()}</p>
      </LegalSection>

      <LegalSection title={m.legal_privacy_changes_title()}>
        <p>
          {richMessage(m.legal_privacy_changes, {
            cookiePolicy: (
              <Link to={PATHS.cookiePolicy} className={legalLink}>
                {legalLinkLabel(PATHS.cookiePolicy)}
              </Link>
            ),
          })}
        </p>
      </LegalSection>

      <LegalSection title={m.legal_privacy_contact_title()}>
        <p>{richMessage(m.legal_privacy_contact, { email })}</p>
      </LegalSection>
    </LegalPage>
  );
}
