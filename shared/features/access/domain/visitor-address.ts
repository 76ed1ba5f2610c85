/**
 * Who a visitor is (docs/CONTRACT.md#limits): the viewer's address, one per IPv4 address and one per IPv6
 * /64. Behind the edge (a request that carried the stage's origin secret) it is the address CloudFront
 * names in `CloudFront-Viewer-Address`; otherwise, or when that header is absent or malformed, the address
 * the connection came from. Pure: strings in, a string out.
 */
import { isIP } from 'node:net';

/** The header CloudFront adds with the viewer's address and port (`198.51.100.7:46532`, `2001:db8::1:46532`). */
export const VIEWER_ADDRESS_HEADER = 'cloudfront-viewer-address';

/**
 * The address in a `CloudFront-Viewer-Address` value: `ip:port`, the port after the last colon, an IPv6
 * address without brackets (brackets are taken off all the same); undefined when it is not one.
 */
export function viewerAddressOf(header: string | undefined): string | undefined {
  const value = header?.trim() ?? '';
  const colon = value.lastIndexOf(':');
  if (colon <= 0 || !/^\d{1,5}$/.test(value.slice(colon + 1))) return undefined;
  const address = value.slice(0, colon).replace(/^\[(.*)\]$/, '$1');
  return isIP(address) ? address : undefined;
}

/** The eight 16-bit groups of an IPv6 address (an embedded IPv4 tail counts as two). */
function groupsOf(address: string): number[] {
  const [head = '', tail] = address.split('::');
  const part = (text: string): number[] =>
    text === ''
      ? []
      : text.split(':').flatMap((group) => {
          if (!group.includes('.')) return [Number.parseInt(group, 16)];
          const [a = 0, b = 0, c = 0, d = 0] = group.split('.').map(Number);
          return [a * 256 + b, c * 256 + d];
        });
  const left = part(head);
  const right = tail === undefined ? [] : part(tail);
  return [...left, ...Array(8 - left.length - right.length).fill(0), ...right];
}

/**
 * The visitor an address stands for: an IPv4 address itself (an IPv4-mapped IPv6 one as IPv4), an IPv6
 * address's /64 (`2001:db8:0:1::/64`, lower-case, the same however the address was written); anything
 * else as given.
 */
export function visitorOf(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped && isIP(mapped) === 4) return mapped;
  if (isIP(address) !== 6) return address;
  const prefix = groupsOf(address.toLowerCase()).slice(0, 4);
  return `${prefix.map((group) => group.toString(16)).join(':')}::/64`;
}

/**
 * The visitor of a request: behind the edge (`throughEdge`, the origin secret checked) the viewer CloudFront
 * names, else the connection's source address.
 */
export function requestVisitor(request: {
  sourceIp: string | undefined;
  viewerHeader: string | undefined;
  throughEdge: boolean;
}): string {
  const viewer = request.throughEdge ? viewerAddressOf(request.viewerHeader) : undefined;
  return visitorOf(viewer ?? (request.sourceIp || 'unknown'));
}
