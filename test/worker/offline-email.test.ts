import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { m } from "~/paraglide/messages";
import { pairIdFor } from "~/shared/pair-id";
import { insertUser } from "./support/accounts";
import { connect, isAck, openInboxSocket } from "./support/chat-sockets";
import { EMAIL_GRACE_MS, EMAIL_WINDOW_MS, runInboxAlarmAfter } from "./support/inbox-alarm";
import { until } from "./support/until";

const emailsTo = async (address: string) =>
  (
    await env.DB.prepare(`SELECT subject, text, template FROM email_outbox WHERE "to" = ? ORDER BY created_at`)
      .bind(address)
      .all<{ subject: string; text: string; template: string }>()
  ).results;

/** Alice writes to Bob, whose account speaks `bobsLanguage` (none: English). */
async function conversation(bobsLanguage?: string) {
  const alice = await insertUser();
  const bob = await insertUser(bobsLanguage ? { language: bobsLanguage } : {});
  const a = await connect(alice.cookie, pairIdFor(alice.user.id, bob.user.id));
  let n = 0;
  const say = async (text: string) => {
    n += 1;
    a.send({ type: "send", clientId: `temp-${n}`, text });
    await a.waitFor(isAck(`temp-${n}`));
    await until(async () => (await env.USER_INBOX.getByName(bob.user.id).list())[0]?.lastSeq === n);
  };
  return { alice, bob, say, pairId: pairIdFor(alice.user.id, bob.user.id) };
}

describe("the new-message email", () => {
  it("goes out from the inbox's alarm without touching the recipient's presence", async () => {
    const { bob, say } = await conversation();
    await say("Are you awake?");
    const presence = () =>
      env.DB.prepare("SELECT is_online, last_seen FROM users WHERE id = ?").bind(bob.user.id).first();
    const before = await presence();
    const inbox = env.USER_INBOX.getByName(bob.user.id);
    await runInDurableObject(inbox, (_inbox, state) => {
      state.storage.sql.exec("UPDATE pending_emails SET due_at = ?", Date.now() - 1);
    });
    expect(await runDurableObjectAlarm(inbox)).toBe(true);
    expect(await emailsTo(bob.email)).toHaveLength(1);
    // Bob never had a page open: the alarm that emailed him did not make him look recently seen.
    expect(await presence()).toEqual(before);
  });

  it("goes to an offline recipient once the grace time is over, with the spec's content", async () => {
    const { alice, bob, say } = await conversation();
    await say("Thinking of you today.");
    expect(await runInboxAlarmAfter(bob.user.id, 0)).toBe(true);
    expect(await emailsTo(bob.email)).toHaveLength(0);
    expect(await runInboxAlarmAfter(bob.user.id, EMAIL_GRACE_MS + 1000)).toBe(true);
    expect(await emailsTo(bob.email)).toHaveLength(1);
    const [email] = await emailsTo(bob.email);
    expect(email?.template).toBe("new-message");
    expect(email?.subject).toBe(`New message from ${alice.user.username} on Kindred`);
    expect(email?.text).toContain(`${alice.user.username} sent you a message while you were away:`);
    expect(email?.text).toContain("Thinking of you today.");
    expect(email?.text).toContain(`/chat/${alice.user.id}`);
    // Sent later, it knows nothing of where Bob is now: no line is offered as his, the directory is.
    expect(email?.text).toContain("Find a helpline at https://findahelpline.com");
    expect(email?.text).not.toContain("988");
  });

  it("comes in Spanish to a recipient whose account speaks Spanish, its crisis help too", async () => {
    const { alice, bob, say } = await conversation("es");
    await say("Pienso en ti hoy.");
    await runInboxAlarmAfter(bob.user.id, EMAIL_GRACE_MS + 1000);
    const [email] = await emailsTo(bob.email);
    const from = alice.user.username;
    expect(email?.subject).toBe(`Nuevo mensaje de ${from} en Kindred`);
    expect(email?.subject).toBe(m.email_message_subject({ from, brand: env.BRAND_NAME }, { locale: "es" }));
    for (const words of [
      m.email_greeting({ name: bob.user.username }, { locale: "es" }),
      m.email_message_intro({ from }, { locale: "es" }),
      "Pienso en ti hoy.",
      m.email_message_button({}, { locale: "es" }),
      m.email_message_frequency({}, { locale: "es" }),
      "¿Estás en peligro inmediato? Llama al número de emergencias de tu país. · Encuentra una línea de ayuda en https://findahelpline.com",
      m.email_disclaimer({}, { locale: "es" }),
      m.email_footer_reason({ brand: env.BRAND_NAME }, { locale: "es" }),
    ]) {
      expect(email?.text).toContain(words);
    }
    expect(email?.text).not.toMatch(/immediate danger|Open the conversation|while you were away/);
  });

  it("is sent at most once per conversation every 10 minutes", async () => {
    const { bob, say } = await conversation();
    await say("one");
    await runInboxAlarmAfter(bob.user.id, EMAIL_GRACE_MS + 1000);
    expect(await emailsTo(bob.email)).toHaveLength(1);
    await say("two");
    await say("three");
    await runInboxAlarmAfter(bob.user.id, EMAIL_WINDOW_MS - EMAIL_GRACE_MS - 2000);
    expect(await emailsTo(bob.email)).toHaveLength(1);
  });

  it("is not sent when the message was read meanwhile", async () => {
    const { bob, say, pairId } = await conversation();
    await say("are you there?");
    const b = await connect(bob.cookie, pairId);
    b.send({ type: "read", upToSeq: 1 });
    await until(async () => (await env.USER_INBOX.getByName(bob.user.id).unreadCount()) === 0);
    b.ws.close(1000, "bye");
    await runInboxAlarmAfter(bob.user.id, EMAIL_GRACE_MS + 1000);
    expect(await emailsTo(bob.email)).toHaveLength(0);
  });

  it("is not sent when the recipient answered meanwhile (a reply means it was read)", async () => {
    const { bob, say, pairId } = await conversation();
    await say("how was your day?");
    const b = await connect(bob.cookie, pairId);
    b.send({ type: "send", clientId: "temp-reply", text: "Better now, thanks" });
    await b.waitFor(isAck("temp-reply"));
    await until(async () => (await env.USER_INBOX.getByName(bob.user.id).list())[0]?.lastSeq === 2);
    b.ws.close(1000, "bye");
    await runInboxAlarmAfter(bob.user.id, EMAIL_GRACE_MS + 1000);
    expect(await emailsTo(bob.email)).toHaveLength(0);
  });

  it("is not sent while the recipient has the app open", async () => {
    const { bob, say } = await conversation();
    const inbox = await openInboxSocket(bob.cookie);
    await until(async () => inbox.frames.length > 0);
    await say("hello while you are here");
    await runInboxAlarmAfter(bob.user.id, EMAIL_GRACE_MS + 1000);
    expect(await emailsTo(bob.email)).toHaveLength(0);
  });
});
