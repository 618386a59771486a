import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import {
  fallbackUsername,
  generateUsername,
  isGeneratedUsername,
  USERNAME_FALLBACK_WORDS,
  USERNAME_LENGTH,
  USERNAME_MAX_ATTEMPTS,
  USERNAME_WORDS,
} from "~/shared/username";
import { claimUsername, generateUniqueUsername, releaseUsername } from "../../worker/auth/username";
import { createDb } from "../../worker/db/client";
import { postJson } from "./support/auth-requests";

/** A scripted random source: the given values in order, then 0. */
function scripted(...values: number[]): () => number {
  let i = 0;
  return () => values[i++] ?? 0;
}

describe("generated usernames", () => {
  it("are one listed word followed by digits, exactly 10 characters", () => {
    expect(USERNAME_WORDS.length).toBeGreaterThanOrEqual(44);
    expect(USERNAME_WORDS.length).toBeLessThanOrEqual(52);
    expect(new Set(USERNAME_WORDS).size).toBe(USERNAME_WORDS.length);
    for (let i = 0; i < 500; i++) {
      const name = generateUsername();
      expect(name).toHaveLength(USERNAME_LENGTH);
      const word = USERNAME_WORDS.find((w) => name.startsWith(w));
      expect(word, name).toBeDefined();
      expect(name.slice(word?.length)).toMatch(/^\d{2,}$/);
      expect(isGeneratedUsername(name)).toBe(true);
    }
  });

  it("take the word and every digit from the random source", () => {
    expect(generateUsername(scripted(0, 0.1, 0.25, 0.99))).toBe("Hopeful129");
    expect(generateUsername(scripted(0.999, 0.5, 0.6, 0.7, 0.8, 0.9))).toBe("Ocean56789");
  });

  it("fall back to a short word and the last 3 digits of the time", () => {
    const name = fallbackUsername(1_732_190_000_987, scripted(0));
    expect(name).toBe(`${USERNAME_FALLBACK_WORDS[0]}987`);
    expect(USERNAME_FALLBACK_WORDS).toHaveLength(6);
    expect(isGeneratedUsername(name)).toBe(true);
  });

  it("never accept an email-like or made-up name as generated", () => {
    for (const name of ["maria.lopez", "Gentle12", "Gentle12345", "Admin12345", "gentle1234", "Guest12"]) {
      expect(isGeneratedUsername(name), name).toBe(false);
    }
  });
});

describe("unique usernames", () => {
  const insertUser = (id: string, username: string) =>
    env.DB.prepare("INSERT INTO users (id, name, email, username) VALUES (?, ?, ?, ?)")
      .bind(id, username, `${id}@example.com`, username)
      .run();

  it("skip a taken candidate, compared case-insensitively", async () => {
    await insertUser("taken-1", "HOPEFUL000"); // the first candidate, in another letter case
    const random = scripted(0, 0, 0, 0, 0.999, 0.5, 0.6, 0.7, 0.8, 0.9);
    expect(await generateUniqueUsername(createDb(env.DB), { random })).toBe("Ocean56789");
  });

  it("try exactly 10 candidates, then use the fallback", async () => {
    await insertUser("taken-2", "Gentle0000");
    let calls = 0;
    // Every candidate is Gentle0000 (1 word pick + 4 digits = 5 draws each), which is taken.
    const random = () => {
      const wordPick = calls % 5 === 0;
      calls++;
      return wordPick ? 1.5 / USERNAME_WORDS.length : 0;
    };
    const name = await generateUniqueUsername(createDb(env.DB), { random, now: () => 1_700_000_000_042 });
    expect(name).toBe("Guest042");
    expect(calls).toBe(USERNAME_MAX_ATTEMPTS * 5 + 1);
  });

  it("are claimed just before the account is written: a name taken since, in D1 or by another sign-up, is replaced", async () => {
    const db = createDb(env.DB);
    expect(await claimUsername(db, "Sparrow123")).toBe("Sparrow123");
    // Another sign-up asks for it while the first account is being written.
    const second = await claimUsername(db, "SPARROW123");
    expect(second.toLowerCase()).not.toBe("sparrow123");
    expect(isGeneratedUsername(second)).toBe(true);
    releaseUsername("Sparrow123");
    releaseUsername(second);
    // Written since: D1 has it.
    await insertUser("taken-3", "Sparrow123");
    const third = await claimUsername(db, "Sparrow123");
    expect(third).not.toBe("Sparrow123");
    releaseUsername(third);
  });

  it("two sign-ups asking for the same name at once both get an account, with different names", async () => {
    const signUp = (email: string) =>
      postJson("/api/auth/sign-up/email", {
        email,
        password: "a calm password",
        gender: "female",
        name: "",
        username: "Sparrow456",
      });
    const answers = await Promise.all([signUp("same-name-1@example.com"), signUp("same-name-2@example.com")]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const names = await Promise.all(
      answers.map(async (answer) => ((await answer.json()) as { user: { username: string } }).user.username),
    );
    expect(new Set(names).size).toBe(2);
    expect(names).toContain("Sparrow456");
  });
});
