import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..', '..', '..');

/**
 * Runs `script` in a fresh Node process (as a function, which loads zod's `mini` flavour only) and gives
 * what it printed last, parsed; with whether the process loaded zod's classic flavour.
 */
function inFreshProcess(script: string): { answer: unknown; classic: boolean } {
  const out = execFileSync(
    process.execPath,
    [
      '--require',
      'tsx/cjs',
      '-e',
      `const answer = (() => { ${script} })(); process.stdout.write('\\n@@' + JSON.stringify({ answer, classic: Object.keys(require.cache).some((p) => /zod[\\/]v4[\\/]classic/.test(p)) }) + '\\n');`,
    ],
    {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        LOG_LEVEL: 'silent',
        AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      },
      encoding: 'utf8',
    },
  );
  const line = [...out.matchAll(/^@@(.*)$/gm)].at(-1)?.[1] ?? 'null';
  return JSON.parse(line) as { answer: unknown; classic: boolean };
}

// zod's `mini` flavour sets no language for its own messages; shared/core/zod-locale.ts sets English
// wherever answers quote them. Run apart: in this process, another file's classic schema would set it.
describe("zod's own messages without its classic flavour", () => {
  it('a settings change out of bounds is refused in English', () => {
    const { answer, classic } = inFreshProcess(
      "const { settingsPatchSchema } = require('./shared/features/settings/domain/entity'); return settingsPatchSchema().safeParse({ slot_duration: 2, max_appointments: 'x' }).error.issues.map((i) => i.path.join('.') + ': ' + i.message);",
    );
    expect(classic).toBe(false);
    expect(answer).toEqual([
      'slot_duration: Too small: expected number to be >=5',
      'max_appointments: Invalid input: expected number, received string',
    ]);
  });

  it("a route's validation gives them in English too", () => {
    const { answer, classic } = inFreshProcess(
      "require('./shared/http/middleware/validation').validation({}); const z = require('zod/mini'); return z.safeParse(z.object({ n: z.number().check(z.lte(3)) }), { n: 4 }).error.issues[0].message;",
    );
    expect(classic).toBe(false);
    expect(answer).toBe('Too big: expected number to be <=3');
  });
});
