import { isIP } from 'node:net';
import type { WebhookTransport } from '../ports';

/**
 * The addresses a webhook URL's host stands for: an IP literal is its own, a name is resolved (checked at
 * subscription and again at every delivery). `addresses` is null when the name does not resolve.
 */
export async function addressesOf(
  url: URL,
  transport: Pick<WebhookTransport, 'resolve'>,
): Promise<{ host: string; addresses: string[] | null }> {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (isIP(host)) return { host, addresses: [host] };
  try {
    return { host, addresses: await transport.resolve(host) };
  } catch {
    return { host, addresses: null };
  }
}
