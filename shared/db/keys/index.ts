/**
 * Every DynamoDB key of the single table is built here, and only here.
 * docs/design/data-model.md has the entity chart and the access-pattern table that these builders serve.
 *
 * Conventions: `pk`/`sk` are the table keys; each GSI has generic `gsiNpk`/`gsiNsk` attributes and an
 * index name that says which access pattern it serves. Ids are zero-padded to 10 digits in sort keys so
 * that string order is numeric order. Dates are YYYY-MM-DD and times HH:MM:SS, so they sort as text.
 */

/** A date-ordered sort key shared by slots and appointments: `<KIND>#<date>#<time>#<id>`. */
const datedPrefix = (kind: 'SLOT' | 'APPT', date: string): string => `${kind}#${date}`;
const dated = {
  sort: (kind: 'SLOT' | 'APPT', date: string, time: string, id: number): string =>
    `${datedPrefix(kind, date)}#${time}#${padId(id)}`,
  /** Bounds of a date range, both days included ('~' sorts after every key character used). */
  from: datedPrefix,
  to: (kind: 'SLOT' | 'APPT', date: string): string => `${datedPrefix(kind, date)}#~`,
};

/** An index's name, key attributes and key type, with the compositions of its keys. */
const declare = <N extends string, P extends string, S extends string, T extends 'S' | 'N', C>(
  name: N,
  pk: P,
  sk: S,
  skType: T,
  compose: C,
) => ({ name, pk, sk, skType, ...compose });

/**
 * Each index, declared once: its name, the attributes that hold its keys, and how each key is composed
 * (`partition`, `sort`, and for ranges `from`/`to`). Written index attributes and query bounds both come
 * from these compositions; shared/db/table.ts declares the indexes from the same table for DynamoDB Local and CDK.
 */
export const INDEX = {
  /** Slots and appointments of one calendar, by date and time. */
  calendarDate: declare('calendar-date', 'gsi1pk', 'gsi1sk', 'S', {
    partition: (entityId: string, calendarId: number): string =>
      `${entityPk(entityId)}#CAL#${padId(calendarId)}`,
    ...dated,
  }),
  /** Appointments of one entity across calendars, by date and time. */
  entityDate: declare('entity-date', 'gsi2pk', 'gsi2sk', 'S', {
    partition: (entityId: string): string => `${entityPk(entityId)}#APPTS`,
    ...dated,
  }),
  /** Appointments of one client, by date and time. */
  clientAppointments: declare('client-appointments', 'gsi3pk', 'gsi3sk', 'S', {
    partition: (entityId: string, clientId: number): string =>
      `${entityPk(entityId)}#CLIENT#${padId(clientId)}`,
    ...dated,
  }),
  /** Clients of one entity, by last name, first name, id. */
  clientName: declare('client-name', 'gsi4pk', 'gsi4sk', 'S', {
    partition: (entityId: string): string => `${entityPk(entityId)}#CLIENTS`,
    sort: (lastName: string, firstName: string, clientId: number): string =>
      `${lastName.toLowerCase()}#${firstName.toLowerCase()}#${padId(clientId)}`,
    /**
     * The members of one calendar (calendar-client items while the client has appointments there), in
     * the order the v1 list of a calendar's clients shows (`byName`): names lower-cased, separated by
     * U+0001, which sorts before every character a name holds.
     */
    calendarPartition: (entityId: string, calendarId: number): string =>
      `${entityPk(entityId)}#CAL#${padId(calendarId)}#CLIENTS`,
    memberSort: (lastName: string, firstName: string, clientId: number): string =>
      `${lastName.toLowerCase()}\u0001${firstName.toLowerCase()}\u0001${padId(clientId)}`,
  }),
  /** Clients of one entity by exact (lower-cased) e-mail. */
  clientEmail: declare('client-email', 'gsi5pk', 'gsi5sk', 'S', {
    partition: (entityId: string, email: string): string =>
      `${entityPk(entityId)}#EMAIL#${email.toLowerCase()}`,
    sort: (clientId: number): string => padId(clientId),
  }),
  /**
   * Clients of one entity by number of appointments, then id, both descending (top clients). The sort key
   * is a number, `appointments_count × RANK_STEP + client_id`, so a booking moves a client up the rank
   * with an atomic ADD of RANK_STEP, and ties are ordered by the index itself.
   */
  clientRank: declare('client-rank', 'gsi6pk', 'client_rank', 'N', {
    partition: (entityId: string): string => `${entityPk(entityId)}#CLIENTRANK`,
    sort: (appointmentsCount: number, clientId: number): number => appointmentsCount * RANK_STEP + clientId,
  }),
} as const;

