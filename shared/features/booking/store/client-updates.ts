/**
 * The writes of a known client inside a booking's or a transition's transaction: its count, latest
 * appointment and days, each an UpdateItem built from parts and conditioned on what was read.
 */
import { CONDITION } from '../../../db/conditions';
import { updateWhere } from '../../../db/expressions';
import * as keys from '../../../db/keys';
import { INDEX, RANK_STEP } from '../../../db/keys';
import type { TransactItem } from '../../../db/transactions';
import type { ClientRecord } from '../domain/appointment';
import { type ClientDayState, type ClientDays, commutes } from '../domain/day-stats';
import { renameParts } from './client-renames';

/** Parts of a client update: SET and ADD clauses, conditions, names and values. */
export interface UpdateParts {
  set: string[];
  add: string[];
  remove?: string[];
  conditions: string[];
  names: Record<string, string>;
  values: Record<string, unknown>;
}

const sameCounts = (a: Record<string, number>, b: Record<string, number>): boolean =>
  Object.keys(a).length === Object.keys(b).length && Object.entries(a).every(([k, n]) => b[k] === n);

/**
 * The write of a client's days, from `read` (as stored; version and touch 0: never written) to `after`;
 * null when they do not change. A change that commutes (shared/features/booking/domain/day-stats.ts) moves only the
 * counts it changes, conditioned on the structure read (`days_version`) and on no count it lowers reaching
 * zero, so a client's concurrent bookings all commit; any other change writes the days whole, conditioned
 * on them being exactly as read (`days_touch`), and is retried on fresh data when they were not.
 */
export function daysUpdate(read: ClientDayState, after: ClientDays): UpdateParts | null {
  if (sameCounts(read.all, after.all) && sameCounts(read.live, after.live)) return null;
  const parts: UpdateParts = {
    set: [],
    add: ['#days_touch :dOne'],
    conditions: [],
    names: { '#days_touch': 'days_touch' },
    values: { ':dOne': 1 },
  };
  if (!commutes(read, after)) {
    // Whole, an empty map removed (storedDays); a commuting change never empties one.
    parts.remove = [];
    for (const [name, alias, value, map] of [
      ['days_all', '#days_all', ':dAll', after.all],
      ['days_live', '#days_live', ':dLive', after.live],
    ] as const) {
      parts.names[alias] = name;
      if (Object.keys(map).length === 0) parts.remove.push(alias);
      else {
        parts.set.push(`${alias} = ${value}`);
        parts.values[value] = map;
      }
    }
    parts.add.push('#days_version :dOne');
    parts.names['#days_version'] = 'days_version';
    parts.conditions.push(read.touch === 0 ? 'attribute_not_exists(#days_touch)' : '#days_touch = :dTouch');
    if (read.touch !== 0) parts.values[':dTouch'] = read.touch;
    return parts;
  }
  parts.names['#days_version'] = 'days_version';
  parts.conditions.push('#days_version = :dVersion');
  parts.values[':dVersion'] = read.version;
  let n = 0;
  for (const [map, name, before, now] of [
    ['#days_all', 'days_all', read.all, after.all],
    ['#days_live', 'days_live', read.live, after.live],
  ] as const) {
    for (const key of new Set([...Object.keys(before), ...Object.keys(now)])) {
      const delta = (now[key] ?? 0) - (before[key] ?? 0);
      if (delta === 0) continue;
      const k = `#dk${n}`;
      const path = `${map}.${k}`;
      parts.names[map] = name;
      parts.names[k] = key;
      parts.values[`:dd${n}`] = delta;
      if (before[key] === undefined) {
        // A live entry that appears (commutes only below the latest live date): other bookings may add it too.
        parts.values[':dZero'] = 0;
        parts.set.push(`${path} = if_not_exists(${path}, :dZero) + :dd${n}`);
      } else {
        parts.set.push(`${path} = ${path} + :dd${n}`);
        if (delta < 0) {
          parts.conditions.push(`${path} > :dm${n}`);
          parts.values[`:dm${n}`] = -delta;
        }
      }
      n++;
    }
  }
  return parts;
}

/** An UpdateItem of a client from its parts. */
function clientUpdate(
  tableName: string,
  entityId: string,
  clientId: number,
  parts: UpdateParts,
): TransactItem {
  const clauses = [
    ...(parts.set.length ? [`SET ${parts.set.join(', ')}`] : []),
    ...(parts.add.length ? [`ADD ${parts.add.join(', ')}`] : []),
    ...(parts.remove?.length ? [`REMOVE ${parts.remove.join(', ')}`] : []),
  ];
  const condition = parts.conditions.join(' AND ');
  const update = updateWhere(clauses.join(' '), condition);
  return {
    Update: {
      TableName: tableName,
      Key: keys.client(entityId, clientId),
      ...update,
      ExpressionAttributeNames: { ...update.ExpressionAttributeNames, ...parts.names },
      ExpressionAttributeValues: parts.values,
    },
  };
}

