import { AFTER_ALL_DATES, BEFORE_ALL_DATES } from '../../../core/dates';
import { getItem } from '../../../db/items';
import * as keys from '../../../db/keys';
import { INDEX } from '../../../db/keys';
import { queryCount, queryPage, queryPageNearestEnd, startKeyOf } from '../../../db/paging';
import type { TableHandle } from '../../../db/table-handle';
import { linkDigestsOf } from '../../../db/token-digests';
import type { AppointmentRecord } from '../domain/appointment';
import type { AppointmentFilter, AppointmentPlace } from '../domain/listing';
import type { ListPage } from '../ports';

/** The appointment fields of an item or record, and nothing else (no keys, no index attributes). */
export function toAppointment(a: AppointmentRecord): AppointmentRecord {
  return {
    appointment_id: Number(a.appointment_id),
    calendar_id: Number(a.calendar_id),
    slot_id: Number(a.slot_id),
    client_id: Number(a.client_id),
    status: a.status,
    date: a.date,
    start_time: a.start_time,
    end_time: a.end_time,
    client_firstname: a.client_firstname,
    client_lastname: a.client_lastname,
    client_email: a.client_email ?? null,
    client_phone: a.client_phone,
    contract_number: a.contract_number ?? null,
    created_at: a.created_at,
    updated_at: a.updated_at,
    ...(a.service_id !== undefined ? { service_id: Number(a.service_id) } : {}),
    ...(a.service_name !== undefined ? { service_name: a.service_name } : {}),
    ...(a.slot_ids !== undefined ? { slot_ids: a.slot_ids.map(Number) } : {}),
    ...(a.changed_by !== undefined ? { changed_by: String(a.changed_by) } : {}),
  };
}

/** The keys of an appointment's item, the table's and its indexes', from the fields they are made of. */
const appointmentKeys = (entityId: string, a: AppointmentPlace) => ({
  ...keys.appointment(entityId, a.appointment_id),
  ...keys.appointmentIndexes(entityId, {
    calendarId: a.calendar_id,
    clientId: a.client_id,
    date: a.date,
    startTime: a.start_time,
    appointmentId: a.appointment_id,
  }),
});

/** The item of an appointment: the record first, the keys last (always derived from the record). */
export function appointmentItem(
  entityId: string,
  a: AppointmentRecord,
  cancelTokenHash: string,
  mail: {
    sequence?: number;
    cancelToken?: string | undefined;
    viaKey?: true | undefined;
    changedViaKey?: true | undefined;
  } = {},
): Record<string, unknown> {
  return {
    ...toAppointment(a),
    type: 'appointment',
    cancel_token_hash: cancelTokenHash,
    // The calendar file's SEQUENCE: 0 at booking, one more at each change (docs/NOTIFICATIONS.md).
    ics_sequence: mail.sequence ?? 0,
    // The cancel token of the confirmation's link, until that e-mail is sent (docs/CONTRACT.md#notifications).
    ...(mail.cancelToken ? { mail_cancel_token: mail.cancelToken } : {}),
    // Booked with a publishable key: its e-mails are capped per address (docs/CONTRACT.md#notifications).
    ...(mail.viaKey ? { booked_via_key: true } : {}),
    // This change was made with a publishable key or a cancel token: its e-mail is capped too. Each change
    // writes the item whole, so the mark names the last change only.
    ...(mail.changedViaKey ? { changed_via_key: true } : {}),
    ...appointmentKeys(entityId, a),
  };
}

/**
 * The item that finds an appointment by the SHA-256 of its cancel token: written for the tokens of the
 * earlier shape only (a token made now names its appointment, docs/CONTRACT.md#cancel-tokens); those in a
 * deployed table are still read, by findByCancelToken.
 */
export const cancelTokenItem = (entityId: string, tokenHash: string, appointmentId: number) => ({
  ...keys.cancelToken(entityId, tokenHash),
  type: 'cancel-token',
  appointment_id: appointmentId,
});

/**
 * The cancel token of the earlier shape as a credential of the manage page
 * (docs/CONTRACT.md#widget-and-manage-page): the global token item that names the entity, beside the
 * entity's own cancel-token item. No token made now has either; those in a deployed table are still read.
 */
export const cancelCredentialItem = (entityId: string, tokenHash: string) => ({
  ...keys.token(tokenHash),
  type: 'token',
  entity_id: entityId,
  kind: 'cancel',
  token_hash: tokenHash,
});

/** Reads of appointments; bookings and transitions are written by the BookingRepository. */
export class AppointmentRepository {
  constructor(private readonly table: TableHandle) {}

  /**
   * Pattern: get an appointment by id, with the digests of the cancel tokens it accepts: its booking's and
   * its e-mails' (`link_hashes`, hex, oldest first). Strongly consistent unless `consistent` is false: a
   * read that only shows it (v1 `GET /appointments/{id}`), or a transition's first try, whose write is
   * conditioned on what it read.
   */
  async get(
    entityId: string,
    appointmentId: number,
    consistent = true,
  ): Promise<
    | (AppointmentRecord & {
        cancel_token_hash: string;
        link_hashes: string[];
        ics_sequence: number;
        booked_via_key?: true;
      })
    | null
  > {
    const item = await getItem(this.table, keys.appointment(entityId, appointmentId), consistent);
    if (!item) return null;
    return {
      ...toAppointment(item as unknown as AppointmentRecord),
      cancel_token_hash: String(item.cancel_token_hash ?? ''),
      link_hashes: linkDigestsOf(item),
      ics_sequence: Number(item.ics_sequence ?? 0),
      ...(item.booked_via_key === true ? { booked_via_key: true as const } : {}),
    };
  }

