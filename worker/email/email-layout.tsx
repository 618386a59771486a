/**
 * The frame every email shares: the brand name on top, the message, and a footer
 * that always carries the crisis line and the reminder that this is emotional support, not
 * professional mental health care. Email clients ignore stylesheets, so every style is inline.
 * Its words are the language it is rendered in (see sendEmail's `compose`).
 */
import { Body } from "@react-email/body";
import { Container } from "@react-email/container";
import { Head } from "@react-email/head";
import { Hr } from "@react-email/hr";
import { Html } from "@react-email/html";
import { Preview } from "@react-email/preview";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import type { CSSProperties, ReactNode } from "react";
import { m } from "~/paraglide/messages";
import { getLocale } from "~/paraglide/runtime";
import { type CrisisHelp, crisisHelpInText } from "~/shared/crisis-help";

/** The calm purple of the site (app.css --color-brand-700). */
const EMAIL_ACCENT = "#4f31b3";

const fontFamily = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

/** Shared inline styles for templates, so every email reads the same. */
export const emailStyles = {
  paragraph: { fontSize: "16px", lineHeight: "26px", color: "#1e1b2e", margin: "0 0 16px" },
  button: {
    backgroundColor: EMAIL_ACCENT,
    borderRadius: "8px",
    color: "#ffffff",
    display: "inline-block",
    fontSize: "16px",
    fontWeight: 600,
    lineHeight: "24px",
    padding: "12px 24px",
    textAlign: "center",
    textDecoration: "none",
  },
  link: { color: EMAIL_ACCENT, textDecoration: "underline", wordBreak: "break-all" },
  muted: { fontSize: "14px", lineHeight: "22px", color: "#57534e", margin: "0 0 16px" },
} satisfies Record<string, CSSProperties>;

const styles = {
  body: { backgroundColor: "#f6f4fb", fontFamily, margin: 0, padding: "24px 0" },
  container: { maxWidth: "560px", width: "100%", margin: "0 auto", padding: "0 12px" },
  header: { padding: "8px 12px 16px" },
  brand: { fontSize: "20px", lineHeight: "28px", fontWeight: 700, color: EMAIL_ACCENT, margin: 0 },
  card: {
    backgroundColor: "#ffffff",
    border: "1px solid #e7e3f3",
    borderRadius: "12px",
    padding: "28px 24px",
  },
  footer: { padding: "8px 12px" },
  hr: { borderColor: "#e7e3f3", margin: "24px 0 16px" },
  crisis: { fontSize: "14px", lineHeight: "22px", color: "#1e1b2e", fontWeight: 600, margin: "0 0 8px" },
  footerText: { fontSize: "13px", lineHeight: "20px", color: "#57534e", margin: "0 0 8px" },
} satisfies Record<string, CSSProperties>;

type EmailLayoutProps = {
  brandName: string;
  /** The recipient's crisis help: the country they chose, else none known (see crisisHelpInText). */
  crisisHelp: CrisisHelp;
  /** The line inbox lists show after the subject. */
  preview: string;
  children: ReactNode;
};

export function EmailLayout({ brandName, crisisHelp, preview, children }: EmailLayoutProps) {
  return (
    <Html lang={getLocale()} dir="ltr">
      <Head>
        <meta name="color-scheme" content="light" />
        <meta name="supported-color-schemes" content="light" />
      </Head>
      <Preview>{preview}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Section style={styles.header}>
            <Text style={styles.brand}>{brandName}</Text>
          </Section>
          <Section style={styles.card}>{children}</Section>
          <Section style={styles.footer}>
            <Hr style={styles.hr} />
            <Text style={styles.crisis}>{crisisHelpInText(crisisHelp)}</Text>
            <Text style={styles.footerText}>{m.email_disclaimer()}</Text>
            <Text style={styles.footerText}>{m.email_footer_reason({ brand: brandName })}</Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}
