/**
 * Every DynamoDB key of the single table is built here, and only here.
 * DESIGN.md has the entity chart and the access-pattern table that these builders serve.
 *
 * Conventions: `pk`/`sk` are the table keys; each GSI has generic `gsiNpk`/`gsiNsk` attributes and an
 * index name that says which access pattern it serves. Ids are zero-padded to 10 digits in sort keys so
 * that string order is numeric order. Dates are YYYY-MM-DD and times HH:MM:SS, so they sort as text.
 */

export const INDEX = {
  /** Slots and appointments of one calendar, by date and time. */
  calendarDate: { name: 'calendar-date', pk: 'gsi1pk', sk: 'gsi1sk', skType: 'S' },
  /** Appointments of one entity across calendars, by date and time. */
  entityDate: { name: 'entity-date', pk: 'gsi2pk', sk: 'gsi2sk', skType: 'S' },
  /** Appointments of one client, by date and time. */
  clientAppointments: { name: 'client-appointments', pk: 'gsi3pk', sk: 'gsi3sk', skType: 'S' },
  /** Clients of one entity, by last name, first name, id. */
  clientName: { name: 'client-name', pk: 'gsi4pk', sk: 'gsi4sk', skType: 'S' },
  /** Clients of one entity by exact (lower-cased) e-mail. */
  clientEmail: { name: 'client-email', pk: 'gsi5pk', sk: 'gsi5sk', skType: 'S' },
  /**
   * Clients of one entity by number of appointments, then id, both descending (top clients). The sort key
   * is a number, `appointments_count × RANK_STEP + client_id`, so a booking moves a client up the rank
   * with an atomic ADD of RANK_STEP, and ties are ordered by the index itself.
   */
  clientRank: { name: 'client-rank', pk: 'gsi6pk', sk: 'client_rank', skType: 'N' },
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

/** The entity an item belongs to, from its partition key (stream records carry only the item). */
export const entityIdOfPk = (pk: string): string | null => (pk.startsWith('E#') ? pk.slice(2) : null);

// Each builder is its own export, used as `keys.<builder>` through `import * as keys`, so that a function's
// bundle carries only the builders it uses.
export const entity = (entityId: string): Key => ({ pk: entityPk(entityId), sk: 'ENTITY' });

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

export const settings = (entityId: string): Key => ({ pk: entityPk(entityId), sk: 'SETTINGS' });
export const openingHours = (entityId: string): Key => ({ pk: entityPk(entityId), sk: 'HOURS' });

/** The per-entity id sequence shared by calendars, slots, appointments and clients. */
export const sequence = (entityId: string): Key => ({ pk: entityPk(entityId), sk: 'SEQUENCE' });

export const closureDay = (entityId: string, date: string): Key => ({
  pk: entityPk(entityId),
  sk: `CLOSURE#${date}`,
});
export const closureDayPrefix = (entityId: string): Key => ({ pk: entityPk(entityId), sk: 'CLOSURE#' });

/** Entity-wide counters that are not per day (clients). */
export const entityCounters = (entityId: string): Key => ({ pk: entityPk(entityId), sk: 'COUNTERS' });

/** New clients created on a day (entity time zone), for new_clients_last_30_days. */
export const newClientsDay = (entityId: string, date: string): Key => ({
  pk: entityPk(entityId),
  sk: `NEWCLIENTS#${date}`,
});

export const newClientsDayPrefix = (entityId: string): Key => ({ pk: entityPk(entityId), sk: 'NEWCLIENTS#' });

export const calendar = (entityId: string, calendarId: number): Key => ({
  pk: entityPk(entityId),
  sk: `CAL#${padId(calendarId)}`,
});
export const calendarPrefix = (entityId: string): Key => ({ pk: entityPk(entityId), sk: 'CAL#' });

export const slot = (entityId: string, slotId: number): Key => ({
  pk: entityPk(entityId),
  sk: `SLOT#${padId(slotId)}`,
});

/** Guard item that makes a start time unique per calendar and date, even under concurrent generation. */
export const slotStart = (entityId: string, calendarId: number, date: string, startTime: string): Key => ({
  pk: entityPk(entityId),
  sk: `SLOTAT#${padId(calendarId)}#${date}#${startTime}`,
});

export const slotByCalendarDate = (
  entityId: string,
  calendarId: number,
  date: string,
  startTime: string,
  slotId: number,
) => ({
  [INDEX.calendarDate.pk]: `${entityPk(entityId)}#CAL#${padId(calendarId)}`,
  [INDEX.calendarDate.sk]: `SLOT#${date}#${startTime}#${padId(slotId)}`,
});

export const slotsOfCalendarPk = (entityId: string, calendarId: number): string =>
  `${entityPk(entityId)}#CAL#${padId(calendarId)}`;

export const slotsFrom = (date: string): string => `SLOT#${date}`;

/** Upper bound of a date range on the calendar-date index ('~' sorts after every key character used). */
export const slotsTo = (date: string): string => `SLOT#${date}#~`;

export const appointment = (entityId: string, appointmentId: number): Key => ({
  pk: entityPk(entityId),
  sk: `APPT#${padId(appointmentId)}`,
});

export const appointmentIndexes = (
  entityId: string,
  a: { calendarId: number; clientId: number; date: string; startTime: string; appointmentId: number },
) => {
  const when = `APPT#${a.date}#${a.startTime}#${padId(a.appointmentId)}`;
  return {
    [INDEX.calendarDate.pk]: `${entityPk(entityId)}#CAL#${padId(a.calendarId)}`,
    [INDEX.calendarDate.sk]: when,
    [INDEX.entityDate.pk]: `${entityPk(entityId)}#APPTS`,
    [INDEX.entityDate.sk]: when,
    [INDEX.clientAppointments.pk]: `${entityPk(entityId)}#CLIENT#${padId(a.clientId)}`,
    [INDEX.clientAppointments.sk]: when,
  };
};

export const appointmentsOfEntityPk = (entityId: string): string => `${entityPk(entityId)}#APPTS`;

export const appointmentsOfCalendarPk = (entityId: string, calendarId: number): string =>
  `${entityPk(entityId)}#CAL#${padId(calendarId)}`;

export const appointmentsOfClientPk = (entityId: string, clientId: number): string =>
  `${entityPk(entityId)}#CLIENT#${padId(clientId)}`;

export const appointmentsFrom = (date: string): string => `APPT#${date}`;

export const appointmentsTo = (date: string): string => `APPT#${date}#~`;

/** Cancel tokens are found by their SHA-256; the token itself is never stored. */
export const cancelToken = (entityId: string, tokenHash: string): Key => ({
  pk: entityPk(entityId),
  sk: `CANCEL#${tokenHash}`,
});

export const client = (entityId: string, clientId: number): Key => ({
  pk: entityPk(entityId),
  sk: `CLIENT#${padId(clientId)}`,
});

/** Phone uniqueness and find-by-phone: one item per E.164 number. */
export const clientPhone = (entityId: string, e164: string): Key => ({
  pk: entityPk(entityId),
  sk: `PHONE#${e164}`,
});

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
  [INDEX.clientName.pk]: `${entityPk(entityId)}#CLIENTS`,
  [INDEX.clientName.sk]: `${c.lastName.toLowerCase()}#${c.firstName.toLowerCase()}#${padId(c.clientId)}`,
  ...(c.email
    ? {
        [INDEX.clientEmail.pk]: `${entityPk(entityId)}#EMAIL#${c.email.toLowerCase()}`,
        [INDEX.clientEmail.sk]: padId(c.clientId),
      }
    : {}),
  [INDEX.clientRank.pk]: `${entityPk(entityId)}#CLIENTRANK`,
  [INDEX.clientRank.sk]: c.appointmentsCount * RANK_STEP + c.clientId,
});

