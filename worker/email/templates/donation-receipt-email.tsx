import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import { m } from "~/paraglide/messages";
import type { CrisisHelp } from "~/shared/crisis-help";
import { RECEIPT_LABELS } from "~/shared/receipts";
import { EmailLayout, emailStyles } from "../email-layout";

export const DONATION_RECEIPT_TEMPLATE = "donation-receipt";

export const donationReceiptSubject = (brandName: string, orderId: string) =>
  m.email_receipt_subject({ brand: brandName, id: orderId });

/** Spec section 7; reply_to and cc_email are also set on the email itself. */
type DonationReceiptEmailProps = {
  brandName: string;
  crisisHelp: CrisisHelp;
  toName: string;
  orderId: string;
  orderDate: string;
  orderTime: string;
  amount: string;
  serviceName: string;
  paymentMethod: string;
  replyTo: string;
  ccEmail: string;
};

export function DonationReceiptEmail(props: DonationReceiptEmailProps) {
  const rows: [string, string][] = [
    [RECEIPT_LABELS.id, props.orderId],
    [RECEIPT_LABELS.date, props.orderDate],
    [RECEIPT_LABELS.time, props.orderTime],
    [RECEIPT_LABELS.serviceName, props.serviceName],
    [RECEIPT_LABELS.paymentMethod, props.paymentMethod],
    [RECEIPT_LABELS.amount, props.amount],
  ];
  return (
    <EmailLayout
      brandName={props.brandName}
      crisisHelp={props.crisisHelp}
      preview={m.email_receipt_preview({ id: props.orderId })}
    >
      <Text style={emailStyles.paragraph}>{m.email_receipt_greeting({ name: props.toName })}</Text>
      <Text style={emailStyles.paragraph}>{m.email_receipt_thanks()}</Text>
      <Section style={{ border: "1px solid #e7e3f4", borderRadius: "8px", padding: "12px 16px", margin: "0 0 16px" }}>
        {rows.map(([label, value]) => (
          <Text key={label} style={{ ...emailStyles.paragraph, margin: "4px 0" }}>
            <span style={{ color: "#57534e" }}>{label}: </span>
            <strong>{value}</strong>
          </Text>
        ))}
      </Section>
      <Text style={emailStyles.muted}>{m.email_receipt_questions({ replyTo: props.replyTo, cc: props.ccEmail })}</Text>
    </EmailLayout>
  );
}