const merge = (a: UpdateParts, b: UpdateParts | null): UpdateParts =>
  b
    ? {
        set: [...a.set, ...b.set],
        add: [...a.add, ...b.add],
        remove: [...(a.remove ?? []), ...(b.remove ?? [])],
        conditions: [...a.conditions, ...b.conditions],
        names: { ...a.names, ...b.names },
        values: { ...a.values, ...b.values },
      }
    : a;

/** A booking's write of a known client: the client after it, as read before it, and its days' change. */
export interface ClientBookingWrite {
  tableName: string;
  entityId: string;
  client: ClientRecord;
  read: Pick<
    ClientRecord,
    'appointments_count' | 'last_appointment' | 'client_firstname' | 'client_lastname' | 'client_email'
  >;
  days?: UpdateParts | null;
  /** The business books: the client takes the booking's names, conditioned on those read (client-renames.ts). */
  takesNames?: boolean;
}

/**
 * A booking by a known client: its count moves by ADD, so concurrent bookings by one client never
 * conflict on it. The condition is monotone: only the client's first and second bookings (which move the
 * entity's client counters) are tied to the count read, and last_appointment only ever moves later. Its
 * names and e-mail change only when `client` has others than those read (a booking the business makes
 * itself, docs/CONTRACT.md#clients: client-renames.ts), conditioned on those read; a public booking's
 * `client` keeps them, so whoever knows a phone number cannot rewrite someone's contact details.
 */
export function clientBookingUpdate({
  tableName,
  entityId,
  client: c,
  read,
  days = null,
  takesNames = false,
}: ClientBookingWrite): TransactItem {
  const item: Record<string, unknown> = { updated_at: c.updated_at, last_appointment: c.last_appointment };
  const sets = ['updated_at'];
  const raisesLast = c.last_appointment !== null && (read.last_appointment ?? '') < c.last_appointment;
  if (raisesLast) sets.push('last_appointment');
  const countCondition =
    read.appointments_count >= 2 ? CONDITION.clientIsRepeat : CONDITION.clientCountAsRead;
  const conditions = [
    CONDITION.exists,
    countCondition,
    ...(raisesLast ? [CONDITION.lastAppointmentNotLater] : []),
  ];
  const parts: UpdateParts = {
    set: sets.map((k) => `#${k} = :${k}`),
    add: ['#appointments_count :one', `#${INDEX.clientRank.sk} :rankStep`],
    conditions,
    names: {},
    values: {
      ':one': 1,
      ':rankStep': RANK_STEP,
      ...(read.appointments_count >= 2 ? { ':two': 2 } : { ':read': read.appointments_count }),
      ...Object.fromEntries(sets.map((k) => [`:${k}`, item[k] ?? null])),
    },
  };
  const renamed = renameParts({ entityId, clientId: c.client_id, read, after: c, guarded: takesNames });
  return clientUpdate(tableName, entityId, c.client_id, merge(merge(parts, renamed), days));
}

/** A transition's change of its client: a new latest date (with the date read), and its days' change. */
export interface ClientTransitionWrite {
  tableName: string;
  entityId: string;
  clientId: number;
  change: { lastAppointment: string; read: string | null } | undefined;
  days: UpdateParts | null;
  now: string;
}

/**
 * A transition's write of its client: a move that changes the latest appointment date (conditioned on the
 * date read), and/or a change of its days. Null when neither.
 */
export function clientTransitionUpdate({
  tableName,
  entityId,
  clientId,
  change,
  days,
  now,
}: ClientTransitionWrite): TransactItem | null {
  if (!change && !days) return null;
  const parts: UpdateParts = change
    ? {
        set: ['#last_appointment = :last', '#updated_at = :now'],
        add: [],
        conditions: [change.read === null ? CONDITION.noLastAppointment : CONDITION.lastAppointmentAsRead],
        names: {},
        values: {
          ':last': change.lastAppointment,
          ':now': now,
          ...(change.read === null ? {} : { ':read': change.read }),
        },
      }
    : { set: [], add: [], conditions: [CONDITION.exists], names: {}, values: {} };
  return clientUpdate(tableName, entityId, clientId, merge(parts, days));
}
