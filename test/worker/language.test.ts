import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { m } from "~/paraglide/messages";
import * as root from "~/root";
import * as language from "~/routes/language";
import { LANGUAGE_SWITCH } from "~/shared/languages";
import { insertAdmin, insertUser } from "./support/accounts";
import { postJson, sessionCookie } from "./support/auth-requests";
import { callAction, callLoader, signedInUser } from "./support/route-action";

/** The language switch's post, the account's language, and the order the root reads them in. */

const switchTo = (body: Record<string, string>, options: { user?: ReturnType<typeof signedInUser> } = {}) =>
  callAction(language.action, LANGUAGE_SWITCH.path, new URLSearchParams(body), options);

async function pageLanguage(options: { cookie?: string; headers?: Record<string, string> }) {
  return ((await callLoader(root, "/signup", options)).data as { language: string }).language;
}

const accountLanguageOf = async (userId: string) =>
  (
    await env.DB.prepare("SELECT language FROM account_languages WHERE user_id = ?")
      .bind(userId)
      .first<{ language: string }>()
  )?.language ?? null;

describe("the language switch", () => {
  it("keeps a language the site speaks in this browser and goes back to the page", async () => {
    const answer = await switchTo({ language: "es", back: "/privacypolicy" });
    expect(answer.status).toBe(303);
    // Back to the page, at its Spanish address.
    expect(answer.location).toBe("/es/privacypolicy");
    const cookie = answer.cookies.find((set) => set.startsWith(`${LANGUAGE_SWITCH.cookie}=`));
    expect(cookie).toMatch(/^kindred_language=es;/);
    expect(await pageLanguage({ cookie: "kindred_language=es", headers: { "Accept-Language": "en-US" } })).toBe("es");
  });

  it("refuses a language the site does not speak with a 400 and changes nothing", async () => {
    for (const value of ["xx", "", "ES-mx", "<b>"]) {
      const answer = await switchTo({ language: value, back: "/" });
      expect(answer.status, value).toBe(400);
      expect(answer.data, value).toEqual({ error: m.language_invalid(), back: "/" });
      expect(
        answer.cookies.some((set) => set.startsWith(LANGUAGE_SWITCH.cookie)),
        value,
      ).toBe(false);
    }
  });

  it("signed in, is the account's too, which a browser with no choice of its own then speaks", async () => {
    const visitor = await insertUser();
    await switchTo({ language: "es" }, { user: signedInUser(visitor) });
    expect(await accountLanguageOf(visitor.user.id)).toBe("es");
    expect(await pageLanguage({ cookie: visitor.cookie, headers: { "Accept-Language": "en-US" } })).toBe("es");
  });
});

describe("a request's language", () => {
  it("is the browser's where nothing else says it, English where the site speaks none of them", async () => {
    expect(await pageLanguage({ headers: { "Accept-Language": "es-MX,es;q=0.9" } })).toBe("es");
    expect(await pageLanguage({ headers: { "Accept-Language": "de-DE" } })).toBe("en");
    expect(await pageLanguage({ cookie: "kindred_language=xx", headers: { "Accept-Language": "es" } })).toBe("es");
  });

  it("of an account is the one it signed up in", async () => {
    const email = `lang-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const response = await postJson(
      "/api/auth/sign-up/email",
      {
        email,
        password: "correct horse battery",
        gender: "female",
        name: "x",
      },
      { cookie: "kindred_language=es" },
    );
    expect(response.status).toBe(200);
    const { user } = (await response.json()) as { user: { id: string } };
    expect(await accountLanguageOf(user.id)).toBe("es");
    expect(await pageLanguage({ cookie: sessionCookie(response), headers: { "Accept-Language": "en" } })).toBe("es");
  });
});

describe("a public page at another language's address", () => {
  it("leads a Spanish reader to its Spanish address, and speaks its own language whoever reads it", async () => {
    const redirected = await callLoader(root, "/privacypolicy", { headers: { "Accept-Language": "es-MX" } });
    expect(redirected.status).toBe(302);
    expect(redirected.location).toBe("/es/privacypolicy");
    expect(await pageLanguageAt("/es/privacypolicy", { headers: { "Accept-Language": "en-US" } })).toBe("es");
    expect(await pageLanguageAt("/privacypolicy", { headers: { "Accept-Language": "en-US" } })).toBe("en");
  });

  it("never moves the desk and admin pages, which speak English to those who work the desk", async () => {
    const admin = await insertAdmin();
    const spanish = { cookie: `${admin.cookie}; kindred_language=es`, headers: { "Accept-Language": "es" } };
    expect(await pageLanguageAt("/desk", spanish)).toBe("en");
    expect(await pageLanguageAt("/admin/desk", spanish)).toBe("en");
  });

  it("refuses anyone else on the desk and admin pages in their own language", async () => {
    const visitor = await insertUser({ language: "es" });
    expect(await pageLanguageAt("/admin/reports", { cookie: visitor.cookie })).toBe("es");
    expect(await pageLanguageAt("/desk", { headers: { "Accept-Language": "es-MX" } })).toBe("es");
  });
});

async function pageLanguageAt(path: string, options: { cookie?: string; headers?: Record<string, string> }) {
  return ((await callLoader(root, path, options)).data as { language: string }).language;
}
