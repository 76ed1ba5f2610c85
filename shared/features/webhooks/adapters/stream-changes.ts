import { unmarshall } from '@aws-sdk/util-dynamodb';
import { entityIdOfPk } from '../../../db/keys';
import type { AppointmentRecord } from '../../booking';
import { toAppointment } from '../../booking';
import type { AppointmentChange } from '../ports';

/**
 * A table stream record as both sources give it: Lambda's DynamoDB event (creation time in seconds) and
 * the DynamoDB Streams API (a Date). Images are in DynamoDB's attribute-value form.
 */
export interface StreamRecordLike {
  dynamodb?: {
    ApproximateCreationDateTime?: number | Date | undefined;
    SequenceNumber?: string | undefined;
    NewImage?: Record<string, unknown> | undefined;
    OldImage?: Record<string, unknown> | undefined;
  };
}

type Image = Parameters<typeof unmarshall>[0];
const item = (image: Record<string, unknown> | undefined): Record<string, unknown> | null =>
  image ? unmarshall(image as Image) : null;
const appointmentOf = (image: Record<string, unknown> | null): AppointmentRecord | null =>
  image?.type === 'appointment' ? toAppointment(image as unknown as AppointmentRecord) : null;

/** The appointment change a stream record reports, or null for any other item (slots, events, ...). */
export function appointmentChangeOf(record: StreamRecordLike): AppointmentChange | null {
  const stream = record.dynamodb;
  if (!stream?.SequenceNumber) return null;
  const after = item(stream.NewImage);
  const before = item(stream.OldImage);
  const any = after ?? before;
  if (any?.type !== 'appointment') return null;
  // `npm run admin -- seed` writes appointments with a mark no booking writes: no e-mail, no webhook.
  if (after?.seeded === true) return null;
  const entityId = entityIdOfPk(String(any.pk));
  if (!entityId) return null;
  const created = stream.ApproximateCreationDateTime;
  return {
    entityId,
    createdAtMs: created instanceof Date ? created.getTime() : Number(created ?? 0) * 1000,
    sequenceNumber: stream.SequenceNumber,
    before: appointmentOf(before),
    after: appointmentOf(after),
    sequence: Number(after?.ics_sequence ?? 0),
    ...(typeof after?.mail_cancel_token === 'string' ? { mailCancelToken: after.mail_cancel_token } : {}),
    ...(after?.booked_via_key === true || after?.changed_via_key === true ? { viaKey: true as const } : {}),
    // Who made this change (docs/NOTIFICATIONS.md#the-business-hears): a booking's mark, or a change's.
    ...((before ? after?.changed_via_key : after?.booked_via_key) === true
      ? { byClient: true as const }
      : {}),
  };
}

/**
 * Items whose change may open or close days: an entity's settings, weekly hours and closure days, and a
 * calendar's own hours (docs/CONTRACT.md#services-and-staff).
 */
const CONFIG_TYPES: ReadonlySet<unknown> = new Set([
  'settings',
  'opening-hours',
  'closure-day',
  'calendar-hours',
]);

/**
 * The entity whose settings, hours or closure days a stream record changes, or that gained an active
 * calendar (created, or activated again: its days open too), or null for any other item or change.
 */
export function configChangeOf(record: StreamRecordLike): string | null {
  const stream = record.dynamodb;
  const after = item(stream?.NewImage);
  const before = item(stream?.OldImage);
  const any = after ?? before;
  if (!any) return null;
  const newCalendar =
    after?.type === 'calendar' && after.is_active === true && (before === null || before.is_active === false);
  if (!CONFIG_TYPES.has(any.type) && !newCalendar) return null;
  return entityIdOfPk(String(any.pk));
}
