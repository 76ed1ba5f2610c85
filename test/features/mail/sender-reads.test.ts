import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import { appointment as appointmentKey } from '../../../shared/db/keys';
import type { MailJob } from '../../../shared/features/mail/domain/notifications';
import type { MailMessage } from '../../../shared/features/mail/ports';
import { documentClient, eventPipeline, mailPipeline } from '../../../shared/wiring';
import { mailBatch } from '../../../shared/wiring/change-reads';
import { viaHandler } from '../../support/api';
import { futureWorkingDate, mobile, newEntity } from '../../support/fixtures';

/**
 * Issue 57, point 2: what the mail sender reads of the entity. One change's e-mails (the client's
 * confirmation and the business's notices) arrive together in one batch of the mail queue: its entity item
 * and settings are read once for the batch, eventually consistent (a name, a time zone, an address a
 * second old harm no e-mail); outside a batch, each e-mail reads them. Each e-mail is sent once.
 */
const gets: Array<{ sk: string; consistent: boolean | undefined }> = [];
const RECORDER = 'senderReadsRecorder';
beforeAll(() => {
  documentClient().middlewareStack.add(
    (next, context) => async (args) => {
      const input = args.input as { Key?: { sk?: string }; ConsistentRead?: boolean };
      if (context.commandName === 'GetItemCommand')
        gets.push({ sk: String(input.Key?.sk), consistent: input.ConsistentRead });
      return next(args);
    },
    { step: 'initialize', name: RECORDER },
  );
});
afterAll(() => {
  documentClient().middlewareStack.remove(RECORDER);
});

it('reads the entity and its settings once a batch of e-mails, eventually consistent; each e-mail goes once', async () => {
  const entity = await newEntity();
  const v2 = (method: string, path: string, body?: unknown) =>
    viaHandler(method, `/api/v2${path}`, { headers: entity.v2, ...(body !== undefined ? { body } : {}) });
  const notify = ['owner@salon.example', 'desk@salon.example'];
  expect((await v2('POST', '/settings', { notify_emails: notify })).status).toBe(200);
  const slots = await v2('POST', '/calendar-slots/generate', {
    date: futureWorkingDate(20),
    max_appointments: 2,
  });
  const booked = await v2('POST', '/appointments', {
    client_name: 'Ada Lovelace',
    client_phone: mobile(1),
    client_email: 'ada@example.com',
    slot_id: slots.json.data[0].id,
  });
  expect(booked.status).toBe(200);
  const key = appointmentKey(entity.entity_account_id, booked.json.data.id as number);
  const item = (await documentClient().send(new GetCommand({ TableName: process.env.TABLE_NAME, Key: key })))
    .Item as Record<string, unknown>;

  // The change's e-mails, as the dispatcher queues them.
  const jobs: MailJob[] = [];
  const messages: MailMessage[] = [];
  const pipeline = mailPipeline({
    queue: {
      maxDelaySeconds: 900,
      enqueue: async (job: MailJob) => {
        jobs.push(job);
      },
      park: async () => {},
    },
    reminders: { schedule: async () => undefined, cancel: async () => undefined },
    transport: {
      send: async (message) => {
        messages.push(message);
        return 'memory';
      },
    },
  });
  const events = eventPipeline(
    { maxDelaySeconds: 900, enqueue: async () => undefined, park: async () => undefined },
    { mail: pipeline.planner },
  );
  const record = {
    dynamodb: {
      ApproximateCreationDateTime: Math.floor(Date.now() / 1000),
      SequenceNumber: '1'.padStart(21, '0'),
      NewImage: marshall(item, { removeUndefinedValues: true }),
    },
  };
  expect((await events.dispatchRecords([record])).batchItemFailures).toEqual([]);
  expect(jobs).toHaveLength(3);

  // One batch of the mail queue: the entity and its settings read once, eventually consistent.
  gets.length = 0;
  const outcomes = await mailBatch.run(() => Promise.all(jobs.map((job) => pipeline.handle(job))));
  expect(outcomes).toEqual(['sent', 'sent', 'sent']);
  expect(messages.map((m) => m.to).sort()).toEqual([...notify, 'ada@example.com'].sort());
  const entityReads = gets.filter((g) => g.sk === 'ENTITY' || g.sk === 'SETTINGS');
  expect(entityReads.sort((a, b) => a.sk.localeCompare(b.sk))).toEqual([
    { sk: 'ENTITY', consistent: false },
    { sk: 'SETTINGS', consistent: false },
  ]);

  // The same jobs again, one at a time outside a batch: each reads the entity, and each finds its e-mail sent.
  gets.length = 0;
  for (const job of jobs) expect(await pipeline.handle(job)).toBe('duplicate');
  expect(gets.filter((g) => g.sk === 'ENTITY')).toHaveLength(3);
  expect(messages).toHaveLength(3);
}, 120_000);
