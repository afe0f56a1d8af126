import { BlockList, isIP } from "node:net";

// Every range that is not the public internet: this host, private networks, carrier NAT,
// link-local (cloud metadata at 169.254.169.254), documentation, benchmarking, multicast, reserved.
const IPV4_BLOCKED: Array<[string, number]> = [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
];
// IPv6: unspecified, loopback, IPv4 translation and tunnels (which can carry a private IPv4),
// documentation, unique-local, link-local, site-local and multicast.
const IPV6_BLOCKED: Array<[string, number]> = [
  ["::", 128],
  ["::1", 128],
  ["::", 96],
  ["64:ff9b::", 96],
  ["64:ff9b:1::", 48],
  ["100::", 64],
  ["2001::", 23],
  ["2001:db8::", 32],
  ["2002::", 16],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
];

const blocked = new BlockList();
for (const [network, prefix] of IPV4_BLOCKED) blocked.addSubnet(network, prefix, "ipv4");
for (const [network, prefix] of IPV6_BLOCKED) blocked.addSubnet(network, prefix, "ipv6");

const MAPPED_IPV4 = /^::ffff:(?:0:)?(\d+\.\d+\.\d+\.\d+)$/i;
const MAPPED_IPV4_HEX = /^::ffff:(?:0:)?([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i;

/** The IPv4 address an IPv4-mapped IPv6 address stands for (::ffff:10.0.0.1 is 10.0.0.1). */
function unmapped(address: string): string | undefined {
  const dotted = MAPPED_IPV4.exec(address);
  if (dotted) return dotted[1];
  const hex = MAPPED_IPV4_HEX.exec(address);
  if (!hex) return undefined;
  const high = parseInt(hex[1], 16);
  const low = parseInt(hex[2], 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join(".");
}

/** True only for an IP address on the public internet; anything else (or not an address) is false. */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  const version = isIP(bare);
  if (version === 4) return !blocked.check(bare, "ipv4");
  if (version !== 6) return false;
  const mapped = unmapped(bare);
  if (mapped) return isPublicAddress(mapped);
  return !blocked.check(bare, "ipv6");
}
