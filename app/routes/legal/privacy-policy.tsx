import { Link } from "react-router";
import { ContactEmailLink, LegalPage, LegalSection, legalLink, legalList } from "~/components/legal/legal-page";
import { CrisisLinesInline, EmergencyNumbersInline } from "~/components/safety/crisis-help-inline";
import { pageMeta } from "~/lib/meta";
import { usePublicConfig } from "~/lib/public-config";
import { POLICY } from "~/shared/legal";
import { PATHS } from "~/shared/routes";
import type { Route } from "./+types/privacy-policy";

export function meta({ matches, location }: Route.MetaArgs) {
  return pageMeta({
    matches,
    pathname: location.pathname,
    title: "Privacy Policy",
    description:
      "What little information we collect, why we need it, how long we keep it, who helps us handle it and the choices you have. We never sell your data.",
  });
}

/** /privacypolicy (spec section 9): what the service collects, why, for how long, and your rights. */
export default function PrivacyPolicy() {
  const { brandName } = usePublicConfig();
  const mail = <ContactEmailLink />;

  return (
    <LegalPage
      title="Privacy Policy"
      intro={
        <p>
          {brandName} is a place to talk when life feels heavy, and we built it so you can reach out without giving away
          who you are. This policy explains, in plain words, the small amount of information we hold about you, why we
          hold it, how long we keep it and what you can ask us to do with it. If anything here is unclear or worries
          you, please write to us at {mail}.
        </p>
      }
    >
      <LegalSection title="1. Who we are">
        <p>
          {brandName} is a free, anonymous and confidential emotional-support chat, funded by voluntary donations. We
          are responsible for the personal information described in this policy (in data-protection terms, we are the
          “controller”). We offer a listening ear, not professional mental-health care, diagnosis, therapy or medical
          advice.
        </p>
        <p>
          If you are in immediate danger, please don’t wait for a reply from us:{" "}
          <EmergencyNumbersInline linkClass={legalLink} /> or contact a mental health professional.{" "}
          <CrisisLinesInline linkClass={legalLink} />
        </p>
      </LegalSection>

      <LegalSection title="2. The short version">
        <ul className={legalList}>
          <li>You sign up with only an email address and a password. We give you an anonymous username.</li>
          <li>
            Your chat messages, and any images in them, are deleted automatically after {POLICY.messageRetentionDays}{" "}
            days.
          </li>
          <li>Your email address is never shown to other users.</li>
          <li>We don’t use advertising, third-party trackers or analytics cookies, and we never sell your data.</li>
          <li>You can ask to see, correct, export or delete your information at any time.</li>
        </ul>
      </LegalSection>

      <LegalSection title="3. What we collect">
        <p>
          <strong>Your account.</strong> Your email address and your password. We store the password only in a scrambled
          (hashed) form, so nobody here can read it. We generate an anonymous username for you. You may also add a
          profile picture and your gender, if you want to.
        </p>
        <p>
          <strong>Your conversations.</strong> The messages and images you send and receive, when they were sent and
          whether they have been read.
        </p>
        <p>
          <strong>Your community profile (optional).</strong> If you use the community area, you can fill in a
          faith-oriented profile. Everything in it is optional and up to you: for example your first name, age, country
          and city, Christian denomination, church life, interests, hobbies, languages, an “about me” text, your
          testimony, what you are looking for and a photo. Please share only what you are comfortable with other people
          seeing.
        </p>
        <p>
          <strong>Reports.</strong> If you report a person or a message for abuse or safety reasons, we keep what you
          tell us in the report.
        </p>
        <p>
          <strong>Donations.</strong> If you choose to donate, you pay on the payment provider’s own website; we never
          see your card or bank details. We keep a receipt record (your username, your email address, the amount, the
          payment method and the date) so we can send you a receipt.
        </p>
        <p>
          <strong>Security information.</strong> Your IP address, the type of browser you use, when you signed in and
          whether you are currently online. IP addresses are used only in security logs and to limit abuse (rate
          limiting).
        </p>
        <p>
          <strong>Anonymous analytics.</strong> Which pages are visited and how quickly they load. These measurements
          carry no IP address, no user ID and no cookie, so they cannot be linked to you.
        </p>
        <p>
          <strong>Your country, for crisis help.</strong> So that the crisis lines we show connect where you are, each
          page works out your country: the one you chose, if you did; otherwise the country our hosting provider,
          Cloudflare, places your connection in; otherwise the region of your browser’s language. Only a country you
          chose is kept (in a cookie, and on your account when you are signed in). When you write to our support team,
          the listener answering sees your country (never anything more precise) while your conversation is open, so
          they can point you to help that works there. The people you chat with in the community never see it.
        </p>
        <p>We never ask for your phone number, home address, contacts or precise location.</p>
      </LegalSection>

      <LegalSection title="4. Why we use it">
        <ul className={legalList}>
          <li>To create your account, keep you signed in and let you reset a forgotten password.</li>
          <li>To deliver your messages and let listeners support you.</li>
          <li>To show your community profile to the people you choose to connect with.</li>
          <li>
            To send you emails: password-reset links, a notification when a new message arrives while you are offline,
            and donation receipts.
          </li>
          <li>To keep the service safe: preventing spam and abuse, and looking into reports.</li>
          <li>To understand, in aggregate, which pages are used and how fast they are, so we can improve them.</li>
        </ul>
      </LegalSection>

      <LegalSection title="5. Our legal bases">
        <p>If you live where the GDPR or a similar law applies, we rely on these legal bases:</p>
        <ul className={legalList}>
          <li>
            <strong>Providing the service you asked for (contract):</strong> your account, your conversations and the
            emails the service needs to work.
          </li>
          <li>
            <strong>Legitimate interests:</strong> security logs, rate limiting, handling reports and anonymous
            analytics. We keep these to a minimum.
          </li>
          <li>
            <strong>Explicit consent:</strong> what you share in chats may reveal your health, and a community profile
            may reveal your religious beliefs. These are sensitive kinds of information, and we handle them only because
            you choose to share them. You can withdraw that choice at any time by deleting the information or your
            account.
          </li>
          <li>
            <strong>Legal obligation:</strong> keeping donation records where the law requires it.
          </li>
          <li>
            <strong>Vital interests:</strong> in the rare case that someone’s life is at risk.
          </li>
        </ul>
      </LegalSection>

      <LegalSection title="6. Who can see what">
        <ul className={legalList}>
          <li>
            Your conversation with our support account is seen by you and the listeners who answer it. Your username,
            profile picture and gender may be shown to the people you chat with.
          </li>
          <li>
            Your community profile is visible to other signed-in users who find you by searching for your exact
            username, and they can send you messages. It is not shown to people who are not signed in.
          </li>
          <li>
            <strong>Your email address is never shown to other users.</strong>
          </li>
          <li>Reports are read only by the small team that reviews safety concerns.</li>
        </ul>
      </LegalSection>

      <LegalSection title="7. How long we keep it">
        <ul className={legalList}>
          <li>Chat messages and their images: deleted automatically after {POLICY.messageRetentionDays} days.</li>
          <li>IP addresses: deleted after {POLICY.ipRetentionDays} days.</li>
          <li>Reports: kept for {POLICY.reportRetentionDays} days, then deleted.</li>
          <li>Anonymous analytics: deleted after {POLICY.analyticsRetentionDays} days.</li>
          <li>
            Your account, profile and donation receipts: kept until you delete your account or ask us to, unless the law
            requires us to keep a donation record for longer.
          </li>
        </ul>
      </LegalSection>

      <LegalSection title="8. Who we share it with">
        <p>
          <strong>We never sell your data</strong>, and we don’t share it with advertisers or data brokers. We use a
          small number of service providers (“processors”) who handle data only on our instructions and only to run the
          service:
        </p>
        <ul className={legalList}>
          <li>
            <strong>Hosting:</strong> Cloudflare runs our website and stores our data, including the images you send.
          </li>
          <li>
            <strong>Email delivery:</strong> an email service provider delivers the emails we send you.
          </li>
        </ul>
        <p>
          When you donate, the payment provider handles your payment under its own privacy policy. We may also disclose
          information if the law truly requires it, or if we believe it is necessary to protect someone’s life.
        </p>
      </LegalSection>

      <LegalSection title="9. Your rights and choices">
        <p>You can ask us to:</p>
        <ul className={legalList}>
          <li>show you the information we hold about you (access);</li>
          <li>correct anything that is wrong (correction);</li>
          <li>delete your information or your whole account (deletion);</li>
          <li>give you a copy of your information in a portable format (export);</li>
          <li>stop or limit some uses of it, or withdraw your consent.</li>
        </ul>
        <p>
          Just email {mail} from the address you signed up with, so we know the request is really yours. We will reply
          within one month. You can also change or clear most of your profile yourself at any time. If you are unhappy
          with how we handle your data, you may also complain to your local data-protection authority.
        </p>
      </LegalSection>

      <LegalSection title="10. Children and teens">
        <p>
          You must be at least {POLICY.minimumAge} years old to use {brandName}. If you are under{" "}
          {POLICY.parentalConsentUntilAge}, please have a parent’s or guardian’s consent before you sign up. If we learn
          that someone under {POLICY.minimumAge} has an account, we will delete it.
        </p>
      </LegalSection>

      <LegalSection title="11. Keeping your information safe">
        <p>
          Everything travels over an encrypted (HTTPS) connection, passwords are stored hashed, and only the few people
          who need it can reach personal data. To protect you on shared devices, you are signed out automatically after
          {POLICY.inactivityLogoutMinutes} minutes of inactivity. No system is perfectly secure, so please use a strong
          password that you don’t use elsewhere, and tell us at once if you think your account has been misused.
        </p>
      </LegalSection>

      <LegalSection title="12. International transfers">
        <p>
          Our hosting and email providers may process data in countries other than yours, including the United States.
          When data leaves the UK or the European Economic Area, we rely on recognised safeguards such as the European
          Commission’s standard contractual clauses.
        </p>
      </LegalSection>

      <LegalSection title="13. Changes to this policy">
        <p>
          If we change this policy, we will update the date at the top of this page. If a change is significant, we will
          tell you in the app or by email before it takes effect. Our{" "}
          <Link to={PATHS.cookiePolicy} className={legalLink}>
            Cookie Policy
          </Link>{" "}
          explains the cookies we use in more detail.
        </p>
      </LegalSection>

      <LegalSection title="14. Contact us">
        <p>Questions, worries or requests about your privacy are always welcome at {mail}.</p>
      </LegalSection>
    </LegalPage>
  );
}
