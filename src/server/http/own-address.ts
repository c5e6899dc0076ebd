import { BlockList, isIP } from 'node:net';

/** Loopback and private ranges: where a call centre's own PC and LAN live. */
const localNetworks = new BlockList();
for (const [network, prefix] of [
  ['127.0.0.0', 8],
  ['10.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['169.254.0.0', 16],
] as const) {
  localNetworks.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const) {
  localNetworks.addSubnet(network, prefix, 'ipv6');
}

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** Whether `address` (as a socket gives it) is this machine's loopback, IPv4-mapped or not. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const unmapped = address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
  const family = isIP(unmapped);
  if (family === 0) return false;
  return loopback.check(unmapped, family === 4 ? 'ipv4' : 'ipv6');
}

/** Whether `hostname` (as in a URL, IPv6 in brackets) is `localhost` or a local IP address. */
export function isLocalHostname(hostname: string): boolean {
  if (hostname === 'localhost') return true;
  const address = hostname.replace(/^\[(.*)\]$/, '$1');
  const family = isIP(address);
  if (family === 0) return false;
  return localNetworks.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * Whether `origin` is the request's own address: the same scheme and Host, where the Host is
 * `localhost` or a loopback or private IP literal. That is the page a LAN visitor opened by
 * the server's address (http://192.168.0.10:3000), so its requests are same-site. A host
 * *name* never passes here, even when Origin matches it: a name can be made to point at the
 * LAN by DNS rebinding, so names are trusted only when configured (APP_URL, TRUSTED_ORIGINS).
 */
export function isOwnAddressOrigin(origin: string, request: { protocol: string; host: string }) {
  if (origin !== `${request.protocol}://${request.host}`) return false;
  try {
    return isLocalHostname(new URL(origin).hostname);
  } catch {
    return false;
  }
}