export type IndexName = (typeof INDEX)[keyof typeof INDEX]['name'];

export interface Key {
  pk: string;
  sk: string;
}

/** Zero-padded id, so ids sort numerically inside sort keys. */
export const padId = (id: number): string => id.toString().padStart(10, '0');

/** One appointment in a client's rank (ids are below 10^10: padId's width). */
export const RANK_STEP = 10_000_000_000;

const entityPk = (entityId: string): string => `E#${entityId}`;

/** An item in the entity's own partition. */
const inEntity = (entityId: string, sk: string): Key => ({ pk: entityPk(entityId), sk });

/** The entity an item belongs to, from its partition key (stream records carry only the item). */
export const entityIdOfPk = (pk: string): string | null => (pk.startsWith('E#') ? pk.slice(2) : null);

// Each builder is its own export, used as `keys.<builder>` through `import * as keys`, so that a function's
// bundle carries only the builders it uses.
export const entity = (entityId: string): Key => inEntity(entityId, 'ENTITY');

/** A token is found by the SHA-256 of its text; the token itself is never stored. */
export const token = (tokenHash: string): Key => ({ pk: `TOKEN#${tokenHash}`, sk: 'TOKEN' });

/** Marker that makes entity listing possible without a scan. */
export const entityDirectory = (entityId: string): Key => ({ pk: 'ENTITIES', sk: entityId });

export const entityDirectoryPk = (): string => 'ENTITIES';

/**
 * Entities whose slots open by themselves (open_days_ahead > 0), one item each in one partition: the
 * scheduled run reads only them, so its work grows with the entities that switched it on.
 */
export const openDaysEntry = (entityId: string): Key => ({ pk: 'OPENDAYS', sk: entityId });
export const openDaysPk = (): string => 'OPENDAYS';

export const settings = (entityId: string): Key => inEntity(entityId, 'SETTINGS');

export const openingHours = (entityId: string): Key => inEntity(entityId, 'HOURS');

/** The per-entity id sequence shared by calendars, slots, appointments and clients. */
export const sequence = (entityId: string): Key => inEntity(entityId, 'SEQUENCE');

export const closureDay = (entityId: string, date: string): Key => inEntity(entityId, `CLOSURE#${date}`);

export const closureDayPrefix = (entityId: string): Key => inEntity(entityId, 'CLOSURE#');

/** Entity-wide counters that are not per day (clients). */
export const entityCounters = (entityId: string): Key => inEntity(entityId, 'COUNTERS');

/** New clients created on a day (entity time zone), for new_clients_last_30_days. */
export const newClientsDay = (entityId: string, date: string): Key =>
  inEntity(entityId, `NEWCLIENTS#${date}`);

export const newClientsDayPrefix = (entityId: string): Key => inEntity(entityId, 'NEWCLIENTS#');

export const calendar = (entityId: string, calendarId: number): Key =>
  inEntity(entityId, `CAL#${padId(calendarId)}`);

export const calendarPrefix = (entityId: string): Key => inEntity(entityId, 'CAL#');
/** The end of the calendars' range (`~` sorts after every padded id). */
export const calendarsEnd = (): string => 'CAL#~';

export const slot = (entityId: string, slotId: number): Key => inEntity(entityId, `SLOT#${padId(slotId)}`);

/** Guard item that makes a start time unique per calendar and date, even under concurrent generation. */
export const slotStart = (entityId: string, calendarId: number, date: string, startTime: string): Key =>
  inEntity(entityId, `SLOTAT#${padId(calendarId)}#${date}#${startTime}`);

export const slotByCalendarDate = (
  entityId: string,
  calendarId: number,
  date: string,
  startTime: string,
  slotId: number,
) => ({
  [INDEX.calendarDate.pk]: INDEX.calendarDate.partition(entityId, calendarId),
  [INDEX.calendarDate.sk]: INDEX.calendarDate.sort('SLOT', date, startTime, slotId),
});

export const appointment = (entityId: string, appointmentId: number): Key =>
  inEntity(entityId, `APPT#${padId(appointmentId)}`);

export const appointmentIndexes = (
  entityId: string,
  a: { calendarId: number; clientId: number; date: string; startTime: string; appointmentId: number },
) => {
  const when = dated.sort('APPT', a.date, a.startTime, a.appointmentId);
  return {
    [INDEX.calendarDate.pk]: INDEX.calendarDate.partition(entityId, a.calendarId),
    [INDEX.calendarDate.sk]: when,
    [INDEX.entityDate.pk]: INDEX.entityDate.partition(entityId),
    [INDEX.entityDate.sk]: when,
    [INDEX.clientAppointments.pk]: INDEX.clientAppointments.partition(entityId, a.clientId),
    [INDEX.clientAppointments.sk]: when,
  };
};

