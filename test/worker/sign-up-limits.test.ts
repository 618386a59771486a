import { env, exports } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { action as signUpPageAction } from "~/routes/auth/signup";
import { action as signUpStepsAction } from "~/routes/auth/signup-steps";
import { SIGN_UP_REFUSAL_CODES, signUpLimitMessage } from "~/shared/auth-errors";
import { clientNetwork } from "../../worker/auth/client-network";
import { admitSignUp, SIGN_UP_LIMITS } from "../../worker/auth/sign-up-limits";
import { APP_ORIGIN, freshIp, freshIpv4 } from "./support/auth-requests";
import { callActionWithRequest } from "./support/route-action";

/**
 * The sign-up limits (docs/decisions/164-sign-up-limits-count-networks-not-failures.md): per network
 * (an IPv4 address whole, an IPv6 address by its /64) and for the whole site, never the failed
 * sign-in's words.
 */

const [BURST, TEN_MINUTES, DAY] = SIGN_UP_LIMITS.perNetwork;
const MINUTE_MS = 60_000;

afterEach(() => {
  vi.restoreAllMocks();
});

const newEmail = () => `limits-${crypto.randomUUID()}@example.com`;

/** A sign-up through better-auth's endpoint from `address` (none: the header left out). */
function signUpFrom(address: string | null, email = newEmail()) {
  return exports.default.fetch(`${APP_ORIGIN}/api/auth/sign-up/email`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      Origin: APP_ORIGIN,
      ...(address === null ? {} : { "cf-connecting-ip": address }),
    },
    body: JSON.stringify({ email, password: "steady steps", gender: "female", name: "x" }),
  });
}

/** Uses up what is left of a network's budget for the minute, as sign-ups a moment ago would have. */
async function fillMinute(address: string | null, now = Date.now()) {
  for (let i = 0; i < BURST.max; i++) {
    if (!(await admitSignUp(clientNetwork(address), now - 1000 + i)).admitted) return;
  }
}

const accountExists = async (email: string) =>
  (await env.DB.prepare("SELECT id FROM users WHERE email = ?").bind(email).first()) !== null;

const attemptRows = async () =>
  (await env.DB.prepare("SELECT count(*) AS n FROM sign_up_attempts").first<{ n: number }>())?.n ?? 0;

/** A refusal by the limit as the API answers it: the code, the true words with when, and Retry-After. */
async function expectRefusedByLimit(response: Response, scope: "network" | "site", withinSeconds: number) {
  expect(response.status).toBe(429);
  const retryAfter = Number(response.headers.get("Retry-After"));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(withinSeconds);
  expect(await response.json()).toMatchObject({
    code: SIGN_UP_REFUSAL_CODES.limited,
    message: signUpLimitMessage(scope, retryAfter),
  });
}

describe("sign-ups from one IPv4 address", () => {
  it("twenty within ten minutes all succeed: a school or a carrier's NAT shares one address", async () => {
    const address = freshIpv4();
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) statuses.push((await signUpFrom(address)).status);
    expect(statuses).toEqual(Array(20).fill(200));
  });

  it("count the whole address: once its minute is full it is refused, and the next address is not", async () => {
    const address = freshIpv4();
    await fillMinute(address);
    const email = newEmail();
    await expectRefusedByLimit(await signUpFrom(address, email), "network", BURST.windowSeconds);
    expect(await accountExists(email)).toBe(false);
    const [a, b, c, d] = address.split(".").map(Number);
    const neighbour = `${a}.${b}.${c}.${(d ?? 0) ^ 1}`;
    expect((await signUpFrom(neighbour)).status).toBe(200);
  });

  it("count an IPv4 address written as IPv6 as that address", async () => {
    const address = freshIpv4();
    await fillMinute(address);
    expect((await signUpFrom(`::ffff:${address}`)).status).toBe(429);
  });
});

