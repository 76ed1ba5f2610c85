import { lookup } from 'node:dns/promises';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import type { WebhookTransport } from '../ports';

/**
 * The network for webhooks: DNS, then a POST whose connection goes to the very address that was resolved
 * and checked (the socket's lookup is pinned), so a second resolution cannot point it elsewhere.
 */
export class NodeWebhookTransport implements WebhookTransport {
  async resolve(hostname: string): Promise<string[]> {
    const found = await lookup(hostname, { all: true, verbatim: true });
    return found.map((entry) => entry.address);
  }

  post(input: {
    url: URL;
    address: string;
    headers: Record<string, string>;
    body: string;
    timeoutMs: number;
  }): Promise<number> {
    const pinned: LookupFunction = (_host, options, done) => {
      const family = isIP(input.address);
      if ((options as { all?: boolean }).all) {
        (done as unknown as (e: null, a: Array<{ address: string; family: number }>) => void)(null, [
          { address: input.address, family },
        ]);
      } else {
        done(null, input.address, family);
      }
    };
    const send = input.url.protocol === 'https:' ? httpsRequest : httpRequest;
    return new Promise((resolve, reject) => {
      const request = send(
        input.url,
        {
          method: 'POST',
          headers: { ...input.headers, 'content-length': Buffer.byteLength(input.body) },
          lookup: pinned,
          timeout: input.timeoutMs,
        },
        (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        },
      );
      const timer = setTimeout(() => request.destroy(new Error('timed out')), input.timeoutMs);
      request.on('close', () => clearTimeout(timer));
      request.on('timeout', () => request.destroy(new Error('timed out')));
      request.on('error', reject);
      request.end(input.body);
    });
  }
}
