import type { SQSEvent } from 'aws-lambda';
import { handler as entityHandler } from '../../../../functions/scheduled/open-days-entity';
import { addDays, todayIn } from '../../../../shared/core/dates';
import type { OpenDaysJob } from '../../../../shared/features/schedule/ports';
import { openDaysOfAll, services } from '../../../../shared/wiring';
import { viaHandler } from '../../../support/api';
import { ALWAYS_OPEN, newEntity } from '../../../support/fixtures';

/**
 * Open days are fair (docs/design/data-model.md#open-days-what-a-run-costs): the scheduled run queues one job
 * per entity, and each job is that entity's run alone, so one entity's failure is its message's alone.
 */
type Entity = Awaited<ReturnType<typeof newEntity>>;
const message = (messageId: string, job: OpenDaysJob) => ({ messageId, body: JSON.stringify(job) });
const sqsEvent = (records: Array<{ messageId: string; body: string }>) => ({ Records: records }) as SQSEvent;

describe('open days, one job per entity', () => {
  let first: Entity;
  let second: Entity;
  beforeAll(async () => {
    first = await newEntity({ hours: ALWAYS_OPEN });
    second = await newEntity({ hours: ALWAYS_OPEN });
    for (const entity of [first, second])
      expect(
        (
          await viaHandler('POST', '/api/v2/settings', {
            headers: entity.v2,
            body: { open_days_ahead: 3 },
          })
        ).status,
      ).toBe(200);
  });

  it('the scheduled run queues one job per entity of the directory, and runs none itself', async () => {
    const jobs: OpenDaysJob[] = [];
    const fanOut = await openDaysOfAll({ enqueue: async (job) => void jobs.push(job) });
    for (const entity of [first, second]) {
      const id = entity.entity_account_id;
      expect(jobs.filter((job) => job.entityId === id)).toEqual([{ entityId: id, after: null }]);
      expect(fanOut.queued).toContain(id);
    }
    expect(fanOut.failed).toEqual([]);
    // Nothing was opened yet: the jobs do that.
    const entries = await services().repos.openDays.list();
    for (const entity of [first, second])
      expect(entries.find((e) => e.entityId === entity.entity_account_id)?.openedThrough).toBeNull();
  });

  it("runs each job on its own: one entity's failure fails its message alone", async () => {
    // A job whose run fails in the store (a key longer than DynamoDB allows), between two good ones.
    const broken = { entityId: 'x'.repeat(3000), after: null };
    const answer = await entityHandler(
      sqsEvent([
        message('first', { entityId: first.entity_account_id, after: null }),
        message('broken', broken),
        message('second', { entityId: second.entity_account_id, after: null }),
      ]),
    );
    expect(answer).toEqual({ batchItemFailures: [{ itemIdentifier: 'broken' }] });
    const entries = await services().repos.openDays.list();
    for (const entity of [first, second]) {
      expect(entries.find((e) => e.entityId === entity.entity_account_id)?.openedThrough).not.toBeNull();
      const today = todayIn('Europe/Paris');
      const slots = await viaHandler('GET', `/api/v2/calendar-slots?from=${today}&to=${addDays(today, 2)}`, {
        headers: entity.v2,
      });
      expect((slots.json.data as unknown[]).length).toBeGreaterThan(0);
    }
    // A message that is not a job fails alone too.
    expect(await entityHandler(sqsEvent([{ messageId: 'junk', body: '{' }]))).toEqual({
      batchItemFailures: [{ itemIdentifier: 'junk' }],
    });
  });
});
