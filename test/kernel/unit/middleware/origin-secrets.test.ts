import { ORIGIN_HEADER, originAllowed } from '../../../../shared/http/middleware/origin-check';
import { originSecretReader, type SecretVersionStage } from '../../../../shared/http/origin-secrets';

/**
 * The origin secret as deployed functions read it (issue 61, point 4): the current and previous versions
 * from Secrets Manager, kept for a while, both accepted during a rotation. The reads are the test's own
 * versions of GetSecretValue (a version store in memory, rotated like put-secret-value does).
 */
const store = () => {
  const versions: string[] = ['first-value'];
  let reads = 0;
  let failing = false;
  return {
    rotate: (value: string) => versions.push(value),
    fail: (on: boolean) => {
      failing = on;
    },
    reads: () => reads,
    read: async (stage: SecretVersionStage) => {
      reads += 1;
      if (failing) throw new Error('Secrets Manager unreachable');
      return stage === 'AWSCURRENT' ? versions.at(-1) : versions.at(-2);
    },
  };
};

describe('originSecretReader', () => {
  it('reads once per TTL, then again: a rotation reaches an instance within the TTL', async () => {
    let now = 0;
    const secrets = store();
    const values = originSecretReader({ read: secrets.read, ttlMs: 300_000, now: () => now });
    expect(await values()).toEqual(['first-value']);
    await values();
    expect(secrets.reads()).toBe(2); // current and previous, once
    secrets.rotate('second-value');
    now = 299_999;
    expect(await values()).toEqual(['first-value']);
    now = 300_000;
    expect(await values()).toEqual(['second-value', 'first-value']);
  });

  it('accepts the current and the previous value during a rotation, nothing else', async () => {
    const secrets = store();
    secrets.rotate('second-value');
    const values = await originSecretReader({ read: secrets.read, ttlMs: 1 })();
    expect(originAllowed({ [ORIGIN_HEADER]: 'first-value' }, values)).toBe(true);
    expect(originAllowed({ [ORIGIN_HEADER]: 'second-value' }, values)).toBe(true);
    expect(originAllowed({ [ORIGIN_HEADER]: 'third-value' }, values)).toBe(false);
    expect(originAllowed({}, values)).toBe(false);
  });

  it('keeps the values read when a later read fails; with none read yet, it fails (no request let through)', async () => {
    let now = 0;
    const secrets = store();
    const values = originSecretReader({ read: secrets.read, ttlMs: 10, now: () => now });
    secrets.fail(true);
    await expect(values()).rejects.toThrow(/unreachable/);
    secrets.fail(false);
    expect(await values()).toEqual(['first-value']);
    secrets.fail(true);
    now = 20;
    expect(await values()).toEqual(['first-value']);
  });

  it('makes one read for requests that come together', async () => {
    const secrets = store();
    const values = originSecretReader({ read: secrets.read, ttlMs: 1_000 });
    await Promise.all([values(), values(), values()]);
    expect(secrets.reads()).toBe(2);
  });
});
