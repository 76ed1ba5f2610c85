import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../../shared/config';
import * as keys from '../../shared/db/keys';
import { documentClient } from '../../shared/wiring';
import { type Answer, viaHandler } from '../support/api';
import { newEntity } from '../support/fixtures';

/**
 * An entity's caps hold when creations come at once (issue 58, point 5): webhooks, publishable keys,
 * services and calendars are each counted in the transaction that creates one, so parallel requests make
 * exactly the cap, and the others answer 4xx with the cap's message. To stay fast, an entity is filled to
 * three below the cap one request at a time, then six come at once.
 */
type Entity = Awaited<ReturnType<typeof newEntity>>;
const v2 = (entity: Entity, method: string, path: string, body?: unknown) =>
  viaHandler(method, `/api/v2${path}`, { headers: entity.v2, ...(body === undefined ? {} : { body }) });

/** Each answer is 200, or the cap's refusal (status, message, code); returns how many were 200. */
function created(answers: Answer[], status: number, message: RegExp): number {
  for (const refused of answers.filter((a) => a.status !== 200)) {
    expect(refused.status).toBe(status);
    expect(refused.json).toEqual({
      success: false,
      data: [],
      message: expect.stringMatching(message),
      code: 'INVALID_PARAMETER',
    });
  }
  return answers.filter((a) => a.status === 200).length;
}

/** `count` creations one at a time (all 200), then `together` at once. */
async function fillThenRace(make: () => Promise<Answer>, count: number, together: number): Promise<Answer[]> {
  for (let i = 0; i < count; i++) expect((await make()).status).toBe(200);
  return Promise.all(Array.from({ length: together }, make));
}

const WEBHOOK_CAP = /^url: at most 20 webhooks per account$/;
const hook = (entity: Entity, n: number) => () =>
  v2(entity, 'POST', '/webhooks', { url: `http://127.0.0.1:9/hook-${n}-${Math.random()}` });

describe('caps exact under concurrency', () => {
  it('24 webhook subscriptions asked at once make 20; the others are 400', async () => {
    const entity = await newEntity();
    const answers = await Promise.all(Array.from({ length: 24 }, (_, n) => hook(entity, n)()));
    expect(created(answers, 400, WEBHOOK_CAP)).toBe(20);
    expect((await v2(entity, 'GET', '/webhooks')).json.data).toHaveLength(20);
    // A removal frees a place, and one only.
    const [first] = (await v2(entity, 'GET', '/webhooks')).json.data as Array<{ id: string }>;
    expect((await v2(entity, 'POST', '/webhooks/delete', { id: first?.id })).status).toBe(200);
    const again = await Promise.all(Array.from({ length: 3 }, (_, n) => hook(entity, n)()));
    expect(created(again, 400, WEBHOOK_CAP)).toBe(1);
  });

  it('subscriptions made before the count was kept are counted once, even when the next come at once', async () => {
    const entity = await newEntity();
    for (let n = 0; n < 3; n++) expect((await hook(entity, n)()).status).toBe(200);
    await documentClient().send(
      new DeleteCommand({ TableName: config.tableName, Key: keys.webhookCount(entity.entity_account_id) }),
    );
    const answers = await Promise.all(Array.from({ length: 24 }, (_, n) => hook(entity, n)()));
    expect(created(answers, 400, WEBHOOK_CAP)).toBe(17);
    expect((await v2(entity, 'GET', '/webhooks')).json.data).toHaveLength(20);
  });

  it('publishable keys: 17, then 6 at once, make 20; the others are 409', async () => {
    const entity = await newEntity();
    const make = () =>
      v2(entity, 'POST', '/keys', { name: 'k', allowed_origins: ['https://www.example.fr'] });
    const answers = await fillThenRace(make, 17, 6);
    expect(created(answers, 409, /^an entity has at most 20 publishable keys$/)).toBe(3);
    expect((await v2(entity, 'GET', '/keys')).json.data).toHaveLength(20);
  });

  it('services: 197, then 6 at once, make 200; the others are 409', async () => {
    const entity = await newEntity();
    const make = () => v2(entity, 'POST', '/services', { name: 'Cut', duration: 30 });
    const answers = await fillThenRace(make, 197, 6);
    expect(created(answers, 409, /^an entity has at most 200 services$/)).toBe(3);
    expect((await v2(entity, 'GET', '/services')).json.data).toHaveLength(200);
  });

  it('calendars: the default one and 96 more, then 6 at once, make 100; the others are 409', async () => {
    const entity = await newEntity();
    const make = () => v2(entity, 'POST', '/calendars', { name: 'Room' });
    const answers = await fillThenRace(make, 96, 6);
    expect(created(answers, 409, /^an entity has at most 100 calendars$/)).toBe(3);
    expect((await v2(entity, 'GET', '/calendars')).json.data).toHaveLength(100);
  });
});
