import type { AppointmentRecord, AppointmentStatus, ClientRecord } from './appointment';

/** A page of a list and how many items match in all. */
export interface Page<T> {
  items: T[];
  total: number;
  /** The page's number (a cursor knows which page it leads to). */
  page?: number;
  /** An opaque cursor to the next page; absent on the last page. */
  nextCursor?: string;
}

export interface PageRequest {
  page: number;
  perPage: number;
  /** An opaque cursor from an earlier page of the same list; it names the page instead of `page`. */
  cursor?: string | undefined;
}
export const offsetOf = (p: PageRequest): number => (p.page - 1) * p.perPage;

/** The fields of an appointment its list's index sorts by: where the next page starts. */
export type AppointmentPlace = Pick<
  AppointmentRecord,
  'appointment_id' | 'calendar_id' | 'client_id' | 'date' | 'start_time'
>;
/** The fields of a client its list's index sorts by. */
export type ClientPlace = Pick<
  ClientRecord,
  'client_id' | 'client_lastname' | 'client_firstname' | 'client_email'
>;

export interface AppointmentFilter {
  calendarId?: number | undefined;
  /** Any of these calendars (a staff member's, issue 60); with `calendarId`, that one decides. */
  calendarIds?: readonly number[] | undefined;
  clientId?: number | undefined;
  status?: AppointmentStatus | undefined;
  dateFrom?: string | undefined;
  dateTo?: string | undefined;
}

export interface ClientFilter {
  /** Case-insensitive substring of last name, first name or e-mail. */
  search?: string | undefined;
  /** Exact, case-insensitive e-mail. */
  email?: string | undefined;
  /** E.164 phone. */
  phone?: string | undefined;
  /** Bounds of created_at, as UTC ISO instants (inclusive). */
  createdFrom?: string | undefined;
  createdTo?: string | undefined;
}

export interface EntityCounters {
  total_clients: number;
  clients_with_appointments: number;
  repeat_clients: number;
}

/** The same client filter as the store applies, for lists built in memory. */
export function matchesClient(c: ClientRecord, filter: ClientFilter): boolean {
  const search = filter.search?.toLowerCase();
  if (
    search &&
    ![c.client_lastname, c.client_firstname, c.client_email ?? ''].some((v) =>
      v.toLowerCase().includes(search),
    )
  ) {
    return false;
  }
  if (filter.email && (c.client_email ?? '').toLowerCase() !== filter.email.toLowerCase()) return false;
  if (filter.phone && c.client_phone !== filter.phone) return false;
  if (filter.createdFrom && c.created_at < filter.createdFrom) return false;
  if (filter.createdTo && c.created_at > filter.createdTo) return false;
  return true;
}

const compareText = (x: string, y: string): number => (x < y ? -1 : x > y ? 1 : 0);

/** Clients' default order: last name, first name, id, lower-cased, in the same code-point order as the index. */
export const byName = (a: ClientRecord, b: ClientRecord): number =>
  compareText(a.client_lastname.toLowerCase(), b.client_lastname.toLowerCase()) ||
  compareText(a.client_firstname.toLowerCase(), b.client_firstname.toLowerCase()) ||
  a.client_id - b.client_id;
