import net from 'node:net';

/**
 * The key that groups sign-in attempts by origin: the IPv4 address, or the /64 prefix of an
 * IPv6 address, since one IPv6 host usually owns the whole /64.
 */
export function addressGroup(ip: string): string {
  const mapped = ip.match(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i);
  if (mapped?.[1]) return mapped[1];
  if (net.isIPv6(ip)) return `${expandIpv6(ip).slice(0, 4).join(':')}::/64`;
  return ip;
}

function expandIpv6(ip: string): string[] {
  const [head = '', tail = ''] = ip.split('::');
  const headParts = head ? head.split(':') : [];
  const tailParts = tail ? tail.split(':') : [];
  const missing = ip.includes('::') ? 8 - headParts.length - tailParts.length : 0;
  return [...headParts, ...Array<string>(missing).fill('0'), ...tailParts].map((part) =>
    Number.parseInt(part || '0', 16).toString(16),
  );
}