export const clientsOfEntityPk = (entityId: string): string => `${entityPk(entityId)}#CLIENTS`;

export const clientsByEmailPk = (entityId: string, email: string): string =>
  `${entityPk(entityId)}#EMAIL#${email.toLowerCase()}`;

export const clientRankPk = (entityId: string): string => `${entityPk(entityId)}#CLIENTRANK`;

/** Membership of a client in a calendar (clients of a calendar), with its appointment count there. */
export const calendarClient = (entityId: string, calendarId: number, clientId: number): Key => ({
  pk: entityPk(entityId),
  sk: `CALCLIENT#${padId(calendarId)}#${padId(clientId)}`,
});

export const calendarClientPrefix = (entityId: string, calendarId: number): Key => ({
  pk: entityPk(entityId),
  sk: `CALCLIENT#${padId(calendarId)}#`,
});

/** Statistics counter: appointments per status for one (slot date, calendar, client). */
export const dayCounter = (entityId: string, date: string, calendarId: number, clientId: number): Key => ({
  pk: entityPk(entityId),
  sk: `STAT#${date}#${padId(calendarId)}#${padId(clientId)}`,
});

export const dayCounterPrefix = (entityId: string): Key => ({ pk: entityPk(entityId), sk: 'STAT#' });

export const dayCountersFrom = (date: string): string => `STAT#${date}`;
export const dayCountersTo = (date: string): string => `STAT#${date}#~`;

