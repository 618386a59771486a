import { Button } from "@react-email/button";
import { Link } from "@react-email/link";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import type { CrisisHelp } from "~/shared/crisis-help";
import { EmailLayout, emailStyles } from "../email-layout";

/** The outbox `template` value for this email. */
export const PASSWORD_RESET_TEMPLATE = "password-reset";

export const passwordResetSubject = (brandName: string) => `Reset your ${brandName} password`;

type PasswordResetEmailProps = {
  brandName: string;
  crisisHelp: CrisisHelp;
  username: string;
  resetUrl: string;
  expiresInMinutes: number;
};

/** "60" reads as "1 hour", "90" as "90 minutes", "1" as "1 minute". */
function formatDuration(minutes: number): string {
  if (minutes >= 60 && minutes % 60 === 0) {
    const hours = minutes / 60;
    return `${hours} ${hours === 1 ? "hour" : "hours"}`;
  }
  return `${minutes} ${minutes === 1 ? "minute" : "minutes"}`;
}

export function PasswordResetEmail({
  brandName,
  crisisHelp,
  username,
  resetUrl,
  expiresInMinutes,
}: PasswordResetEmailProps) {
  const expiry = formatDuration(expiresInMinutes);
  return (
    <EmailLayout
      brandName={brandName}
      crisisHelp={crisisHelp}
      preview={`Choose a new password for ${brandName}. The link works for ${expiry}.`}
    >
      <Text style={emailStyles.paragraph}>Hi {username},</Text>
      <Text style={emailStyles.paragraph}>
        Someone, hopefully you, asked to reset the password of your {brandName} account. You can choose a new one with
        the button below.
      </Text>
      <Section style={{ margin: "8px 0 24px" }}>
        <Button href={resetUrl} style={emailStyles.button}>
          Reset your password
        </Button>
      </Section>
      <Text style={emailStyles.muted}>If the button does not work, copy this link into your browser:</Text>
      <Text style={emailStyles.muted}>
        <Link href={resetUrl} style={emailStyles.link}>
          {resetUrl}
        </Link>
      </Text>
      <Text style={emailStyles.paragraph}>This link works for {expiry}.</Text>
      <Text style={emailStyles.paragraph}>
        If you did not ask for this, you can ignore this email; your password stays the same.
      </Text>
      <Text style={{ ...emailStyles.paragraph, margin: 0 }}>
        Take care,
        <br />
        The {brandName} team
      </Text>
    </EmailLayout>
  );
}
