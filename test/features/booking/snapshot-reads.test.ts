import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import * as keys from '../../../shared/db/keys';
import type { TableHandle } from '../../../shared/db/table-handle';
import { BookingSnapshotRepository } from '../../../shared/features/booking/store/booking-snapshot-repository';
import { table } from '../../../shared/wiring';
import { viaHandler } from '../../support/api';
import { ALWAYS_OPEN, futureWorkingDate, mobile, newEntity } from '../../support/fixtures';

/**
 * A booking's snapshot on DynamoDB Local (issue 57, point 1): the slot and the phone (or the remembered
 * phone's client) in one eventually consistent BatchGetItem, the calendar by its strong GetItem when no
 * memory of the entity's calendars is given; a phone's client remembered once found, and forgotten when
 * the client read under it no longer has that phone.
 */
type Sent = { command: string; keys: string[]; consistent: boolean };

/** The table, with every read it sends written down: its kind, its keys' sort keys, its consistency. */
function recording(): { handle: TableHandle; sent: Sent[] } {
  const real = table();
  const sent: Sent[] = [];
  const send = (command: { constructor: { name: string }; input: Record<string, unknown> }) => {
    const input = command.input as {
      Key?: { sk: string };
      ConsistentRead?: boolean;
      RequestItems?: Record<string, { Keys: Array<{ sk: string }>; ConsistentRead?: boolean }>;
    };
    const batch = input.RequestItems?.[real.name];
    sent.push({
      command: command.constructor.name,
      keys: batch ? batch.Keys.map((k) => k.sk) : [input.Key?.sk ?? ''],
      consistent: (batch ? batch.ConsistentRead : input.ConsistentRead) === true,
    });
    return real.doc.send(command as never);
  };
  return { handle: { name: real.name, doc: { send } as unknown as TableHandle['doc'] }, sent };
}

describe('the booking snapshot', () => {
  it('reads slot and phone eventually consistent, then the remembered client in the phone item’s place', async () => {
    const entity = await newEntity({ hours: ALWAYS_OPEN });
    const account = entity.entity_account_id;
    const slots = (
      await viaHandler('POST', '/api/v2/calendar-slots/generate', {
        headers: entity.v2,
        body: { date: futureWorkingDate(26), max_appointments: 5 },
      })
    ).json.data as Array<{ id: number }>;
    const slotId = slots[0]?.id ?? 0;
    const booked = await viaHandler('POST', '/api/v2/appointments', {
      headers: entity.v2,
      body: { client_name: 'Ada Lovelace', client_phone: mobile(41), slot_id: slotId },
    });
    expect(booked.status).toBe(200);
    const phone = String(booked.json.data.client_phone);
    const clientId = Number(booked.json.data.client_id);
    const { handle, sent } = recording();
    const reader = new BookingSnapshotRepository(handle);

    const first = await reader.snapshot(account, 1, slotId, phone);
    expect(first).toMatchObject({ clientId, recent: true, slot: { slot_id: slotId } });
    expect(first.calendar?.calendar_id).toBe(1);
    expect(first.client).toBeUndefined();
    const slotSk = keys.slot(account, slotId).sk;
    expect(sent).toEqual(
      expect.arrayContaining([
        { command: 'BatchGetCommand', keys: [slotSk, `PHONE#${phone}`], consistent: false },
        { command: 'GetCommand', keys: ['CAL#0000000001'], consistent: true },
      ]),
    );
    expect(sent).toHaveLength(2);

    sent.length = 0;
    const second = await reader.snapshot(account, 1, slotId, phone);
    expect(second).toMatchObject({ clientId, client: { client_id: clientId, client_phone: phone } });
    expect(sent).toContainEqual({
      command: 'BatchGetCommand',
      keys: [slotSk, keys.client(account, clientId).sk],
      consistent: false,
    });
    expect(sent).toHaveLength(2);

    // A client item that no longer has the phone (an entity made again under the same account): the
    // memory is not trusted, the phone item is read.
    const clientKey = keys.client(account, clientId);
    const item = (await table().doc.send(new GetCommand({ TableName: table().name, Key: clientKey }))).Item;
    await table().doc.send(
      new PutCommand({
        TableName: table().name,
        Item: { ...item, client_phone: '+33600000000' },
      }),
    );
    sent.length = 0;
    const third = await reader.snapshot(account, 1, slotId, phone);
    expect(third.client).toBeUndefined();
    expect(third.clientId).toBe(clientId);
    expect(sent).toContainEqual({ command: 'GetCommand', keys: [`PHONE#${phone}`], consistent: false });
  });
});
