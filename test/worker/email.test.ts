import { env } from "cloudflare:workers";
import { render } from "@react-email/render";
import { eq } from "drizzle-orm";
import { createElement } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { m } from "~/paraglide/messages";
import { crisisHelpInText } from "~/shared/crisis-help";
import { crisisHelpFor } from "../../worker/crisis-help/country-help";
import { createDb } from "../../worker/db/client";
import { emailOutbox } from "../../worker/db/schema";
import {
  deliverEmail,
  type EmailMessage,
  type EmailTransport,
  listOutbox,
  sendEmail,
} from "../../worker/email/send-email";
import {
  PASSWORD_RESET_TEMPLATE,
  PasswordResetEmail,
  passwordResetSubject,
} from "../../worker/email/templates/password-reset-email";
import { inLanguage } from "../../worker/i18n/request-language";
import { insertUser } from "./support/accounts";
import { requestResetToken } from "./support/auth-requests";
import { until } from "./support/until";

const RESEND: EmailTransport = { kind: "resend", apiKey: "re_test_key", from: "Kindred <no-reply@kindred.example>" };

const SUPPORT_DISCLAIMER = m.email_disclaimer({}, { locale: "en" });

const resetElement = (resetUrl: string) =>
  createElement(PasswordResetEmail, {
    brandName: "Kindred",
    crisisHelp: crisisHelpFor("US"),
    username: "QuietOwl42",
    resetUrl,
    expiresInMinutes: 60,
  });

function resetEmail(to: string, token = "tok_abc123") {
  const resetUrl = `http://localhost:5173/reset-password?token=${token}`;
  const message: EmailMessage = {
    to,
    language: "en",
    template: PASSWORD_RESET_TEMPLATE,
    compose: () => ({ subject: passwordResetSubject("Kindred"), element: resetElement(resetUrl) }),
  };
  return { resetUrl, message };
}

async function outboxRows(to: string) {
  return createDb(env.DB).select().from(emailOutbox).where(eq(emailOutbox.to, to));
}

function stubFetch(response: () => Response | Promise<Response>) {
  return vi.spyOn(globalThis, "fetch").mockImplementation(async () => response());
}

function stubLog() {
  return vi.spyOn(console, "log").mockImplementation(() => {});
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("sending email without a Resend key (the local default)", () => {
  it("runs in an environment without RESEND_API_KEY", () => {
    expect((env as { RESEND_API_KEY?: string }).RESEND_API_KEY).toBeUndefined();
  });

  it("stores the password reset as one logged row carrying the link, the username and the crisis line", async () => {
    const fetchSpy = stubFetch(() => Response.error());
    stubLog();
    const { message, resetUrl } = resetEmail("reset-me@example.com");

    const result = await sendEmail(message);

    expect(result.status).toBe("logged");
    const rows = await outboxRows("reset-me@example.com");
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row).toMatchObject({
      id: result.id,
      subject: "Reset your Kindred password",
      template: "password-reset",
      status: "logged",
      providerId: null,
      error: null,
    });
    for (const body of [row?.html, row?.text]) {
      expect(body).toContain(resetUrl);
      expect(body).toContain("QuietOwl42");
      expect(body).toContain("988");
      expect(body).toContain(SUPPORT_DISCLAIMER);
      expect(body).toContain("your password stays the same");
    }
    expect(row?.html).toContain(`href="${resetUrl}"`);
    expect(row?.html).toContain("Reset your password");
    expect(row?.text).toContain("1 hour");
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("writes one log line with the text of the reset email, so the link can be followed from the terminal", async () => {
    const log = stubLog();
    const { message, resetUrl } = resetEmail("from-terminal@example.com");

    const { id } = await sendEmail(message);

    expect(log).toHaveBeenCalledTimes(1);
    const line = JSON.parse(String(log.mock.calls[0]?.[0]));
    expect(line).toMatchObject({
      id,
      to: "from-terminal@example.com",
      subject: "Reset your Kindred password",
      template: "password-reset",
    });
    expect(line.text).toContain(resetUrl);
  });

  it("keeps the body of other emails out of the log", async () => {
    const log = stubLog();
    const { message } = resetEmail("other@example.com");

    await sendEmail({ ...message, template: "new-message" });

    const line = JSON.parse(String(log.mock.calls[0]?.[0]));
    expect(line.template).toBe("new-message");
    expect(line).not.toHaveProperty("text");
  });

  it("lists the outbox newest first, up to the limit", async () => {
    stubLog();
    const sent = [];
    for (const to of ["first@example.com", "second@example.com", "third@example.com"]) {
      sent.push(await sendEmail(resetEmail(to).message));
    }

    const listed = await listOutbox();
    const ids = sent.map((email) => email.id);
    expect(listed.map((row) => row.id).filter((id) => ids.includes(id))).toEqual(ids.toReversed());
    expect(listed[0]).toMatchObject({ to: "third@example.com", status: "logged", template: "password-reset" });
    expect(listed[0]?.html).toContain("<html");
    expect(listed[0]?.text).toContain("QuietOwl42");
    expect(listed[0]?.createdAt).toBeInstanceOf(Date);

    const limited = await listOutbox(2);
    expect(limited.map((row) => row.id)).toEqual([ids[2], ids[1]]);
  });

  it("ends with its recipient's crisis help: their country's lines, or the directory where none is known", async () => {
    const us = await render(resetElement("http://localhost:5173/reset-password?token=t"), { plainText: true });
    expect(us).toContain(crisisHelpInText(crisisHelpFor("US")));
    expect(crisisHelpInText(crisisHelpFor("US"))).toBe(
      "In immediate danger? 988 Suicide & Crisis Lifeline: Call 988 or Text 988 · Crisis Text Line: Text 741741 · Emergency: 911",
    );
    const nowhere = createElement(PasswordResetEmail, {
      brandName: "Kindred",
      crisisHelp: crisisHelpFor(null),
      username: "QuietOwl42",
      resetUrl: "http://localhost:5173/reset-password?token=t",
      expiresInMinutes: 60,
    });
    const text = await render(nowhere, { plainText: true });
    expect(text).toContain("Find a helpline at https://findahelpline.com");
    expect(text).not.toContain("988");
  });
});

describe("sending email through Resend", () => {
  it("posts the email with the key and records it as sent with Resend's id", async () => {
    stubLog();
    const fetchSpy = stubFetch(() => Response.json({ id: "re_123" }, { status: 200 }));
    const { message, resetUrl } = resetEmail("via-resend@example.com");

    const result = await deliverEmail(message, RESEND);

    expect(result.status).toBe("sent");
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    const [url, init] = fetchSpy.mock.calls[0] ?? [];
    expect(String(url)).toBe("https://api.resend.com/emails");
    expect(init?.method).toBe("POST");
    expect(new Headers(init?.headers).get("Authorization")).toBe("Bearer re_test_key");
    const body = JSON.parse(String(init?.body));
    expect(body).toMatchObject({
      from: "Kindred <no-reply@kindred.example>",
      to: "via-resend@example.com",
      subject: "Reset your Kindred password",
    });
    expect(body.html).toContain(resetUrl);
    expect(body.text).toContain(resetUrl);

    const rows = await outboxRows("via-resend@example.com");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: result.id, status: "sent", providerId: "re_123", error: null });
    expect(rows[0]?.html).toBe(body.html);
  });

  it("records Resend's refusal as failed with its message, and returns instead of throwing", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    stubFetch(() => Response.json({ name: "validation_error", message: "Invalid `to` field" }, { status: 422 }));
    const { message } = resetEmail("refused@example.com");

    const result = await deliverEmail(message, RESEND);

    expect(result.status).toBe("failed");
    const rows = await outboxRows("refused@example.com");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: result.id,
      status: "failed",
      providerId: null,
      error: "Invalid `to` field",
    });
  });

  it("records an unreachable Resend as failed, and returns instead of throwing", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    stubFetch(() => Promise.reject(new TypeError("Network connection lost.")));
    const { message } = resetEmail("unreachable@example.com");

    const result = await deliverEmail(message, RESEND);

    expect(result.status).toBe("failed");
    const rows = await outboxRows("unreachable@example.com");
    expect(rows).toHaveLength(1);
    expect(rows[0]?.status).toBe("failed");
    expect(rows[0]?.error).toBeTruthy();
  });
});

