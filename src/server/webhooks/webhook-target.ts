import { lookup } from 'node:dns/promises';
import net from 'node:net';
import { webhookUrlProblem } from '../../core/webhooks.ts';

/**
 * Where a webhook may be sent. An endpoint's URL is chosen by an admin, but a webhook must not
 * become a way for a stolen admin session (or a careless one) to reach the server's own
 * network: the cloud metadata address, a database port, an internal admin page. So every
 * address the host resolves to is checked, at registration and again before each send, and the
 * connection goes to the very address checked (no second lookup a DNS rebinding could answer).
 */

const internal = new net.BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, the cloud metadata address among them
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  internal.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 96], // unspecified, loopback and the old IPv4-compatible forms
  ['100::', 64], // discard
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local, deprecated but still routed by some
  ['ff00::', 8], // multicast
] as const) {
  internal.addSubnet(network, prefix, 'ipv6');
}

/** The IPv4 address inside an IPv4-mapped (::ffff:a.b.c.d) or NAT64 (64:ff9b::) IPv6 one. */
function embeddedIpv4(address: string): string | null {
  // The URL parser writes every IPv6 form the same way: ::ffff:127.0.0.1 → ::ffff:7f00:1.
  const canonical = new URL(`http://[${address}]/`).hostname.slice(1, -1);
  const match = /^(?:::ffff|64:ff9b:):([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(canonical);
  if (!match) return null;
  const high = Number.parseInt(match[1] ?? '0', 16);
  const low = Number.parseInt(match[2] ?? '0', 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** Whether an address is loopback, private, link-local or otherwise not on the internet. */
export function isInternalAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return internal.check(address, 'ipv4');
  if (family !== 6) return true;
  const ipv4 = embeddedIpv4(address);
  if (ipv4 !== null) return internal.check(ipv4, 'ipv4');
  return internal.check(address, 'ipv6');
}

export interface ResolvedTarget {
  url: URL;
  /** The checked address the connection must go to. */
  address: string;
  family: 4 | 6;
}

/** A refusal, in words an admin can act on. */
export class WebhookTargetError extends Error {}

/** The host of a URL as the resolver wants it: `[::1]` is `::1`. */
const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

/**
 * Resolves a webhook URL to the address to connect to, refusing a URL that is not http(s), a
 * host that does not resolve, and, unless `allowInternal`, any host with an internal address
 * among its addresses (one internal answer is enough to refuse: the resolver may pick it).
 */
export async function resolveWebhookTarget(
  text: string,
  allowInternal: boolean,
): Promise<ResolvedTarget> {
  const problem = webhookUrlProblem(text);
  if (problem) throw new WebhookTargetError(problem);
  const url = new URL(text);
  const host = hostOf(url);
  let addresses: { address: string; family: number }[];
  if (net.isIP(host)) addresses = [{ address: host, family: net.isIP(host) }];
  else {
    try {
      addresses = await lookup(host, { all: true, verbatim: true });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? 'erro';
      throw new WebhookTargetError(`O endereço "${host}" não foi encontrado (${code}).`);
    }
  }
  const first = addresses[0];
  if (!first) throw new WebhookTargetError(`O endereço "${host}" não foi encontrado.`);
  if (!allowInternal) {
    const blocked = addresses.find((candidate) => isInternalAddress(candidate.address));
    if (blocked) {
      throw new WebhookTargetError(
        `O destino ${host} (${blocked.address}) está na rede interna (loopback, privada ou link-local). ` +
          'Destinos assim são recusados, a menos que um administrador os permita nas configurações de webhooks.',
      );
    }
  }
  return { url, address: first.address, family: first.family === 6 ? 6 : 4 };
}