/** A key that is never written: reading it proves the table answers (health probe). */
export const healthProbe = (): Key => ({ pk: 'HEALTH', sk: 'HEALTH' });

/** Idempotency record of a booking request (Idempotency-Key header). */
export const idempotency = (entityId: string, route: string, idempotencyKey: string): Key => ({
  pk: entityPk(entityId),
  sk: `IDEMPOTENCY#${route}#${idempotencyKey}`,
});

/** A publishable key of an entity (its key is found through a token item, by the key's SHA-256). */
export const publishableKey = (entityId: string, keyId: string): Key => ({
  pk: entityPk(entityId),
  sk: `PKEY#${keyId}`,
});
export const publishableKeyPrefix = (entityId: string): Key => ({ pk: entityPk(entityId), sk: 'PKEY#' });

/** How many publishable keys an entity has (at most MAX_KEYS_PER_ENTITY, held by a condition). */
export const publishableKeyCount = (entityId: string): Key => ({ pk: entityPk(entityId), sk: 'PKEYS' });

/** The limits an operator set for an entity (admin CLI); absent ones take the stage's defaults. */
export const limits = (entityId: string): Key => ({ pk: entityPk(entityId), sk: 'LIMITS' });

/** A limit's counter for one fixed window: the entity's, or one publishable key and caller address's. */
export const rateCounter = (
  entityId: string,
  policy: string,
  windowStart: number,
  visitor?: { keyId: string; ip: string },
): Key => ({
  pk: entityPk(entityId),
  sk: visitor
    ? `RATE#${policy}#${visitor.keyId}#${visitor.ip}#${windowStart}`
    : `RATE#${policy}#${windowStart}`,
});

/** A webhook subscription of an entity. */
export const webhook = (entityId: string, webhookId: string): Key => ({
  pk: entityPk(entityId),
  sk: `WEBHOOK#${webhookId}`,
});
export const webhookPrefix = (entityId: string): Key => ({ pk: entityPk(entityId), sk: 'WEBHOOK#' });

/** An event of the feed; event ids have one length and sort in the order the changes happened. */
export const event = (entityId: string, eventId: string): Key => ({
  pk: entityPk(entityId),
  sk: `EVENT#${eventId}`,
});

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
): Key => ({
  pk: entityPk(entityId),
  sk: `DELIVERY#${webhookId}#${padId(appointmentId)}#${eventId}`,
});

export const pendingDeliveryPrefix = (entityId: string, webhookId: string, appointmentId: number): Key => ({
  pk: entityPk(entityId),
  sk: `DELIVERY#${webhookId}#${padId(appointmentId)}#`,
});

/** One client e-mail (docs/NOTIFICATIONS.md): its claim and whether it was sent, by the e-mail's key. */
export const mail = (entityId: string, key: string): Key => ({ pk: entityPk(entityId), sk: `MAIL#${key}` });

/** The staff calendar feed: the entity's current token hash; each token by its SHA-256 (never the token). */
export const calendarFeed = (entityId: string): Key => ({ pk: entityPk(entityId), sk: 'FEED' });
export const calendarFeedToken = (tokenHash: string): Key => ({ pk: `FEED#${tokenHash}`, sk: 'FEED' });