describe("the password reset, in its recipient's language", () => {
  const brand = env.BRAND_NAME;

  async function resetEmailTo(email: string) {
    await requestResetToken(email);
    let rows: Awaited<ReturnType<typeof outboxRows>> = [];
    await until(async () => {
      rows = await outboxRows(email);
      return rows.length > 0;
    });
    const [row] = rows;
    if (!row) throw new Error("no reset email");
    return row;
  }

  const chooseCountry = (userId: string, country: string) =>
    env.DB.prepare("INSERT INTO crisis_country_choices (user_id, country, chosen_at) VALUES (?, ?, ?)")
      .bind(userId, country, Date.now())
      .run();

  it("comes in Spanish to an account that speaks Spanish: its subject, its words and its crisis help", async () => {
    stubLog();
    const person = await insertUser({ language: "es" });
    await chooseCountry(person.user.id, "US");

    const email = await resetEmailTo(person.email);

    expect(email.subject).toBe("Restablece tu contraseña de Kindred");
    expect(email.subject).toBe(m.email_reset_subject({ brand }, { locale: "es" }));
    expect(email.html).toContain('lang="es"');
    expect(email.html).toContain(m.email_reset_button({}, { locale: "es" }));
    for (const body of [email.html, email.text]) {
      expect(body).toContain(m.email_greeting({ name: person.user.username }, { locale: "es" }));
      expect(body).toContain(m.email_reset_intro({ brand }, { locale: "es" }));
      expect(body).toContain("Este enlace funciona durante 1 hora.");
      expect(body).toContain(m.email_disclaimer({}, { locale: "es" }));
      expect(body).toContain(m.email_footer_reason({ brand }, { locale: "es" }));
      expect(body).toContain("Llamar al 988 o Enviar un SMS al 988");
      expect(body).not.toContain(SUPPORT_DISCLAIMER);
      expect(body).not.toContain("immediate danger");
    }
    expect(email.text).toContain(inLanguage("es", () => crisisHelpInText(crisisHelpFor("US"))));
    expect(email.text).toContain(
      "¿Estás en peligro inmediato? 988 Suicide & Crisis Lifeline: Llamar al 988 o Enviar un SMS al 988",
    );
  });

  it("stays English for an account that has no language", async () => {
    stubLog();
    const person = await insertUser();
    expect(await env.DB.prepare("SELECT 1 FROM account_languages WHERE user_id = ?").bind(person.user.id).first()).toBe(
      null,
    );

    const email = await resetEmailTo(person.email);

    expect(email.subject).toBe("Reset your Kindred password");
    expect(email.html).toContain('lang="en"');
    for (const body of [email.html, email.text]) {
      expect(body).toContain(`Hi ${person.user.username},`);
      expect(body).toContain("This link works for 1 hour.");
      expect(body).toContain(SUPPORT_DISCLAIMER);
      expect(body).toContain("You are receiving this email because of your Kindred account.");
      expect(body).toContain("Find a helpline at https://findahelpline.com");
      expect(body).not.toContain(m.email_disclaimer({}, { locale: "es" }));
    }
  });
});
