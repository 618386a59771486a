import { Link } from "react-router";
import { ContactEmailLink, LegalPage, LegalSection, legalLink, legalList } from "~/components/legal/legal-page";
import { CrisisLinesInline, EmergencyNumbersInline } from "~/components/safety/crisis-help-inline";
import { pageMeta } from "~/lib/meta";
import { usePublicConfig } from "~/lib/public-config";
import { POLICY } from "~/shared/legal";
import { PATHS } from "~/shared/routes";
import type { Route } from "./+types/cookie-policy";

export function meta({ matches, location }: Route.MetaArgs) {
  return pageMeta({
    matches,
    pathname: location.pathname,
    title: "Cookie Policy",
    description:
      "We use only the cookies needed to keep you signed in and safe. No advertising cookies, no cross-site tracking, and our analytics use no cookies at all.",
  });
}

/** /cookiepolicy (spec section 9): the few cookies and the local storage the site uses. */
export default function CookiePolicy() {
  const { brandName } = usePublicConfig();
  const mail = <ContactEmailLink />;

  return (
    <LegalPage
      title="Cookie Policy"
      intro={
        <p>
          This page explains the small files {brandName} stores in your browser and why. The short answer: we use only
          the cookies we truly need to keep you signed in and to keep the service safe. We don’t follow you around the
          internet, and we never show you ads.
        </p>
      }
    >
      <LegalSection title="1. What cookies are">
        <p>
          A cookie is a small text file that a website asks your browser to keep. Your browser sends it back on later
          visits, which lets the site remember things, such as the fact that you are signed in. Some cookies last only
          until you close your browser; others stay for a set time. Websites can also keep small amounts of information
          in your browser’s “local storage”, which works in a similar way but stays on your device.
        </p>
      </LegalSection>

      <LegalSection title="2. The short version">
        <ul className={legalList}>
          <li>We only use cookies that are strictly necessary for the service to work.</li>
          <li>We use no advertising cookies and no cross-site tracking cookies.</li>
          <li>Our analytics use no cookies at all.</li>
          <li>
            Local storage is used only for things like your notification preferences and unsent drafts, and it stays on
            your own device.
          </li>
        </ul>
      </LegalSection>

      <LegalSection title="3. The cookies we use">
        <p>
          <strong>Your sign-in (session) cookie.</strong> When you sign in, we set one cookie that proves to our servers
          that you are you, so you don’t have to enter your password on every page. It is set with these protections:
        </p>
        <ul className={legalList}>
          <li>
            <strong>HttpOnly:</strong> scripts running in the page cannot read it, which protects it from being stolen.
          </li>
          <li>
            <strong>Secure:</strong> over HTTPS, it is only ever sent over an encrypted connection.
          </li>
          <li>
            <strong>SameSite=Lax:</strong> other websites cannot use it to act on your behalf.
          </li>
          <li>
            <strong>Lifetime:</strong> at most {POLICY.cookieLifetimeDays} days. In practice you are signed out much
            sooner: after {POLICY.inactivityLogoutMinutes} minutes without activity your session ends, and the cookie no
            longer works.
          </li>
        </ul>
        <p>
          <strong>Two helpers of the sign-in cookie.</strong> While you are signed in, we also keep a signed copy of
          your session for up to {POLICY.sessionCacheMinutes} minutes, so most pages don’t have to look it up again, and
          a marker of the newest data you have seen, so a page never shows you something older than your own last
          change. They have the same protections as the sign-in cookie and hold nothing else about you; the first lasts
          minutes, the second until you close your browser.
        </p>
        <p>
          <strong>Your country for crisis help.</strong> If you choose the country whose crisis lines we show you
          (“Choose your country”, beside the numbers), we keep its two-letter code in a cookie for a year, so every page
          shows that country’s lines and emergency number. It holds nothing else. When you are signed in, your account
          keeps the same choice, so it follows you to your other devices, and we keep a copy of your account’s choice
          for up to 5 minutes so pages don’t have to look it up each time.
        </p>
        <p>
          <strong>Short-lived security cookies.</strong> During some steps, such as signing in or resetting your
          password, we may set small cookies that protect against forged requests and automated attacks. Our hosting
          provider, Cloudflare, may also set a security cookie to tell real visitors apart from harmful bots. These
          cookies contain no profile of you and expire soon after the step they protect.
        </p>
        <p>
          All of these cookies are first-party or set by our hosting provider for security only. None of them is used
          for advertising or to build a picture of your browsing.
        </p>
      </LegalSection>

      <LegalSection title="4. What we don’t use">
        <ul className={legalList}>
          <li>No advertising or marketing cookies.</li>
          <li>No cross-site tracking cookies, social-media pixels or third-party trackers.</li>
          <li>
            No analytics cookies. We count page views and measure how fast pages load in a first-party, anonymous way,
            with no cookie, no IP address and no user ID.
          </li>
        </ul>
      </LegalSection>

      <LegalSection title="5. Local storage on your device">
        <p>
          We use your browser’s local storage only for small conveniences, for example remembering your notification
          preferences and keeping a message you have started typing but not yet sent, so it isn’t lost if the page
          reloads. This information stays on your own device; it is not sent to us as a cookie and is not used to track
          you. If you share a device with others, remember that an unsent draft may remain there until you send or
          delete it, or clear your browser’s site data.
        </p>
      </LegalSection>

      <LegalSection title="6. Why we don’t ask for cookie consent">
        <p>
          Privacy laws such as the UK and EU ePrivacy rules allow websites to use cookies that are strictly necessary
          for a service you have asked for, like staying signed in, without a consent banner. Because that is the only
          kind of cookie we use, we don’t show one. If we ever wanted to use any other kind of cookie, we would ask you
          first.
        </p>
      </LegalSection>

      <LegalSection title="7. How to control and delete cookies">
        <p>
          You are always in control. Every modern browser lets you see, block and delete cookies and site data, usually
          under Settings, then Privacy or Privacy and Security:
        </p>
        <ul className={legalList}>
          <li>
            <strong>Chrome and Edge:</strong> Settings, Privacy and security, Cookies and other site data (or Site
            permissions).
          </li>
          <li>
            <strong>Firefox:</strong> Settings, Privacy &amp; Security, Cookies and Site Data.
          </li>
          <li>
            <strong>Safari:</strong> Settings (or Preferences), Privacy, Manage Website Data.
          </li>
          <li>
            <strong>Phones and tablets:</strong> look in your browser app’s settings for Privacy or Site data.
          </li>
        </ul>
        <p>
          Please note: <strong>if you block or delete the session cookie, you will not be able to sign in</strong>, or
          you will be signed out. The public pages will still work. Clearing site data will also remove anything we keep
          in local storage, such as your notification preferences and unsent drafts.
        </p>
      </LegalSection>

      <LegalSection title="8. Shared or public devices">
        <p>
          If you use {brandName} on a device other people can reach, we suggest signing out when you finish, or using a
          private or incognito window, which deletes cookies and local storage when you close it. Either way, you will
          be signed out automatically after {POLICY.inactivityLogoutMinutes} minutes of inactivity.
        </p>
      </LegalSection>

      <LegalSection title="9. Changes and more information">
        <p>
          If we change the cookies we use, we will update this page and the date at the top. Our{" "}
          <Link to={PATHS.privacyPolicy} className={legalLink}>
            Privacy Policy
          </Link>{" "}
          explains more about the information we hold and your rights.
        </p>
      </LegalSection>

      <LegalSection title="10. If you need help">
        <p>
          We give emotional support, not professional mental-health care. If you are in immediate danger, please{" "}
          <EmergencyNumbersInline linkClass={legalLink} /> or contact a mental health professional.{" "}
          <CrisisLinesInline linkClass={legalLink} />
        </p>
      </LegalSection>

      <LegalSection title="11. Contact us">
        <p>Any question about cookies or your privacy is welcome at {mail}.</p>
      </LegalSection>
    </LegalPage>
  );
}
