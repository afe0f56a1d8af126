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

const PRIVATE = new BlockList();
for (const name of ["loopback", "linklocal", "uniquelocal"]) {
  for (const subnet of NAMED_SUBNETS[name]) {
    const [address, bits] = subnet.split("/");
    PRIVATE.addSubnet(address, Number(bits), isIP(address) === 6 ? "ipv6" : "ipv4");
  }
}

/** A loopback, link-local or private-network address: where a proxy in front of the app sits. */
export function isPrivateAddress(address: string) {
  const plain = plainAddress(address);
  const family = isIP(plain);
  return family !== 0 && PRIVATE.check(plain, family === 6 ? "ipv6" : "ipv4");
}

function isTrusted(trust: TrustProxy, address: string, hopsWalked: number) {
  // A hop count names no proxy, so a peer on the public internet (someone reaching the app's port
  // directly) could write any X-Forwarded-For it liked: the first hop must at least be a private one.
  if ("hops" in trust) return hopsWalked < trust.hops && (hopsWalked > 0 || isPrivateAddress(address));
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

/** The eight 16-bit groups of an IPv6 address (a trailing dotted IPv4 part counts as two). */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase();
  const dotted = text.match(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number);
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split("::");
  const parse = (part: string | undefined) =>
    part ? part.split(":").map((group) => parseInt(group, 16)) : [];
  const left = parse(head);
  const right = parse(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/**
 * The address a per-address limit counts against. One IPv6 subscriber or host is normally given a
 * whole /64 and may use any address in it, so IPv6 clients are grouped by /64 ("2001:db8:1:2::/64");
 * an IPv4 address, also one written as IPv4-mapped IPv6 ("::ffff:203.0.113.9"), is itself.
 */
export function addressGroup(address: string): string {
  const plain = plainAddress(address).replace(/%.*$/, "");
  if (isIP(plain) !== 6) return plain;
  const groups = ipv6Groups(plain);
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    return [groups[6] >> 8, groups[6] & 255, groups[7] >> 8, groups[7] & 255].join(".");
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(":")}::/64`;
}
