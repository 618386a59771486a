import { Button } from "@react-email/button";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import { m } from "~/paraglide/messages";
import type { CrisisHelp } from "~/shared/crisis-help";
import { EmailLayout, emailStyles } from "../email-layout";

export const NEW_MESSAGE_TEMPLATE = "new-message";

export const newMessageSubject = (fromName: string, brandName: string) =>
  m.email_message_subject({ from: fromName, brand: brandName });

/** Spec section 7: to_name, from_name, message, app_url. */
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
    <EmailLayout
      brandName={brandName}
      crisisHelp={crisisHelp}
      preview={m.email_message_preview({ from: fromName, brand: brandName })}
    >
      <Text style={emailStyles.paragraph}>{m.email_greeting({ name: toName })}</Text>
      <Text style={emailStyles.paragraph}>{m.email_message_intro({ from: fromName })}</Text>
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
          {m.email_message_button()}
        </Button>
      </Section>
      <Text style={emailStyles.muted}>{m.email_message_frequency()}</Text>
    </EmailLayout>
  );
}
