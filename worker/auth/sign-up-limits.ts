import { env } from "cloudflare:workers";
import type { SignUpLimitScope } from "~/shared/auth-errors";
import { getConfig } from "../config";
import type { ClientNetwork } from "./client-network";

/**
 * A network may be a school or a carrier's NAT shared by hundreds: its budget lets a room sign up
 * together and stops a script's burst. The site's ceiling stops a botnet well before D1 or the desk
 * would feel it (docs/decisions/164-sign-up-limits-count-networks-not-failures.md).
 */
export const SIGN_UP_LIMITS = {
  perNetwork: [
    { windowSeconds: 60, max: 30 },
    { windowSeconds: 10 * 60, max: 60 },
    { windowSeconds: 24 * 60 * 60, max: 300 },
  ],
  sitePerMinute: 1200,
} as const;

export const SIGN_UP_RECORD_RETENTION_MS = Math.max(...SIGN_UP_LIMITS.perNetwork.map((w) => w.windowSeconds)) * 1000;

export type SignUpAdmission =
  | { admitted: true }
  | { admitted: false; scope: SignUpLimitScope; retryAfterSeconds: number };

const MINUTE_MS = 60_000;

/** Checked and counted in one statement, so sign-ups arriving together cannot pass one limit together. */
export async function admitSignUp(network: ClientNetwork, now = Date.now(), again = false): Promise<SignUpAdmission> {
  const networkHash = await hashOf(network);
  const minute = Math.floor(now / MINUTE_MS);
  const { perNetwork, sitePerMinute } = SIGN_UP_LIMITS;
  const windowsOpen = perNetwork
    .map(
      ({ windowSeconds, max }) =>
        `(SELECT count(*) FROM sign_up_attempts WHERE network_hash = ?1 AND at > ?2 - ${windowSeconds * 1000}) < ${max}`,
    )
    .join(" AND ");
  const [inserted] = await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO sign_up_attempts (network_hash, at) SELECT ?1, ?2
       WHERE ${windowsOpen}
       AND coalesce((SELECT count FROM sign_up_minutes WHERE minute = ?3), 0) < ${sitePerMinute}`,
    ).bind(networkHash, now, minute),
    // Whether the statement before, in this same transaction, counted the sign-up.
    env.DB.prepare(
      `INSERT INTO sign_up_minutes (minute, count) SELECT ?1, 1 WHERE changes() = 1
       ON CONFLICT (minute) DO UPDATE SET count = count + 1`,
    ).bind(minute),
  ]);
  if (inserted?.meta.changes === 1) return { admitted: true };
  const refusal = await refusalOf(networkHash, now);
  if (refusal) return refusal;
  // A place freed between the two reads: one more try.
  if (!again) return admitSignUp(network, now, true);
  return { admitted: false, scope: "network", retryAfterSeconds: SIGN_UP_LIMITS.perNetwork[0].windowSeconds };
}

async function refusalOf(networkHash: string, now: number): Promise<SignUpAdmission | null> {
  const { perNetwork, sitePerMinute } = SIGN_UP_LIMITS;
  const minute = Math.floor(now / MINUTE_MS);
  const [recent, site] = await env.DB.batch<{ at?: number; count?: number }>([
    env.DB.prepare("SELECT at FROM sign_up_attempts WHERE network_hash = ?1 AND at > ?2 ORDER BY at").bind(
      networkHash,
      now - SIGN_UP_RECORD_RETENTION_MS,
    ),
    env.DB.prepare("SELECT count FROM sign_up_minutes WHERE minute = ?1").bind(minute),
  ]);
  const times = (recent?.results ?? []).map((row) => Number(row.at));
  // Full until its oldest sign-up beyond the last `max` leaves it.
  const networkWaits = perNetwork.flatMap(({ windowSeconds, max }) => {
    const inWindow = times.filter((at) => at > now - windowSeconds * 1000);
    const leaving = inWindow[inWindow.length - max];
    return inWindow.length >= max && leaving !== undefined ? [leaving + windowSeconds * 1000 - now] : [];
  });
  const siteWait = Number(site?.results[0]?.count ?? 0) >= sitePerMinute ? (minute + 1) * MINUTE_MS - now : null;
  const waitMs = Math.max(...networkWaits, siteWait ?? 0);
  if (waitMs <= 0) return null;
  return {
    admitted: false,
    scope: networkWaits.length > 0 ? "network" : "site",
    retryAfterSeconds: Math.ceil(waitMs / 1000),
  };
}

let hashKey: { secret: string; key: Promise<CryptoKey> } | undefined;

/** Keyed with the app's secret, so the table names no address and cannot be matched against a list. */
async function hashOf(network: ClientNetwork): Promise<string> {
  const { secret } = getConfig().auth;
  if (hashKey?.secret !== secret) {
    const key = crypto.subtle.importKey(
      "raw",
      new TextEncoder().encode(secret),
      { name: "HMAC", hash: "SHA-256" },
      false,
      ["sign"],
    );
    hashKey = { secret, key };
  }
  const signature = await crypto.subtle.sign(
    "HMAC",
    await hashKey.key,
    new TextEncoder().encode(`sign-up:${network.key}`),
  );
  return [...new Uint8Array(signature).slice(0, 16)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}
