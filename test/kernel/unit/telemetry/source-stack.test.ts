import { sourceStack, withSourceStack } from '../../../../shared/telemetry/source-stack';

describe('stacks mapped when logged (shared/telemetry/source-stack.ts)', () => {
  it('leaves frames of files with no map beside them as they are (the sources run as they are locally)', () => {
    const stack =
      'Error: x\n    at f (/no/such/place/index.js:1:2)\n    at /no/such/place/other.js:3:4\n    at [eval]:1:1';
    expect(sourceStack(stack)).toBe(stack);
  });

  it('gives back the same error, and anything that is not an error untouched', () => {
    const error = new Error('kept');
    expect(withSourceStack(error)).toBe(error);
    expect(error.stack).toContain('source-stack.test.ts');
    expect(withSourceStack('text')).toBe('text');
    expect(withSourceStack(undefined)).toBeUndefined();
  });
});