/** Cancel tokens are found by their SHA-256; the token itself is never stored. */
export const cancelToken = (entityId: string, tokenHash: string): Key =>
  inEntity(entityId, `CANCEL#${tokenHash}`);

export const client = (entityId: string, clientId: number): Key =>
  inEntity(entityId, `CLIENT#${padId(clientId)}`);

/** Phone uniqueness and find-by-phone: one item per E.164 number. */
export const clientPhone = (entityId: string, e164: string): Key => inEntity(entityId, `PHONE#${e164}`);

export const clientIndexes = (
  entityId: string,
  c: {
    clientId: number;
    lastName: string;
    firstName: string;
    email: string | null;
    appointmentsCount: number;
  },
) => ({
  [INDEX.clientName.pk]: INDEX.clientName.partition(entityId),
  [INDEX.clientName.sk]: INDEX.clientName.sort(c.lastName, c.firstName, c.clientId),
  ...(c.email
    ? {
        [INDEX.clientEmail.pk]: INDEX.clientEmail.partition(entityId, c.email),
        [INDEX.clientEmail.sk]: INDEX.clientEmail.sort(c.clientId),
      }
    : {}),
  [INDEX.clientRank.pk]: INDEX.clientRank.partition(entityId),
  [INDEX.clientRank.sk]: INDEX.clientRank.sort(c.appointmentsCount, c.clientId),
});

/** Membership of a client in a calendar (clients of a calendar), with its appointment count there. */
export const calendarClient = (entityId: string, calendarId: number, clientId: number): Key =>
  inEntity(entityId, `CALCLIENT#${padId(calendarId)}#${padId(clientId)}`);

export const calendarClientPrefix = (entityId: string, calendarId: number): Key =>
  inEntity(entityId, `CALCLIENT#${padId(calendarId)}#`);

/**
 * A day's statistics in one scope (docs/design/data-model.md, "Statistics that stay flat"): per calendar
 * (`DAY#<date>#<cal>`: status counts, points and links) and for the entity (`DAY#<date>#ALL`: points and
 * links). A period's statistics read the range's day items: (calendars + 1) a day, whatever the history.
 */
export const dayStat = (entityId: string, date: string, scope: number | 'all'): Key =>
  inEntity(entityId, `DAY#${date}#${scope === 'all' ? 'ALL' : padId(scope)}`);
export const dayStatsFrom = (date: string): string => `DAY#${date}`;
export const dayStatsTo = (date: string): string => `DAY#${date}#~`;

/** How many clients have their latest live appointment on a date (active clients: a sum from a date on). */
export const lastLiveDay = (entityId: string, date: string): Key => inEntity(entityId, `LASTLIVE#${date}`);
export const lastLiveDaysTo = (): string => 'LASTLIVE#~';

/** A calendar-client item's index keys while the client is a member (clients of a calendar, by name). */
export const calendarClientIndexes = (
  entityId: string,
  m: { calendarId: number; clientId: number; lastName: string; firstName: string },
) => ({
  [INDEX.clientName.pk]: INDEX.clientName.calendarPartition(entityId, m.calendarId),
  [INDEX.clientName.sk]: INDEX.clientName.memberSort(m.lastName, m.firstName, m.clientId),
});

/** A client's membership of a calendar: its item's key and its place in the calendar's index by name. */
export const calendarMember = (
  entityId: string,
  calendarId: number,
  client: { client_id: number; client_lastname: string; client_firstname: string },
) => ({
  ...calendarClient(entityId, calendarId, client.client_id),
  ...calendarClientIndexes(entityId, {
    calendarId,
    clientId: client.client_id,
    lastName: client.client_lastname,
    firstName: client.client_firstname,
  }),
});

/** A key that is never written: reading it proves the table answers (health probe). */
export const healthProbe = (): Key => ({ pk: 'HEALTH', sk: 'HEALTH' });

/**
 * Idempotency record of a booking request (Idempotency-Key header), per caller: the entity's secret
 * tokens (no `caller`: the key as it always was), or one publishable key and caller address (`caller`,
 * which never starts like a route, so the two never meet).
 */
export const idempotency = (entityId: string, route: string, idempotencyKey: string, caller?: string): Key =>
  inEntity(
    entityId,
    caller ? `IDEMPOTENCY#${caller}#${route}#${idempotencyKey}` : `IDEMPOTENCY#${route}#${idempotencyKey}`,
  );

/** A publishable key of an entity (its key is found through a token item, by the key's SHA-256). */
export const publishableKey = (entityId: string, keyId: string): Key => inEntity(entityId, `PKEY#${keyId}`);

