import { Button } from "@react-email/button";
import { Link } from "@react-email/link";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import { m } from "~/paraglide/messages";
import { getLocale } from "~/paraglide/runtime";
import type { CrisisHelp } from "~/shared/crisis-help";
import { EmailLayout, emailStyles } from "../email-layout";

export const PASSWORD_RESET_TEMPLATE = "password-reset";

export const passwordResetSubject = (brandName: string) => m.email_reset_subject({ brand: brandName });

type PasswordResetEmailProps = {
  brandName: string;
  crisisHelp: CrisisHelp;
  username: string;
  resetUrl: string;
  expiresInMinutes: number;
};

/** "60" reads as "1 hour", "90" as "90 minutes", "1" as "1 minute", each in the current language. */
function formatDuration(minutes: number): string {
  const [value, unit] = minutes >= 60 && minutes % 60 === 0 ? [minutes / 60, "hour"] : [minutes, "minute"];
  return new Intl.NumberFormat(getLocale(), { style: "unit", unit, unitDisplay: "long" }).format(value);
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
      preview={m.email_reset_preview({ brand: brandName, expiry })}
    >
      <Text style={emailStyles.paragraph}>{m.email_greeting({ name: username })}</Text>
      <Text style={emailStyles.paragraph}>{m.email_reset_intro({ brand: brandName })}</Text>
      <Section style={{ margin: "8px 0 24px" }}>
        <Button href={resetUrl} style={emailStyles.button}>
          {m.email_reset_button()}
        </Button>
      </Section>
      <Text style={emailStyles.muted}>{m.email_link_fallback()}</Text>
      <Text style={emailStyles.muted}>
        <Link href={resetUrl} style={emailStyles.link}>
          {resetUrl}
        </Link>
      </Text>
      <Text style={emailStyles.paragraph}>{m.email_reset_expiry({ expiry })}</Text>
      <Text style={emailStyles.paragraph}>{m.email_reset_ignore()}</Text>
      <Text style={{ ...emailStyles.paragraph, margin: 0 }}>
        {m.email_sign_off()}
        <br />
        {m.email_team({ brand: brandName })}
      </Text>
    </EmailLayout>
  );
}
