import { describe, expect, it } from "vitest";
import { clientAddress, parseTrustProxy, peerIsTrusted, type TrustProxy } from "~/platform/lib/trust-proxy";

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

  it("refuses a list entry that is neither an address nor a subnet", () => {
    expect(parseTrustProxy("yes")).toEqual({ error: expect.stringContaining("yes") });
    expect(parseTrustProxy("10.0.0.0/40")).toEqual({ error: expect.stringContaining("prefix") });
  });
});