export const publishableKeyPrefix = (entityId: string): Key => inEntity(entityId, 'PKEY#');

/** How many publishable keys an entity has (at most MAX_KEYS_PER_ENTITY, held by a condition). */
export const publishableKeyCount = (entityId: string): Key => inEntity(entityId, 'PKEYS');

/** The limits an operator set for an entity (admin CLI); absent ones take the stage's defaults. */
export const limits = (entityId: string): Key => inEntity(entityId, 'LIMITS');

/**
 * The partitions of the rate counters, `RATE#<entity>`: apart from every other item, so that a read route's
 * role may move counters (UpdateItem) and nothing else (a `dynamodb:LeadingKeys` condition on this prefix,
 * infra/table-access.ts). Each tenant's counters still sit in a partition of their own.
 */
export const RATE_PARTITION_PREFIX = 'RATE#';

/** A limit's counter for one fixed window: the entity's, or one publishable key and caller address's. */
export const rateCounter = (
  entityId: string,
  policy: string,
  windowStart: number,
  visitor?: { keyId: string; ip: string },
): Key => ({
  pk: `${RATE_PARTITION_PREFIX}${entityId}`,
  sk: visitor ? `${policy}#${visitor.keyId}#${visitor.ip}#${windowStart}` : `${policy}#${windowStart}`,
});

/** A webhook subscription of an entity. */
export const webhook = (entityId: string, webhookId: string): Key =>
  inEntity(entityId, `WEBHOOK#${webhookId}`);

export const webhookPrefix = (entityId: string): Key => inEntity(entityId, 'WEBHOOK#');

/** An event of the feed; event ids have one length and sort in the order the changes happened. */
export const event = (entityId: string, eventId: string): Key => inEntity(entityId, `EVENT#${eventId}`);

/** Feed bounds: from just after an event (a space sorts before every id character), to the last one. */
export const eventsAfter = (eventId: string | undefined): string =>
  eventId ? `EVENT#${eventId} ` : 'EVENT#';
export const eventsEnd = (): string => 'EVENT#~';

/** A delivery not yet done, ordered per (subscription, appointment) by event id. */
export const pendingDelivery = (
  entityId: string,
  webhookId: string,
  appointmentId: number,
  eventId: string,
): Key => inEntity(entityId, `DELIVERY#${webhookId}#${padId(appointmentId)}#${eventId}`);

export const pendingDeliveryPrefix = (entityId: string, webhookId: string, appointmentId: number): Key =>
  inEntity(entityId, `DELIVERY#${webhookId}#${padId(appointmentId)}#`);

/** One client e-mail (docs/NOTIFICATIONS.md): its claim and whether it was sent, by the e-mail's key. */
export const mail = (entityId: string, key: string): Key => inEntity(entityId, `MAIL#${key}`);

/** E-mails of publishable-key bookings to one address (its SHA-256, never the address) in one hour window. */
export const mailCap = (entityId: string, addressHash: string, windowStart: number): Key =>
  inEntity(entityId, `MAILCAP#${addressHash}#${windowStart}`);

/** The staff calendar feed: the entity's current token hash; each token by its SHA-256 (never the token). */
export const calendarFeed = (entityId: string): Key => inEntity(entityId, 'FEED');
export const calendarFeedToken = (tokenHash: string): Key => ({ pk: `FEED#${tokenHash}`, sk: 'FEED' });

/** A service an entity offers (docs/CONTRACT.md#services-and-staff); listed by the `SERVICE#` prefix. */
export const service = (entityId: string, serviceId: number): Key =>
  inEntity(entityId, `SERVICE#${padId(serviceId)}`);

export const servicePrefix = (entityId: string): Key => inEntity(entityId, 'SERVICE#');

/** How many services an entity has (at most MAX_SERVICES, held by a condition). */
export const serviceCount = (entityId: string): Key => inEntity(entityId, 'SERVICES');

/** A calendar's own weekly hours, when it has them (else the entity's `HOURS` apply). */
export const calendarHours = (entityId: string, calendarId: number): Key =>
  inEntity(entityId, `HOURS#CAL#${padId(calendarId)}`);

/**
 * The table's cursor key: 32 random bytes that seal v1 list cursors, written once by the first read route
 * that needs it. Under the rate counters' partition prefix because that is where a read route may write
 * (infra/table-access.ts, `dynamodb:LeadingKeys`); `#` is never in an account id, so no entity's counters
 * share it.
 */
export const cursorKey = (): Key => ({ pk: `${RATE_PARTITION_PREFIX}#CURSORKEY`, sk: 'CURSORKEY' });