  /**
   * The query of an appointment list: the client's index when a client is named, else the calendar's,
   * else the entity's; all three sort by date, start time, id. Status (and calendar, on the client index)
   * are filters.
   */
  private listIndex(filter: AppointmentFilter) {
    return filter.clientId !== undefined
      ? INDEX.clientAppointments
      : filter.calendarId !== undefined
        ? INDEX.calendarDate
        : INDEX.entityDate;
  }

  private listQuery(entityId: string, filter: AppointmentFilter) {
    const index =
      filter.clientId !== undefined
        ? INDEX.clientAppointments
        : filter.calendarId !== undefined
          ? INDEX.calendarDate
          : INDEX.entityDate;
    const pk =
      filter.clientId !== undefined
        ? INDEX.clientAppointments.partition(entityId, filter.clientId)
        : filter.calendarId !== undefined
          ? INDEX.calendarDate.partition(entityId, filter.calendarId)
          : INDEX.entityDate.partition(entityId);
    const filters: string[] = [];
    const values: Record<string, unknown> = {
      ':pk': pk,
      ':from': index.from('APPT', filter.dateFrom ?? BEFORE_ALL_DATES),
      ':to': index.to('APPT', filter.dateTo ?? AFTER_ALL_DATES),
    };
    const names: Record<string, string> = { '#pk': index.pk, '#sk': index.sk };
    if (filter.status !== undefined) {
      filters.push('#status = :status');
      names['#status'] = 'status';
      values[':status'] = filter.status;
    }
    if (filter.clientId !== undefined && filter.calendarId !== undefined) {
      filters.push('calendar_id = :calendar');
      values[':calendar'] = filter.calendarId;
    }
    // Some calendars of the entity (a staff member's): the entity's index, filtered (at most 100 calendars).
    if (filter.calendarId === undefined && filter.calendarIds !== undefined) {
      const names = filter.calendarIds.map((id, i) => {
        values[`:c${i}`] = id;
        return `:c${i}`;
      });
      filters.push(names.length ? `calendar_id IN (${names.join(', ')})` : 'calendar_id = :none');
      if (!names.length) values[':none'] = -1;
    }
    return {
      IndexName: index.name,
      KeyConditionExpression: '#pk = :pk AND #sk BETWEEN :from AND :to',
      ...(filters.length ? { FilterExpression: filters.join(' AND ') } : {}),
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    };
  }

  /**
   * Pattern: a page of appointments by date, start time and id, filtered. With the list's total, the
   * page is read from the nearer end of the index (the last page costs what the first does).
   */
  async list(page: ListPage<AppointmentFilter, AppointmentPlace>): Promise<AppointmentRecord[]> {
    const { entityId, filter, offset, limit, total, after } = page;
    const input = this.listQuery(entityId, filter);
    // A cursor's start: the keys the item of `after` has, built from its fields (never read from a cursor).
    const from = after && startKeyOf(appointmentKeys(entityId, after), this.listIndex(filter));
    const items = await queryPageNearestEnd({ table: this.table, input, offset, limit, total, from });
    return items.map((item) => toAppointment(item as unknown as AppointmentRecord));
  }

  /** No FilterExpression in the filter's query (its shape is the same for every entity). */
  readsOnlyMatches(filter: AppointmentFilter): boolean {
    return this.listQuery('', filter).FilterExpression === undefined;
  }

  /** Pattern: how many appointments a filter matches (a COUNT query over the same range). */
  async count(entityId: string, filter: AppointmentFilter): Promise<number> {
    return queryCount(this.table, this.listQuery(entityId, filter));
  }

  /** Pattern: a client's latest appointments by date, newest first (client-appointments index, descending). */
  async latestOfClient(entityId: string, clientId: number, limit: number): Promise<AppointmentRecord[]> {
    const query = this.listQuery(entityId, { clientId });
    const items = await queryPage({
      table: this.table,
      input: { ...query, ScanIndexForward: false },
      offset: 0,
      limit,
    });
    return items.map((item) => toAppointment(item as unknown as AppointmentRecord));
  }

  /**
   * Pattern: a calendar's appointments from a date on, by date and time (the staff feed), at most
   * `limit` of them (calendar-date index).
   */
  async ofCalendarFrom(
    entityId: string,
    calendarId: number,
    from: string,
    limit: number,
  ): Promise<Array<AppointmentRecord & { ics_sequence: number }>> {
    const items = await queryPage({
      table: this.table,
      input: this.listQuery(entityId, { calendarId, dateFrom: from }),
      offset: 0,
      limit,
    });
    // With the SEQUENCE of its invites, so a feed's entry and the client's invite agree.
    return items.map((item) => ({
      ...toAppointment(item as unknown as AppointmentRecord),
      ics_sequence: Number(item.ics_sequence ?? 0),
    }));
  }

  /**
   * Pattern: find the appointment a cancel token of the earlier shape belongs to, by the token's SHA-256
   * (its CANCEL# item). A token made now names its appointment and needs no such read.
   */
  async findByCancelToken(entityId: string, tokenHash: string): Promise<number | null> {
    const item = await getItem(this.table, keys.cancelToken(entityId, tokenHash));
    return item ? Number(item.appointment_id) : null;
  }
}
