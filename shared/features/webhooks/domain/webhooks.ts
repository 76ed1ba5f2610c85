import { BlockList, isIP } from 'node:net';
import type { AppointmentRecord, AppointmentStatus } from '../../booking';

/** The booking events (docs/EVENTS.md). */
export const EVENT_TYPES = ['appointment.created', 'appointment.updated', 'appointment.cancelled'] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** What an appointment looked like before an update or a cancellation. */
export interface PreviousState {
  status: AppointmentStatus;
  slot_id: number;
}

/** An event as delivered and listed: the same object in a webhook body and in the feed. */
export interface BookingEvent {
  id: string;
  type: EventType;
  /** When the change happened: ISO 8601 in the entity's time zone, with its offset. */
  timestamp: string;
  data: { appointment: Record<string, unknown>; previous?: PreviousState };
}

/** Events and pending deliveries are kept 30 days (DynamoDB TTL). */
export const EVENT_RETENTION_SECONDS = 30 * 24 * 3600;

/**
 * Seconds to wait before each retry of a failed delivery: the 2nd attempt within 10 s, then about 30 s,
 * 2 min, 15 min, 1 h, 6 h and 24 h; after the last one fails the delivery is parked as dead.
 */
export const RETRY_SCHEDULE_SECONDS: readonly number[] = [5, 30, 120, 900, 3600, 21_600, 86_400];

/** A delivery attempt waits this long for an answer. */
export const DELIVERY_TIMEOUT_MS = 5000;

/**
 * The event a change of an appointment makes, or null when the change is none of the three (e.g. a
 * field other than status or slot changed). `before` is null for a new appointment.
 */
export function eventTypeOf(
  before: AppointmentRecord | null,
  after: AppointmentRecord | null,
): EventType | null {
  if (!after) return null;
  if (!before) return 'appointment.created';
  if (before.status === after.status && before.slot_id === after.slot_id) return null;
  if (after.status === 'cancelled' && before.status !== 'cancelled') return 'appointment.cancelled';
  return 'appointment.updated';
}

/** The shape of an event id (the feed's `after`). */
export const EVENT_ID = /^evt_\d{23}$/;

/**
 * The id of the event of one appointment change (docs/EVENTS.md, docs/CONTRACT.md#event-ids): `evt_` + the
 * change's time, the appointment's `updated_at` in ms (13 digits), + the appointment id (10 digits).
 * Reprocessing the change gives the same id; within an entity the ids sort in the order the changes
 * happened; and they carry nothing but the tenant's own data (no stream sequence number, which counts
 * every tenant's writes).
 */
export function eventIdOf(changedAtMs: number, appointmentId: number): string {
  if (!Number.isSafeInteger(changedAtMs) || changedAtMs < 0)
    throw new Error(`unexpected change time ${changedAtMs}`);
  return `evt_${String(changedAtMs).padStart(13, '0')}${String(appointmentId).padStart(10, '0')}`;
}

/** Whether a text has the shape of an event id (the feed's `after`). */
export const isEventId = (text: string): boolean => EVENT_ID.test(text);

/**
 * The IANA special-purpose address registries (IPv4 and IPv6), as subnets a webhook may never reach outside
 * a laptop (docs/CONTRACT.md#webhook-addresses). IPv6 must moreover be global unicast (2000::/3), which
 * excludes the IPv4-compatible ::/96, IPv4-mapped ::ffff:0:0/96, NAT64 64:ff9b::/96, discard 100::/64,
 * unique-local, link-local and multicast ranges at once.
 */
const SPECIAL_IPV4: ReadonlyArray<readonly [string, number]> = [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // shared address space (carrier-grade NAT)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation (TEST-NET-1)
  ['192.31.196.0', 24], // AS112-v4
  ['192.52.193.0', 24], // AMT
  ['192.88.99.0', 24], // deprecated 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['192.175.48.0', 24], // direct delegation AS112
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation (TEST-NET-2)
  ['203.0.113.0', 24], // documentation (TEST-NET-3)
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the limited broadcast 255.255.255.255
];
const SPECIAL_IPV6_IN_GLOBAL: ReadonlyArray<readonly [string, number]> = [
  ['2001::', 23], // IETF protocol assignments: Teredo 2001::/32, benchmarking, ORCHID...
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4
  ['2620:4f:8000::', 48], // direct delegation AS112
  ['3fff::', 20], // documentation
];
const FORBIDDEN = new BlockList();
for (const [net, prefix] of SPECIAL_IPV4) FORBIDDEN.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of SPECIAL_IPV6_IN_GLOBAL) FORBIDDEN.addSubnet(net, prefix, 'ipv6');
const GLOBAL_UNICAST_IPV6 = new BlockList();
GLOBAL_UNICAST_IPV6.addSubnet('2000::', 3, 'ipv6');

/** A webhook must reach its host on 443 outside a laptop. */
export const WEBHOOK_PORT = '443';

/** Whether an address is loopback (allowed locally only). */
export function isLoopback(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  const ip = mapped ?? address;
  return isIP(ip) === 4 ? ip.startsWith('127.') : ip === '::1';
}

/** Whether an address is anything but a global unicast one (a special-purpose range, or not an address). */
export function isNonPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return FORBIDDEN.check(address, 'ipv4');
  if (family === 6) return !GLOBAL_UNICAST_IPV6.check(address, 'ipv6') || FORBIDDEN.check(address, 'ipv6');
  return true;
}

/**
 * Why a webhook URL is refused, or null when it may be used. Outside STAGE=local it must be https and
 * every address its host resolves to must be public; locally http and loopback are allowed too.
 */
export function urlProblem(
  url: URL,
  addresses: readonly string[],
  allowLocalReceivers: boolean,
): string | null {
  if (url.protocol !== 'https:' && !(allowLocalReceivers && url.protocol === 'http:')) {
    return allowLocalReceivers ? 'must be an http or https URL' : 'must be an https URL';
  }
  if (url.username || url.password) return 'must not carry credentials';
  if (!allowLocalReceivers && url.port !== '' && url.port !== WEBHOOK_PORT)
    return `must use port ${WEBHOOK_PORT}`;
  if (addresses.length === 0) return 'host does not resolve';
  for (const address of addresses) {
    if (allowLocalReceivers && isLoopback(address)) continue;
    if (isNonPublicAddress(address)) {
      return 'must resolve to global unicast addresses only: no private, loopback, link-local or other special-purpose address';
    }
  }
  return null;
}

/**
 * The stream dispatcher's sizing (infra/stacks/events-stack.ts): records a batch holds, the function's
 * timeout, and the time it keeps in reserve: it starts no record once less than `reserveMs` is left of its
 * invocation, and reports the records it did not reach as batch item failures (Lambda hands them to the
 * next invocation; none is handled twice because of a timeout). Sized by a burst of 1,000 changes against
 * the store (test/features/webhooks/dispatch-burst.test.ts): a full batch, at three times the measured
 * time per record, ends before the reserve. Measured 2026-11-29 on DynamoDB Local on a loaded 2-core
 * machine, two subscriptions: about 166 ms a record (ten store calls), so 50 records (25 s at 3x) and not
 * the 100 of before, whose 10 s timeout a burst passed.
 */
export const DISPATCH = { batchSize: 50, timeoutSeconds: 60, reserveMs: 10_000 } as const;
