import { Link } from "react-router";
import { ContactEmailLink, LegalPage, LegalSection, legalLink, legalList } from "~/components/legal/legal-page";
import { CrisisLinesInline, EmergencyNumbersInline } from "~/components/safety/crisis-help-inline";
import { pageMeta } from "~/lib/meta";
import { usePublicConfig } from "~/lib/public-config";
import { POLICY } from "~/shared/legal";
import { PATHS } from "~/shared/routes";
import type { Route } from "./+types/terms-of-service";

export function meta({ matches, location }: Route.MetaArgs) {
  return pageMeta({
    matches,
    pathname: location.pathname,
    title: "Terms of Service",
    description:
      "The simple rules for using our free, anonymous emotional-support chat: what we offer and what we don’t, keeping each other safe, sessions, donations and your rights.",
  });
}

/** /termsofservice (spec section 9): the rules for using the service. */
export default function TermsOfService() {
  const { brandName } = usePublicConfig();
  const mail = <ContactEmailLink />;

  return (
    <LegalPage
      title="Terms of Service"
      intro={
        <p>
          Thank you for being here. These terms are the ground rules for using {brandName}. We have tried to keep them
          short and human, because they exist for one reason: to keep this a safe, kind place for everyone who reaches
          out. By creating an account or using the service, you agree to them.
        </p>
      }
    >
      <LegalSection title="1. What we offer">
        <p>
          {brandName} is a free, anonymous and confidential emotional-support chat for people going through hard times,
          such as depression, anxiety, loneliness or a crisis. You can talk one-to-one with a listener, and, if you
          wish, take part in an optional community area.
        </p>
        <p>
          <strong>
            We offer emotional support, not professional mental-health services. We do not provide diagnosis, therapy,
            counselling or medical advice,
          </strong>{" "}
          and talking with us is not a substitute for a doctor, therapist or other qualified professional.
        </p>
      </LegalSection>

      <LegalSection title="2. If you are in danger">
        <p>
          {brandName} is not an emergency service, and we cannot send help to where you are. If you are in immediate
          danger, or thinking about harming yourself or someone else, please contact emergency services now:{" "}
          <EmergencyNumbersInline linkClass={legalLink} />, or reach out to a mental health professional.
        </p>
        <p>
          <CrisisLinesInline linkClass={legalLink} /> You deserve immediate help, and these services can give it.
        </p>
      </LegalSection>

      <LegalSection title="3. Who can use the service">
        <p>
          You must be at least {POLICY.minimumAge} years old. If you are under {POLICY.parentalConsentUntilAge}, you
          should have a parent’s or guardian’s permission to use {brandName}. By signing up, you confirm that this is
          true for you.
        </p>
      </LegalSection>

      <LegalSection title="4. Your account">
        <ul className={legalList}>
          <li>
            You sign up with an email address and a password, and we generate an anonymous username for you. You may add
            a profile picture and your gender if you want to.
          </li>
          <li>Please give a real email address you can reach, so you can reset your password if you forget it.</li>
          <li>Keep your password to yourself. You are responsible for what happens in your account.</li>
          <li>
            For your safety, you are signed out automatically after {POLICY.inactivityLogoutMinutes} minutes of
            inactivity.
          </li>
        </ul>
      </LegalSection>

      <LegalSection title="5. Chat sessions and listeners">
        <ul className={legalList}>
          <li>
            Each chat session can last up to {POLICY.sessionMinutes} minutes, so that we can be there for everyone who
            reaches out. A listener may extend a session when it is needed, at their discretion.
          </li>
          <li>
            Our listeners are volunteers and peers who care, not professionals. They may not be available at all times,
            and we cannot guarantee how quickly you will receive a reply.
          </li>
          <li>
            Messages and images in chats are deleted automatically after {POLICY.messageRetentionDays} days. Please keep
            your own note of anything you want to remember.
          </li>
        </ul>
      </LegalSection>

      <LegalSection title="6. The community area">
        <p>
          Signed-in users can create an optional faith-oriented profile, find other users by their exact username and
          message them. Other members are not listeners and do not speak for {brandName}. We do not check anyone’s
          identity, so please be careful about the personal details you share, and take great care before ever meeting
          someone in person.
        </p>
      </LegalSection>

      <LegalSection title="7. Acceptable use">
        <p>To keep this a safe place, you agree not to:</p>
        <ul className={legalList}>
          <li>harass, bully, threaten or intimidate anyone;</li>
          <li>post hate speech or attack people for who they are;</li>
          <li>share or request sexual content involving minors in any form (we report this to the authorities);</li>
          <li>send unwanted sexual messages or images;</li>
          <li>send spam, advertising or scams;</li>
          <li>pretend to be someone else, including a listener or a member of our team;</li>
          <li>post illegal content or encourage illegal activity;</li>
          <li>share another person’s personal information without their permission;</li>
          <li>try to break, overload or get around the security of the service.</li>
        </ul>
      </LegalSection>

      <LegalSection title="8. Safety and enforcement">
        <p>
          You can report any message or person that worries you. We may end a chat session, remove content, limit
          features, or suspend or close an account when we believe it is needed to keep people safe or to uphold these
          terms. Where it is safe and reasonable to do so, we will explain why.
        </p>
      </LegalSection>

      <LegalSection title="9. Your content">
        <p>
          What you write and share stays yours. You give us permission to store, transmit and display it only as needed
          to run the service. Please share only content you have the right to share. Our{" "}
          <Link to={PATHS.privacyPolicy} className={legalLink}>
            Privacy Policy
          </Link>{" "}
          explains how we handle your information.
        </p>
      </LegalSection>

      <LegalSection title="10. Donations">
        <p>
          {brandName} is free, and it always will be. Donations are entirely voluntary and never affect the support you
          receive. Because they are gifts, donations are non-refundable, except where the law requires a refund. If you
          believe a donation was made by mistake, please write to us.
        </p>
      </LegalSection>

      <LegalSection title="11. Disclaimers">
        <p>
          We work hard to be there for you, but the service is provided “as is” and “as available”. We cannot promise
          that it will always be available, uninterrupted or free of errors, or that any particular conversation will
          meet your needs. Listeners share their time and care, but nothing they say is professional advice.
        </p>
      </LegalSection>

      <LegalSection title="12. Limitation of liability">
        <p>
          To the fullest extent the law allows, {brandName} and its volunteers are not liable for any indirect or
          consequential loss, or for decisions you make based on conversations on the service. Nothing in these terms
          limits any liability that cannot legally be limited, or any rights you have as a consumer under the law where
          you live.
        </p>
      </LegalSection>

      <LegalSection title="13. Leaving the service">
        <p>
          You can stop using {brandName} at any time. To delete your account, write to us at {mail}. We may also close
          accounts as described in section 8.
        </p>
      </LegalSection>

      <LegalSection title="14. Changes to these terms">
        <p>
          We may update these terms as the service grows. We will change the date at the top of this page, and if a
          change is significant we will let you know in the app or by email before it applies. If you keep using the
          service after a change, you accept the new terms.
        </p>
      </LegalSection>

      <LegalSection title="15. Contact us">
        <p>
          If you have a question about these terms, or anything else, please write to {mail}. We’re glad you reached
          out.
        </p>
      </LegalSection>
    </LegalPage>
  );
}
