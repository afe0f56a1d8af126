import { describe, expect, it } from "vitest";
import {
  addressGroup,
  clientAddress,
  isPrivateAddress,
  parseTrustProxy,
  peerIsTrusted,
  type TrustProxy,
} from "~/platform/lib/trust-proxy";

function trust(text: string): TrustProxy {
  const parsed = parseTrustProxy(text);
  if ("error" in parsed) throw new Error(parsed.error);
  return parsed;
}

describe("clientAddress", () => {
  it("without a trusted proxy is the socket peer, whatever the header says", () => {
    expect(clientAddress("203.0.113.9", "1.2.3.4", trust("0"))).toBe("203.0.113.9");
  });

  it("with one trusted hop takes the entry nginx appended, not one the client wrote", () => {
    // The client sent "X-Forwarded-For: 1.2.3.4"; nginx appended the real address.
    expect(clientAddress("127.0.0.1", "1.2.3.4, 198.51.100.7", trust("1"))).toBe("198.51.100.7");
    expect(clientAddress("127.0.0.1", "198.51.100.7", trust("1"))).toBe("198.51.100.7");
    expect(clientAddress("127.0.0.1", null, trust("1"))).toBe("127.0.0.1");
  });

  it("with a hop count believes the header only from a loopback or private peer", () => {
    // Someone reaching the app's port directly from the internet writes whatever they like.
    for (const forged of ["1.2.3.4", "6.6.6.6, 7.7.7.7", "10.0.0.5"]) {
      expect(clientAddress("198.51.100.8", forged, trust("1"))).toBe("198.51.100.8");
      expect(clientAddress("::ffff:198.51.100.8", forged, trust("2"))).toBe("198.51.100.8");
      expect(clientAddress("2001:db8::8", forged, trust("1"))).toBe("2001:db8::8");
    }
    expect(peerIsTrusted("198.51.100.8", trust("1"))).toBe(false);
    for (const proxy of [
      "127.0.0.1",
      "::1",
      "::ffff:127.0.0.1",
      "10.1.2.3",
      "172.20.0.2",
      "192.168.1.1",
      "fd00::2",
    ]) {
      expect(clientAddress(proxy, "1.2.3.4, 198.51.100.7", trust("1")), proxy).toBe("198.51.100.7");
      expect(peerIsTrusted(proxy, trust("1")), proxy).toBe(true);
    }
  });

  it("counts hops for a chain of proxies", () => {
    expect(clientAddress("10.0.0.2", "6.6.6.6, 198.51.100.7, 10.0.0.1", trust("2"))).toBe("198.51.100.7");
    expect(clientAddress("10.0.0.2", "198.51.100.7", trust("5"))).toBe("198.51.100.7");
  });

  it("with a list skips trusted proxies from the right and stops at the first other address", () => {
    const list = trust("loopback, 10.0.0.0/8");
    expect(clientAddress("127.0.0.1", "6.6.6.6, 198.51.100.7, 10.1.2.3", list)).toBe("198.51.100.7");
    expect(clientAddress("::ffff:127.0.0.1", "198.51.100.7", list)).toBe("198.51.100.7");
    // A peer outside the list is the client itself: its header is not believed.
    expect(clientAddress("198.51.100.8", "1.2.3.4", list)).toBe("198.51.100.8");
    expect(peerIsTrusted("198.51.100.8", list)).toBe(false);
    expect(peerIsTrusted("::1", list)).toBe(true);
  });

  it("knows private addresses from public ones", () => {
    for (const address of [
      "127.0.0.9",
      "10.255.0.1",
      "172.31.9.9",
      "192.168.0.1",
      "169.254.1.1",
      "::1",
      "fe80::1",
      "fc00::1",
    ]) {
      expect(isPrivateAddress(address), address).toBe(true);
    }
    for (const address of [
      "198.51.100.8",
      "172.32.0.1",
      "8.8.8.8",
      "2001:db8::1",
      "::ffff:8.8.8.8",
      "unknown",
      "",
    ]) {
      expect(isPrivateAddress(address), address).toBe(false);
    }
  });

  it("refuses a list entry that is neither an address nor a subnet", () => {
    expect(parseTrustProxy("yes")).toEqual({ error: expect.stringContaining("yes") });
    expect(parseTrustProxy("10.0.0.0/40")).toEqual({ error: expect.stringContaining("prefix") });
  });
});

describe("addressGroup", () => {
  it("groups an IPv6 client by its /64, whatever the interface part or spelling", () => {
    const group = "2001:db8:1:2::/64";
    for (const address of [
      "2001:db8:1:2::1",
      "2001:db8:1:2:ffff:ffff:ffff:ffff",
      "2001:0DB8:0001:0002:0:0:0:9",
      "2001:db8:1:2:a:b:1.2.3.4",
      "2001:db8:1:2::7%eth0",
    ]) {
      expect(addressGroup(address), address).toBe(group);
    }
    expect(addressGroup("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64");
    expect(addressGroup("::1")).toBe("0:0:0:0::/64");
  });

  it("gives an IPv4 client, also written as IPv4-mapped IPv6, as plain IPv4", () => {
    expect(addressGroup("203.0.113.9")).toBe("203.0.113.9");
    expect(addressGroup("::ffff:203.0.113.9")).toBe("203.0.113.9");
    expect(addressGroup("::FFFF:cb00:7109")).toBe("203.0.113.9");
    expect(addressGroup("0:0:0:0:0:ffff:203.0.113.9")).toBe("203.0.113.9");
  });

  it("leaves anything that is not an address as it is", () => {
    expect(addressGroup("unknown")).toBe("unknown");
    expect(addressGroup("not:an:address")).toBe("not:an:address");
  });
});
