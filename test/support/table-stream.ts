import { marshall } from '@aws-sdk/util-dynamodb';
import { appointment as appointmentKey } from '../../shared/db/keys';
import { enableStream } from '../../shared/db/table';
import type { StreamRecordLike } from '../../shared/features/webhooks/adapters/stream-changes';
import { documentClient } from '../../shared/wiring';

/** Turns this test file's table stream on, before the local events start reading it. */
export const withStream = (): Promise<void> => enableStream(documentClient(), process.env.TABLE_NAME ?? '');

/**
 * `count` created appointments as the table's stream hands them over, in order: copies of the appointment
 * item `item` under ids from `firstId` (each its own key, a later `updated_at`, a sequence number by id).
 */
export const createdRecords = (
  item: Record<string, unknown>,
  firstId: number,
  count: number,
): StreamRecordLike[] =>
  Array.from({ length: count }, (_, i) => {
    const id = firstId + i;
    const copy = {
      ...item,
      ...appointmentKey(String(item.pk).slice('E#'.length), id),
      appointment_id: id,
      updated_at: new Date(Date.UTC(2026, 0, 1) + id * 1000).toISOString(),
    };
    return {
      dynamodb: {
        ApproximateCreationDateTime: Math.floor(Date.now() / 1000),
        SequenceNumber: String(id).padStart(21, '0'),
        NewImage: marshall(copy, { removeUndefinedValues: true }),
      },
    };
  });