describe("sign-ups from IPv6 addresses", () => {
  it("count the /64: every address in it shares the budget, the next /64 has its own", async () => {
    const address = freshIp(); // 2001:db8:x:y::1
    const prefix = address.slice(0, -"::1".length);
    await fillMinute(address);
    await expectRefusedByLimit(await signUpFrom(`${prefix}:abcd:1234:5678:9abc`), "network", BURST.windowSeconds);
    await expectRefusedByLimit(await signUpFrom(`${prefix}::2`), "network", BURST.windowSeconds);
    expect((await signUpFrom(freshIp())).status).toBe(200);
  });
});

describe("sign-ups from an address that cannot be read", () => {
  it("are never a server error: without one, or with a malformed one, they count as one network", async () => {
    expect((await signUpFrom(null)).status).toBe(200);
    expect((await signUpFrom("not an address")).status).toBe(200);
    expect((await signUpFrom("203.0.113.7, 198.51.100.1")).status).toBe(200);
    await fillMinute(null);
    await expectRefusedByLimit(await signUpFrom(null), "network", BURST.windowSeconds);
    await expectRefusedByLimit(await signUpFrom("999.1.1.1"), "network", BURST.windowSeconds);
    await env.DB.prepare("DELETE FROM sign_up_attempts").run();
  });
});

describe("the windows of a network's budget", () => {
  it("refuse a scripted burst within the minute, count no refused sign-up, and free a place as the minute moves", async () => {
    const network = clientNetwork(freshIpv4());
    const start = 1_000_000_000_000;
    for (let i = 0; i < BURST.max; i++) expect(await admitSignUp(network, start + i * 100)).toEqual({ admitted: true });
    const rows = await attemptRows();
    const refused = await admitSignUp(network, start + 5000);
    // The first of the minute leaves it 60 s after it came: 55 s from now.
    expect(refused).toEqual({ admitted: false, scope: "network", retryAfterSeconds: 55 });
    expect(await attemptRows()).toBe(rows);
    expect(await admitSignUp(network, start + BURST.windowSeconds * 1000 + 1)).toEqual({ admitted: true });
  });

  it("refuse past ten minutes' budget until its oldest sign-up leaves, and say so in minutes", async () => {
    const network = clientNetwork(freshIpv4());
    const start = 1_100_000_000_000;
    const second = start + BURST.windowSeconds * 1000 + 1000;
    for (const at of [start, second]) {
      for (let i = 0; i < TEN_MINUTES.max / 2; i++) expect((await admitSignUp(network, at + i)).admitted).toBe(true);
    }
    const now = second + BURST.windowSeconds * 1000 + 1000;
    const refused = await admitSignUp(network, now);
    const waitSeconds = Math.ceil((start + TEN_MINUTES.windowSeconds * 1000 - now) / 1000);
    expect(refused).toEqual({ admitted: false, scope: "network", retryAfterSeconds: waitSeconds });
    expect(signUpLimitMessage("network", waitSeconds)).toBe(
      "Too many sign-ups have come from this network recently. Please try again in about 8 minutes.",
    );
  });

  it("refuse past a day's budget, and say so in hours", async () => {
    const network = clientNetwork(freshIpv4());
    const start = 1_200_000_000_000;
    const blocks = DAY.max / TEN_MINUTES.max;
    const blockMs = TEN_MINUTES.windowSeconds * 1000 + MINUTE_MS;
    for (let block = 0; block < blocks; block++) {
      for (const half of [0, BURST.windowSeconds * 1000 + 1000]) {
        for (let i = 0; i < TEN_MINUTES.max / 2; i++) {
          expect((await admitSignUp(network, start + block * blockMs + half + i)).admitted).toBe(true);
        }
      }
    }
    const now = start + blocks * blockMs;
    const refused = await admitSignUp(network, now);
    expect(refused).toMatchObject({ admitted: false, scope: "network" });
    const wait = refused.admitted ? 0 : refused.retryAfterSeconds;
    expect(wait).toBe(Math.ceil((start + DAY.windowSeconds * 1000 - now) / 1000));
    expect(signUpLimitMessage("network", wait)).toBe(
      "Too many sign-ups have come from this network recently. Please try again in about 23 hours.",
    );
  });

  it("let no two sign-ups that arrive together pass one limit together", async () => {
    const network = clientNetwork(freshIp());
    const now = 1_300_000_000_000;
    const answers = await Promise.all(Array.from({ length: BURST.max + 10 }, () => admitSignUp(network, now)));
    expect(answers.filter((answer) => answer.admitted)).toHaveLength(BURST.max);
  });
});

