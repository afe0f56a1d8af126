import { BlockList, isIP } from "node:net";

/**
 * Which proxies in front of the app are trusted to report the client's address, as Express's
 * `trust proxy` setting: a number of hops (1 = the last X-Forwarded-For entry was written by our
 * one proxy) or a list of proxy addresses / subnets. Nothing to the left of the first untrusted hop
 * is believed: a client can put anything it likes at the start of the header.
 */
export type TrustProxy = { hops: number } | { proxies: BlockList };

const NAMED_SUBNETS: Record<string, string[]> = {
  loopback: ["127.0.0.0/8", "::1/128"],
  linklocal: ["169.254.0.0/16", "fe80::/10"],
  uniquelocal: ["10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "fc00::/7"],
};

/** "0"/"" trust nobody, "1".."9" a hop count, else a comma list of addresses, subnets or names. */
export function parseTrustProxy(text: string): TrustProxy | { error: string } {
  const value = text.trim();
  if (/^\d+$/.test(value)) return { hops: Number(value) };
  if (value === "") return { hops: 0 };
  const proxies = new BlockList();
  for (const entry of value
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean)) {
    for (const item of NAMED_SUBNETS[entry.toLowerCase()] ?? [entry]) {
      const [address, bits] = item.split("/");
      const family = isIP(address);
      if (!family) return { error: `"${entry}" is not an address, a subnet or a hop count` };
      const type = family === 6 ? "ipv6" : "ipv4";
      if (bits === undefined) {
        proxies.addAddress(address, type);
        continue;
      }
      const prefix = Number(bits);
      if (!/^\d+$/.test(bits) || prefix > (family === 6 ? 128 : 32)) {
        return { error: `"${entry}" has a bad prefix length` };
      }
      proxies.addSubnet(address, prefix, type);
    }
  }
  return { proxies };
}

/** "::ffff:10.0.0.1" (an IPv4 peer on a dual-stack socket) is 10.0.0.1. */
export function plainAddress(address: string) {
  const trimmed = address.trim();
  return /^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(trimmed) ? trimmed.slice(7) : trimmed;
}

function isTrusted(trust: TrustProxy, address: string, hopsWalked: number) {
  if ("hops" in trust) return hopsWalked < trust.hops;
  const family = isIP(address);
  return family !== 0 && trust.proxies.check(address, family === 6 ? "ipv6" : "ipv4");
}

/**
 * The client's address: walking from the socket peer leftwards through X-Forwarded-For, the first
 * address not written by a trusted proxy (or the left-most one when every hop is trusted).
 */
export function clientAddress(socketAddress: string, forwardedFor: string | null, trust: TrustProxy) {
  const chain = [
    ...(forwardedFor ?? "").split(",").map(plainAddress).filter(Boolean),
    plainAddress(socketAddress),
  ];
  let index = chain.length - 1;
  while (index > 0 && isTrusted(trust, chain[index], chain.length - 1 - index)) index -= 1;
  return chain[index];
}

/** Whether the socket peer itself is a trusted proxy (only then are its X-Forwarded-* headers read). */
export function peerIsTrusted(socketAddress: string, trust: TrustProxy) {
  return isTrusted(trust, plainAddress(socketAddress), 0);
}
