import { z } from "zod";

/**
 * IPv4 whole (behind carrier NAT it is everyone there); IPv6 by its /64, which one person can rotate
 * through (docs/decisions/164-sign-up-limits-count-networks-not-failures.md). An unreadable address is
 * one network of its own.
 */
/** Locally, tests and benchmarks send it themselves. */
export const CLIENT_ADDRESS_HEADER = "cf-connecting-ip";

export type ClientNetwork = { family: "ipv4" | "ipv6"; key: string } | { family: "unknown"; key: "unknown" };

const IPV4 = z.ipv4();
const IPV6 = z.ipv6();

export function clientNetwork(address: string | null | undefined): ClientNetwork {
  const text = address?.trim() ?? "";
  if (IPV4.safeParse(text).success) return { family: "ipv4", key: text };
  if (!IPV6.safeParse(text).success) return { family: "unknown", key: "unknown" };
  const groups = ipv6Groups(text.toLowerCase());
  if (!groups) return { family: "unknown", key: "unknown" };
  // An IPv4 address written as IPv6 (::ffff:192.0.2.1) is that IPv4 address.
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    const [high = 0, low = 0] = groups.slice(6);
    return { family: "ipv4", key: [high >> 8, high & 0xff, low >> 8, low & 0xff].join(".") };
  }
  return {
    family: "ipv6",
    key: `${groups
      .slice(0, 4)
      .map((group) => group.toString(16))
      .join(":")}::/64`,
  };
}

function ipv6Groups(address: string): number[] | null {
  const withoutZone = address.split("%")[0] ?? "";
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(withoutZone)?.[1];
  let text = withoutZone;
  if (dotted) {
    const [a = 0, b = 0, c = 0, d = 0] = dotted.split(".").map(Number);
    text = `${withoutZone.slice(0, -dotted.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const part = (side: string) => (side === "" ? [] : side.split(":").map((group) => Number.parseInt(group, 16)));
  const left = part(head);
  const right = tail === undefined ? [] : part(tail);
  const missing = 8 - left.length - right.length;
  if (tail === undefined ? missing !== 0 : missing < 0) return null;
  const groups = [...left, ...Array<number>(missing).fill(0), ...right];
  return groups.every((group) => Number.isInteger(group) && group >= 0 && group <= 0xffff) ? groups : null;
}
