import { queryLocalD1, sqlText } from "./local-d1";

type OutboxEmail = { subject: string; text: string; template: string };

/** Every email to an address in the e2e server's local outbox (the delivery without a Resend key). */
export function emailsTo(address: string): Promise<OutboxEmail[]> {
  return queryLocalD1<OutboxEmail>(
    `SELECT subject, text, template FROM email_outbox WHERE "to" = ${sqlText(address)} ORDER BY created_at DESC`,
  );
}

/** The newest email to an address, polled until it arrives. */
export async function latestEmailTo(address: string, timeoutMs = 20_000): Promise<OutboxEmail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const [email] = await emailsTo(address);
    if (email) return email;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`no email to ${address} within ${timeoutMs} ms`);
}
