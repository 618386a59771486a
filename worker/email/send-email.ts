/** Every email gets an outbox row, the audit trail; without a Resend key it is the delivery. */
import { env } from "cloudflare:workers";
import { render } from "@react-email/render";
import { desc, sql } from "drizzle-orm";
import type { ReactElement } from "react";
import { Resend } from "resend";
import type { Language } from "~/shared/languages";
import { getConfig } from "../config";
import { createDb } from "../db/client";
import { emailOutbox } from "../db/schema";
import { inLanguage } from "../i18n/request-language";
import { PASSWORD_RESET_TEMPLATE } from "./templates/password-reset-email";

type EmailStatus = "logged" | "sent" | "failed";

export type EmailContent = { subject: string; element: ReactElement };

export type EmailMessage = {
  to: string;
  language: Language;
  template: string;
  /** Runs speaking `language`, so every message function and date answers in the recipient's. */
  compose: () => EmailContent;
  replyTo?: string;
  cc?: string;
};

export type EmailTransport = { kind: "resend"; apiKey: string; from: string } | { kind: "outbox" };

type SendEmailResult = { id: string; status: EmailStatus };

/** Only these: other emails may carry more than a link. */
const TEXT_IN_LOG = new Set<string>([PASSWORD_RESET_TEMPLATE]);

export function configuredTransport(): EmailTransport {
  const { resendApiKey, from } = getConfig().email;
  return resendApiKey ? { kind: "resend", apiKey: resendApiKey, from } : { kind: "outbox" };
}

/** Never throws for a delivery failure. */
export async function sendEmail(message: EmailMessage): Promise<SendEmailResult> {
  return deliverEmail(message, configuredTransport());
}

type Delivery = { status: EmailStatus; providerId: string | null; error: string | null };

/** Tests use it to reach Resend's code path. */
export async function deliverEmail(message: EmailMessage, transport: EmailTransport): Promise<SendEmailResult> {
  const { to, template, replyTo, cc } = message;
  const { subject, html, text } = await composed(message);
  const id = crypto.randomUUID();

  const delivery: Delivery =
    transport.kind === "resend"
      ? await sendWithResend(transport, { to, subject, html, text, ...(replyTo && { replyTo }), ...(cc && { cc }) })
      : { status: "logged", providerId: null, error: null };

  await createDb(env.DB)
    .insert(emailOutbox)
    .values({ id, to, subject, template, html, text, ...delivery });

  if (delivery.status === "logged") {
    console.log(
      JSON.stringify({ email: "logged", id, template, to, subject, ...(TEXT_IN_LOG.has(template) && { text }) }),
    );
  } else if (delivery.status === "sent") {
    console.log(JSON.stringify({ email: "sent", id, template, providerId: delivery.providerId }));
  } else {
    console.error(JSON.stringify({ email: "failed", id, template, error: delivery.error }));
  }
  return { id, status: delivery.status };
}

/** Awaited inside `inLanguage`: React renders over later ticks, which keep the language only within it. */
function composed({ language, compose }: EmailMessage): Promise<{ subject: string; html: string; text: string }> {
  return inLanguage(language, async () => {
    const { subject, element } = compose();
    const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
    return { subject, html, text };
  });
}

async function sendWithResend(
  transport: Extract<EmailTransport, { kind: "resend" }>,
  email: { to: string; subject: string; html: string; text: string; replyTo?: string; cc?: string },
): Promise<Delivery> {
  try {
    const { data, error } = await new Resend(transport.apiKey).emails.send({ from: transport.from, ...email });
    if (error) return { status: "failed", providerId: null, error: error.message || error.name };
    return { status: "sent", providerId: data.id, error: null };
  } catch (cause) {
    return { status: "failed", providerId: null, error: cause instanceof Error ? cause.message : String(cause) };
  }
}

export async function listOutbox(limit = 50) {
  const rows = Math.min(Math.max(Math.trunc(limit), 1), 500);
  return (
    createDb(env.DB)
      .select({
        id: emailOutbox.id,
        to: emailOutbox.to,
        subject: emailOutbox.subject,
        template: emailOutbox.template,
        status: emailOutbox.status,
        providerId: emailOutbox.providerId,
        error: emailOutbox.error,
        text: emailOutbox.text,
        html: emailOutbox.html,
        createdAt: emailOutbox.createdAt,
      })
      .from(emailOutbox)
      // Rows written within the same millisecond keep their insertion order.
      .orderBy(desc(emailOutbox.createdAt), sql`rowid desc`)
      .limit(rows)
  );
}
