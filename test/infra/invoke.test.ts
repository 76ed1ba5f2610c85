import { spawnSync } from 'node:child_process';
import { newEntity } from '../support/fixtures';
import { onFileTable, ROOT } from '../support/processes';

/**
 * Issue 61, point 8: `npm run invoke -- <METHOD> <path> [event.json]` runs one route's handler with its
 * sample event (events/) on the local store and prints the answer, offline and without Docker. Run as a
 * user runs it (npm), on this run's DynamoDB Local (LOCAL_DB its address) and this file's table.
 */
const invoke = (args: string[], env: Record<string, string> = {}) => {
  const run = spawnSync('npm', ['run', '-s', 'invoke', '--', ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, ...onFileTable(), DYNAMODB_ENDPOINT: '', ...env },
  });
  let answer: { statusCode?: number; body?: Record<string, unknown> } = {};
  try {
    answer = JSON.parse(run.stdout);
  } catch {
    // No answer printed (a usage mistake): the exit code and the error output tell.
  }
  return { code: run.status, answer, err: run.stderr };
};

it('answers GET /api/health with its sample event, from the local store', () => {
  const { code, answer, err } = invoke(['GET', '/api/health']);
  expect([code, answer.statusCode]).toEqual([0, 200]);
  expect(answer.body?.data).toEqual(expect.objectContaining({ status: 'ok', database: 'connected' }));
  expect(err).toContain('functions/v1/info/get-health.ts');
}, 120_000);

it('takes an entity’s token for the samples’ placeholder, and the path’s own parameters', async () => {
  const entity = await newEntity();
  const { code, answer } = invoke(['GET', '/api/v2/calendar-slots?date=2030-01-07'], {
    ACCESS_TOKEN: entity.v2_token,
  });
  expect([code, answer.statusCode, answer.body?.success]).toEqual([0, 200, true]);
  // The placeholder as it is: the handler's own 401.
  expect(invoke(['GET', '/api/v2/calendar-slots']).answer.statusCode).toBe(401);
}, 120_000);

it('answers a path no route serves as the API does (404), and a usage mistake with exit 2', () => {
  expect(invoke(['GET', '/api/v2/nothing-here']).answer.statusCode).toBe(404);
  const wrong = invoke(['GET']);
  expect(wrong.code).toBe(2);
  expect(wrong.err).toContain('usage: npm run invoke');
}, 120_000);
