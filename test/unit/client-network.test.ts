import { describe, expect, it } from "vitest";
import { clientNetwork } from "../../worker/auth/client-network";

describe("the network a sign-up is counted against", () => {
  it("is an IPv4 address whole: everyone behind one carrier NAT or school router shares it", () => {
    expect(clientNetwork("203.0.113.7")).toEqual({ family: "ipv4", key: "203.0.113.7" });
    expect(clientNetwork(" 203.0.113.7 ")).toEqual({ family: "ipv4", key: "203.0.113.7" });
    expect(clientNetwork("203.0.113.8").key).not.toBe(clientNetwork("203.0.113.7").key);
  });

  it("is an IPv6 address's /64, however it is written", () => {
    const network = { family: "ipv6", key: "2001:db8:aa:1::/64" };
    expect(clientNetwork("2001:db8:aa:1::1")).toEqual(network);
    expect(clientNetwork("2001:db8:aa:1:ffff:ffff:ffff:ffff")).toEqual(network);
    expect(clientNetwork("2001:0DB8:00AA:0001:0:0:0:2")).toEqual(network);
    expect(clientNetwork("2001:db8:aa:2::1")).toEqual({ family: "ipv6", key: "2001:db8:aa:2::/64" });
    expect(clientNetwork("2001:db8::1")).toEqual({ family: "ipv6", key: "2001:db8:0:0::/64" });
    expect(clientNetwork("::1")).toEqual({ family: "ipv6", key: "0:0:0:0::/64" });
  });

  it("reads an IPv4 address written as IPv6 as that IPv4 address", () => {
    expect(clientNetwork("::ffff:203.0.113.7")).toEqual({ family: "ipv4", key: "203.0.113.7" });
    expect(clientNetwork("::ffff:cb00:7107")).toEqual({ family: "ipv4", key: "203.0.113.7" });
  });

  it("counts a missing or malformed address as one network of its own, never failing", () => {
    for (const address of [
      null,
      undefined,
      "",
      "not-an-address",
      "203.0.113.999",
      "2001:db8::1::2",
      "1.2.3.4, 5.6.7.8",
      "2001:db8:::1",
    ]) {
      expect(clientNetwork(address), String(address)).toEqual({ family: "unknown", key: "unknown" });
    }
  });
});
