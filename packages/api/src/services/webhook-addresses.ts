/**
 * Where a webhook may point (docs/api.md#webhooks): only at public addresses, so that an admin's
 * URL (or a DNS record changed later) cannot make the server POST into its own network
 * (server-side request forgery). A URL's host is resolved (every address, IPv4 and IPv6)
 * when the webhook is saved and again before every delivery, and the delivery connects to
 * the address that was checked (no second look-up an attacker could answer differently:
 * DNS rebinding). `WEBHOOK_ALLOW_PRIVATE=true` lifts the rule (a receiver on the LAN, tests).
 */
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

import {
  WEBHOOK_URL_PUBLIC_MESSAGE,
  WEBHOOK_URL_SCHEME_MESSAGE,
  WEBHOOK_URL_UNRESOLVED_MESSAGE,
} from '@gatehouse/shared';

import { httpError } from '../errors';

/** One resolved address of a host. */
export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to all its addresses (`dns.lookup` with `all: true`); tests may pass their own. */
export type HostResolver = (hostname: string) => Promise<ResolvedAddress[]>;

/** The system resolver (what every other program on the machine would connect to). */
export const systemResolver: HostResolver = async (hostname) => {
  const addresses = await lookup(hostname, { all: true, verbatim: true });
  return addresses.map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));
};

/**
 * IPv4 addresses that are not public: "this network", private, shared (CGNAT), loopback,
 * link-local, IETF, documentation, benchmarking, multicast, reserved and broadcast.
 */
const NON_PUBLIC_IPV4 = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // shared address space (carrier-grade NAT)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata services live here)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and 255.255.255.255 (broadcast)
] as const) {
  NON_PUBLIC_IPV4.addSubnet(network, prefix, 'ipv4');
}

/**
 * IPv6 addresses that are not public, or that reach an IPv4 address by a route we cannot
 * judge: IPv4-compatible (`::/96`, deprecated, includes `::` and `::1`), IPv4-translated
 * (`::ffff:0:0:0/96`, SIIT), local-use NAT64 (`64:ff9b:1::/48`, the operator's own
 * network), Teredo (`2001::/32`, the IPv4 part obscured), and the usual ranges.
 */
const NON_PUBLIC_IPV6 = new BlockList();
for (const [network, prefix] of [
  ['::', 96], // IPv4-compatible, with unspecified (::) and loopback (::1)
  ['::ffff:0:0:0', 96], // IPv4-translated
  ['64:ff9b:1::', 48], // NAT64, local use
  ['100::', 64], // discard
  ['2001::', 32], // Teredo
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique-local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const) {
  NON_PUBLIC_IPV6.addSubnet(network, prefix, 'ipv6');
}

/** A subnet of one IPv6 prefix. */
function ipv6Subnet(network: string, prefix: number): BlockList {
  const list = new BlockList();
  list.addSubnet(network, prefix, 'ipv6');
  return list;
}

/**
 * IPv6 ranges that carry an IPv4 address, and where (the byte offset in the address): the
 * address is as public as that IPv4 address, since that is where packets end up.
 */
const EMBEDDING_IPV4: readonly { range: BlockList; offset: number }[] = [
  { range: ipv6Subnet('::ffff:0:0', 96), offset: 12 }, // IPv4-mapped
  { range: ipv6Subnet('64:ff9b::', 96), offset: 12 }, // NAT64, well-known prefix
  { range: ipv6Subnet('2002::', 16), offset: 2 }, // 6to4
];

/** The 16 bytes of an IPv6 literal (`isIP(address) === 6`, no brackets or zone). */
function ipv6Bytes(address: string): Uint8Array {
  let text = address.toLowerCase();
  // A trailing dotted IPv4 part (`::ffff:1.2.3.4`) is the last two groups.
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const groupsOf = (part: string | undefined) => (part ? part.split(':').map((group) => parseInt(group, 16)) : []);
  const before = groupsOf(head);
  const after = groupsOf(tail);
  const groups = tail === undefined ? before : [...before, ...Array<number>(8 - before.length - after.length).fill(0), ...after];
  const bytes = new Uint8Array(16);
  groups.forEach((group, index) => {
    bytes[2 * index] = group >> 8;
    bytes[2 * index + 1] = group & 0xff;
  });
  return bytes;
}

/** The IPv4 address an IPv6 address carries (mapped, NAT64 or 6to4; see `EMBEDDING_IPV4`), else null. */
function embeddedIpv4(address: string): string | null {
  const embedding = EMBEDDING_IPV4.find(({ range }) => range.check(address, 'ipv6'));
  if (!embedding) return null;
  return [...ipv6Bytes(address).subarray(embedding.offset, embedding.offset + 4)].join('.');
}

/**
 * Whether `address` (an IPv4 or IPv6 literal, brackets and zone allowed) is loopback,
 * private, link-local, unique-local, unspecified or otherwise not a public internet
 * address; an IPv6 address carrying an IPv4 one (mapped, NAT64, 6to4) is judged by it.
 * Anything that is not an IP address counts as not public.
 */
export function isNonPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 4) return NON_PUBLIC_IPV4.check(bare, 'ipv4');
  if (family === 6) {
    const inner = embeddedIpv4(bare);
    if (inner !== null) return NON_PUBLIC_IPV4.check(inner, 'ipv4');
    return NON_PUBLIC_IPV6.check(bare, 'ipv6');
  }
  return true;
}

/**
 * Why a URL was refused: the documented message (docs/api.md#webhooks), for a 400 or a delivery's
 * `lastError`.
 */
export class WebhookAddressError extends Error {
  override name = 'WebhookAddressError';
}

/**
 * Resolves `url`'s host and checks it (docs/api.md#webhooks): the scheme must be http or https,
 * and unless `allowPrivate`, every address the host resolves to must be public. Returns the
 * addresses (an IP literal is its own). Throws `WebhookAddressError` with `Webhook URL must
 * use http or https`, `Webhook URL must be a public address` or `Webhook URL host could
 * not be resolved`.
 */
export async function resolveWebhookUrl(
  url: string,
  options: { allowPrivate: boolean; resolver?: HostResolver },
): Promise<ResolvedAddress[]> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new WebhookAddressError(WEBHOOK_URL_SCHEME_MESSAGE);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new WebhookAddressError(WEBHOOK_URL_SCHEME_MESSAGE);
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  const literal = isIP(host);
  let addresses: ResolvedAddress[];
  if (literal) addresses = [{ address: host, family: literal === 6 ? 6 : 4 }];
  else {
    try {
      addresses = await (options.resolver ?? systemResolver)(host);
    } catch {
      throw new WebhookAddressError(WEBHOOK_URL_UNRESOLVED_MESSAGE);
    }
    if (addresses.length === 0) throw new WebhookAddressError(WEBHOOK_URL_UNRESOLVED_MESSAGE);
  }
  if (!options.allowPrivate && addresses.some(({ address }) => isNonPublicAddress(address))) {
    throw new WebhookAddressError(WEBHOOK_URL_PUBLIC_MESSAGE);
  }
  return addresses;
}

/**
 * `resolveWebhookUrl` for a request: a refusal is 400 VALIDATION_FAILED on `url` with the
 * spec's words (docs/api.md#webhooks).
 */
export async function assertWebhookUrlAllowed(url: string, options: { allowPrivate: boolean; resolver?: HostResolver }): Promise<void> {
  try {
    await resolveWebhookUrl(url, options);
  } catch (error) {
    if (error instanceof WebhookAddressError) throw httpError(400, error.message, { field: 'url' });
    throw error;
  }
}
