import * as z from 'zod';
import { errorLine } from '../../../../shared/local/error-line';

/** What `npm start` and the admin CLI print of an error: one line (shared/local/error-line.ts). */
describe('errorLine', () => {
  it('gives a zod refusal as its first issue, the setting named, on one line', () => {
    const refused = z.object({ PORT: z.coerce.number().int(), HOST: z.string() }).safeParse({ PORT: 'abc' });
    expect(refused.success).toBe(false);
    expect(errorLine(refused.error)).toBe('PORT: Invalid input: expected number, received NaN');
  });

  it('gives any other error its message, and anything else as text', () => {
    expect(errorLine(new Error('no DynamoDB Local answers at http://127.0.0.1:9 (LOCAL_DB)'))).toBe(
      'no DynamoDB Local answers at http://127.0.0.1:9 (LOCAL_DB)',
    );
    expect(errorLine('stopped')).toBe('stopped');
  });
});
