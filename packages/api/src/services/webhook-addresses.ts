/**
 * Where a webhook may point (integrations §3): only at public addresses, so that an admin's
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
 * Addresses that are not public: unspecified, loopback, private, shared (CGNAT), link-local,
 * unique-local, multicast, reserved and documentation ranges, IPv4 and IPv6. IPv4 addresses
 * mapped or translated into IPv6 are judged by their IPv4 part (`isNonPublicAddress`).
 */
const NON_PUBLIC = new BlockList();
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
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  NON_PUBLIC.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique-local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const) {
  NON_PUBLIC.addSubnet(network, prefix, 'ipv6');
}

/** The IPv4 address inside an IPv4-mapped (`::ffff:a.b.c.d`), -compatible (`::a.b.c.d`) or NAT64 (`64:ff9b::/96`) IPv6 address, else null. */
function embeddedIpv4(address: string): string | null {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|::|64:ff9b::)(\d{1,3}(?:\.\d{1,3}){3})$/.exec(lower);
  if (dotted) return dotted[1]!;
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (hex) {
    const high = parseInt(hex[1]!, 16);
    const low = parseInt(hex[2]!, 16);
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
  }
  return null;
}

/**
 * Whether `address` (an IPv4 or IPv6 literal) is loopback, private, link-local,
 * unique-local, unspecified or otherwise not a public internet address. Anything that is
 * not an IP address counts as not public.
 */
export function isNonPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 4) return NON_PUBLIC.check(bare, 'ipv4');
  if (family === 6) {
    const inner = embeddedIpv4(bare);
    if (inner !== null) return isIP(inner) !== 4 || NON_PUBLIC.check(inner, 'ipv4');
    return NON_PUBLIC.check(bare, 'ipv6');
  }
  return true;
}

/** Why a URL was refused: the spec's message, for a 400 or a delivery's `lastError`. */
export class WebhookAddressError extends Error {
  override name = 'WebhookAddressError';
}

/**
 * Resolves `url`'s host and checks it (integrations §3): the scheme must be http or https,
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
 * spec's words (integrations §3).
 */
export async function assertWebhookUrlAllowed(url: string, options: { allowPrivate: boolean; resolver?: HostResolver }): Promise<void> {
  try {
    await resolveWebhookUrl(url, options);
  } catch (error) {
    if (error instanceof WebhookAddressError) throw httpError(400, error.message, { field: 'url' });
    throw error;
  }
}