describe("the site's ceiling", () => {
  it("refuses every network once a minute's sign-ups reach it, until the next minute", async () => {
    const minute = 23_400_000;
    const now = minute * MINUTE_MS + 15_000;
    await env.DB.prepare("INSERT INTO sign_up_minutes (minute, count) VALUES (?, ?)")
      .bind(minute, SIGN_UP_LIMITS.sitePerMinute - 1)
      .run();
    expect(await admitSignUp(clientNetwork(freshIpv4()), now)).toEqual({ admitted: true });
    expect(await admitSignUp(clientNetwork(freshIp()), now + 1000)).toEqual({
      admitted: false,
      scope: "site",
      retryAfterSeconds: 44,
    });
    expect(await admitSignUp(clientNetwork(freshIp()), (minute + 1) * MINUTE_MS)).toEqual({ admitted: true });
  });

  it("says it is the whole site that is busy, through the API", async () => {
    const minute = Math.floor(Date.now() / MINUTE_MS);
    const full = env.DB.prepare(
      "INSERT INTO sign_up_minutes (minute, count) VALUES (?1, ?2), (?1 + 1, ?2) ON CONFLICT (minute) DO UPDATE SET count = excluded.count",
    ).bind(minute, SIGN_UP_LIMITS.sitePerMinute);
    await full.run();
    try {
      await expectRefusedByLimit(await signUpFrom(freshIpv4()), "site", 60);
    } finally {
      await env.DB.prepare("DELETE FROM sign_up_minutes WHERE minute >= ?").bind(minute).run();
    }
  });
});

describe("a sign-up form refused by the limits", () => {
  /** The sign-up form as a browser posts it, from `address`. */
  function formPost(path: string, address: string, email: string) {
    const form = new FormData();
    form.set("email", email);
    form.set("password", "steady steps");
    form.set("confirmPassword", "steady steps");
    form.set("gender", "male");
    return new Request(`${APP_ORIGIN}${path}`, {
      method: "POST",
      headers: { Origin: APP_ORIGIN, "cf-connecting-ip": address },
      body: form,
    });
  }

  it("says what happened and when, keeps what was typed, and asks for the crisis line beside it", async () => {
    const address = freshIpv4();
    await fillMinute(address);
    for (const [path, action] of [
      ["/signup", signUpPageAction],
      ["/signup/steps", signUpStepsAction],
    ] as const) {
      const email = newEmail();
      const answer = await callActionWithRequest(action, formPost(path, address, email));
      expect(answer.status, path).toBe(429);
      const data = answer.data as { error: { field: null; message: string }; crisisLine?: boolean };
      expect(data.error.field).toBeNull();
      expect(data.error.message).toMatch(
        /^Too many sign-ups have come from this network recently\. Please try again in about (a minute|\d+ minutes)\.$/,
      );
      expect(data.crisisLine, path).toBe(true);
      expect(data).toMatchObject({ values: { email, gender: "male" } });
      expect(await accountExists(email)).toBe(false);
    }
  });

  it("asks for no crisis line when the refusal is about what was typed", async () => {
    const answer = await callActionWithRequest(
      signUpStepsAction,
      (() => {
        const form = new FormData();
        form.set("email", "not-an-email");
        return new Request(`${APP_ORIGIN}/signup/steps`, {
          method: "POST",
          headers: { Origin: APP_ORIGIN, "cf-connecting-ip": freshIpv4() },
          body: form,
        });
      })(),
    );
    expect(answer.status).toBe(400);
    expect(answer.data).not.toHaveProperty("crisisLine");
  });
});

describe("with Turnstile off (no keys configured)", () => {
  it("a sign-up makes no request to Cloudflare", async () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    expect((await signUpFrom(freshIpv4())).status).toBe(200);
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
