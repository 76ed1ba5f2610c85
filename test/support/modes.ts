import { type Caller, startHttp, viaHandler } from './api';

/**
 * The same cases run twice: through the Lambda handler with an API Gateway event, and over HTTP
 * against the local server. `forEachMode` declares one describe block per mode.
 */
export function forEachMode(title: string, body: (call: () => Caller) => void): void {
  describe.each(['handler', 'http'] as const)(`${title} (%s)`, (mode) => {
    let caller: Caller = viaHandler;
    let close: (() => Promise<void>) | undefined;
    beforeAll(async () => {
      if (mode === 'http') {
        const http = await startHttp();
        caller = http.call;
        close = http.close;
      }
    });
    afterAll(async () => {
      await close?.();
    });
    body(() => caller);
  });
}
