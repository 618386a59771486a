import { Button } from "@react-email/button";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import type { CrisisHelp } from "~/shared/crisis-help";
import { EmailLayout, emailStyles } from "../email-layout";

/** The outbox `template` value for this email. */
export const NEW_MESSAGE_TEMPLATE = "new-message";

export const newMessageSubject = (fromName: string, brandName: string) =>
  `New message from ${fromName} on ${brandName}`;

/** The spec's notification parameters (section 7): to_name, from_name, message, app_url (to_email is the recipient). */
type NewMessageEmailProps = {
  brandName: string;
  crisisHelp: CrisisHelp;
  toName: string;
  fromName: string;
  message: string;
  appUrl: string;
};

export function NewMessageEmail({ brandName, crisisHelp, toName, fromName, message, appUrl }: NewMessageEmailProps) {
  return (
    <EmailLayout brandName={brandName} crisisHelp={crisisHelp} preview={`${fromName} wrote to you on ${brandName}.`}>
      <Text style={emailStyles.paragraph}>Hi {toName},</Text>
      <Text style={emailStyles.paragraph}>{fromName} sent you a message while you were away:</Text>
      <Text
        style={{
          ...emailStyles.paragraph,
          borderLeft: "3px solid #d5cdff",
          paddingLeft: "12px",
          whiteSpace: "pre-wrap",
        }}
      >
        {message}
      </Text>
      <Section style={{ margin: "8px 0 24px" }}>
        <Button href={appUrl} style={emailStyles.button}>
          Open the conversation
        </Button>
      </Section>
      <Text style={emailStyles.muted}>
        We send at most one of these per conversation every 10 minutes, and none once you have read the message.
      </Text>
    </EmailLayout>
  );
}
