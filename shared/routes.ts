/**
 * The route table: every endpoint of both APIs, its handler file, the token it needs and whether it
 * writes. The local server and the CDK stack both read it, so what runs on a laptop is what deploys.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT';

export interface RouteDef {
  method: HttpMethod;
  /** API Gateway (HTTP API) route path, with `{name}` path parameters. */
  path: string;
  /** Handler file relative to the repository root; it exports `handler`. */
  entry: string;
  /** Which token the route takes: the v1 (HMAC) token, the v2 (SHA-1) token, or none. */
  auth: 'v1' | 'v2' | 'none';
  /** read: the function gets read actions only; write: it may also write. */
  access: 'read' | 'write';
  /** A publishable key may call it (its handler says so too): it answers CORS preflights from any origin. */
  publishable?: true;
}

/** A route of one API: its path under that API's prefix, its handler under functions/<api>/. */
const routeOf =
  (api: 'v1' | 'v2', prefix: string) =>
  (method: HttpMethod, path: string, entry: string, access: 'read' | 'write' = 'read'): RouteDef => ({
    method,
    path: `${prefix}${path}`,
    entry: `functions/${api}/${entry}.ts`,
    auth: api,
    access,
  });
const v1 = routeOf('v1', '/api');
const v2 = routeOf('v2', '/api/v2');
/** A route a publishable key may call (docs/CONTRACT.md#publishable-keys). */
const pk = (route: RouteDef): RouteDef => ({ ...route, publishable: true });

export const ROUTES: readonly RouteDef[] = [
  { method: 'GET', path: '/api', entry: 'functions/v1/info/get-info.ts', auth: 'none', access: 'read' },
  {
    method: 'GET',
    path: '/api/health',
    entry: 'functions/v1/info/get-health.ts',
    auth: 'none',
    access: 'read',
  },

  v1('GET', '/calendars', 'calendars/list-calendars'),
  v1('GET', '/calendars/{id}', 'calendars/get-calendar'),
  v1('GET', '/slots', 'slots/list-slots'),
  v1('GET', '/slots/{id}', 'slots/get-slot'),
  v1('GET', '/appointments', 'appointments/list-appointments'),
  v1('GET', '/appointments/{id}', 'appointments/get-appointment'),
  v1('POST', '/appointment', 'appointments/create-appointment', 'write'),
  v1('PUT', '/appointment/{id}', 'appointments/update-appointment', 'write'),
  v1('GET', '/clients', 'clients/list-clients'),
  v1('GET', '/clients/{id}', 'clients/get-client'),
  v1('GET', '/statistics/appointments', 'statistics/appointment-statistics'),
  v1('GET', '/statistics/calendars', 'statistics/calendars-report'),
  v1('GET', '/statistics/clients', 'statistics/clients-report'),
  v1('GET', '/statistics/{calendarId}', 'statistics/calendar-statistics'),

  pk(v2('GET', '/opening-hours', 'opening-hours/list-opening-hours')),
  pk(v2('GET', '/opening-hours/check-date', 'opening-hours/check-date')),
  pk(v2('GET', '/opening-hours/date', 'opening-hours/get-date-hours')),
  v2('POST', '/opening-hours/update', 'opening-hours/update-opening-hours', 'write'),
  v2('GET', '/closures', 'closures/list-closures'),
  v2('POST', '/closures', 'closures/add-closure', 'write'),
  v2('POST', '/closures/delete', 'closures/delete-closure', 'write'),
  // A staff member's time off (docs/CONTRACT.md#time-off).
  v2('GET', '/time-off', 'time-off/list-time-off'),
  v2('POST', '/time-off', 'time-off/add-time-off', 'write'),
  v2('POST', '/time-off/delete', 'time-off/delete-time-off', 'write'),
  v2('GET', '/settings', 'settings/get-settings'),
  v2('POST', '/settings', 'settings/update-settings', 'write'),
  pk(v2('GET', '/calendar-slots', 'calendar-slots/list-slots')),
  v2('POST', '/calendar-slots/generate', 'calendar-slots/generate-slots', 'write'),
  v2('POST', '/calendar-slots/update', 'calendar-slots/update-slot', 'write'),
  v2('POST', '/calendar-slots/delete', 'calendar-slots/delete-slot', 'write'),
  pk(v2('POST', '/appointments', 'appointments/book-appointment', 'write')),
  pk(v2('POST', '/appointments/cancel', 'appointments/cancel-appointment', 'write')),
  pk(v2('POST', '/appointments/confirm', 'appointments/confirm-appointment', 'write')),
  pk(v2('POST', '/appointments/lookup', 'appointments/lookup-appointment')),
  pk(v2('POST', '/appointments/reschedule', 'appointments/reschedule-appointment', 'write')),
  // The business's own appointments (docs/CONTRACT.md#appointments).
  v2('GET', '/appointments', 'appointments/list-appointments'),
  v2('POST', '/appointments/update', 'appointments/update-appointment', 'write'),
  pk(v2('GET', '/business', 'business/get-business')),
  pk(v2('POST', '/validation/phone', 'validation/validate-phone')),
  pk(v2('POST', '/validation/email', 'validation/validate-email')),
  v2('POST', '/webhooks', 'webhooks/create-webhook', 'write'),
  v2('GET', '/webhooks', 'webhooks/list-webhooks'),
  v2('POST', '/webhooks/delete', 'webhooks/delete-webhook', 'write'),
  v2('GET', '/events', 'events/list-events'),
  v2('POST', '/keys', 'keys/create-key', 'write'),
  v2('GET', '/keys', 'keys/list-keys'),
  v2('POST', '/keys/delete', 'keys/delete-key', 'write'),
  v2('POST', '/calendar-feed', 'calendar-feed/create-feed', 'write'),
  v2('GET', '/calendar-feed', 'calendar-feed/get-feed-status'),
  v2('POST', '/calendar-feed/delete', 'calendar-feed/delete-feed', 'write'),
  // Services and staff (docs/CONTRACT.md#services-and-staff).
  pk(v2('GET', '/calendars', 'calendars/list-calendars')),
  v2('POST', '/calendars', 'calendars/create-calendar', 'write'),
  v2('POST', '/calendars/update', 'calendars/update-calendar', 'write'),
  pk(v2('GET', '/services', 'services/list-services')),
  v2('POST', '/services', 'services/create-service', 'write'),
  v2('POST', '/services/update', 'services/update-service', 'write'),
  v2('POST', '/services/delete', 'services/delete-service', 'write'),
  pk(v2('GET', '/availability', 'availability/get-availability')),
  // Staff accounts and their sessions (docs/CONTRACT.md#staff-and-sessions).
  v2('GET', '/staff', 'staff/list-staff'),
  v2('POST', '/staff', 'staff/create-staff', 'write'),
  v2('POST', '/staff/update', 'staff/update-staff', 'write'),
  v2('POST', '/staff/delete', 'staff/delete-staff', 'write'),
  // Signing in takes no credential: it is how a person gets one.
  { ...v2('POST', '/sessions', 'sessions/request-sign-in', 'write'), auth: 'none' },
  { ...v2('POST', '/sessions/verify', 'sessions/verify-sign-in', 'write'), auth: 'none' },
  v2('POST', '/sessions/delete', 'sessions/sign-out', 'write'),
  v2('GET', '/me', 'me/get-me'),
  // Passkeys: registered by a signed-in person, then a way in (docs/CONTRACT.md#passkeys).
  v2('POST', '/passkeys/options', 'passkeys/passkey-options', 'write'),
  v2('POST', '/passkeys', 'passkeys/register-passkey', 'write'),
  v2('GET', '/passkeys', 'passkeys/list-passkeys'),
  { ...v2('POST', '/sessions/passkey/options', 'sessions/passkey-options', 'write'), auth: 'none' },
  { ...v2('POST', '/sessions/passkey', 'sessions/passkey-sign-in', 'write'), auth: 'none' },
];

/**
 * The staff calendar feed (docs/NOTIFICATIONS.md): a secret address, no token header, an iCalendar answer
 * outside both APIs' envelopes; served beside the route table by the local server and the API stack.
 */
export const FEED_ROUTE: RouteDef = {
  method: 'GET',
  path: '/feeds/{file}',
  entry: 'functions/feeds/get-feed.ts',
  auth: 'none',
  access: 'read',
};

/**
 * The business's face (docs/CONTRACT.md#widget-and-manage-page): the widget's script, the hosted booking
 * page of a key made with `hosted_page` and the manage page; HTML and JavaScript outside both APIs'
 * envelopes, served beside the route table by the local server and the API stack.
 */
export const PAGE_ROUTES: readonly RouteDef[] = [
  { method: 'GET', path: '/embed.js', entry: 'functions/pages/get-embed.ts', auth: 'none', access: 'read' },
  { method: 'GET', path: '/book/{key}', entry: 'functions/pages/book-page.ts', auth: 'none', access: 'read' },
  { method: 'GET', path: '/manage', entry: 'functions/pages/manage-page.ts', auth: 'none', access: 'read' },
  // The owner's console (README, "The owner's console"): one page at both addresses, and its script.
  { method: 'GET', path: '/console', entry: 'functions/pages/console-page.ts', auth: 'none', access: 'read' },
  {
    method: 'GET',
    path: '/console/sign-in',
    entry: 'functions/pages/console-page.ts',
    auth: 'none',
    access: 'read',
  },
  {
    method: 'GET',
    path: '/console.js',
    entry: 'functions/pages/get-console.ts',
    auth: 'none',
    access: 'read',
  },
];

/** OPTIONS on a publishable route: the CORS preflight from any origin (functions/preflight.ts). */
export const PREFLIGHT_ENTRY = 'functions/preflight.ts';
export const PUBLISHABLE_ROUTES: readonly RouteDef[] = ROUTES.filter((route) => route.publishable);

/** Answers every request no route serves: 404 in the envelope of the API its path belongs to. */
export const NOT_FOUND_ENTRY = 'functions/not-found.ts';

/**
 * The functions no route calls: booking events (docs/EVENTS.md: the table stream's dispatcher and the
 * deliveries) and open days (the hourly schedule and the stream's settings, hours and closure changes).
 */
export const EVENT_ENTRIES = {
  dispatch: 'functions/events/dispatch-changes.ts',
  deliver: 'functions/events/deliver-webhooks.ts',
  openDays: 'functions/scheduled/open-days.ts',
  openDaysEntity: 'functions/scheduled/open-days-entity.ts',
  mail: 'functions/events/send-mail.ts',
} as const;

/** A stable, readable name for a route (function ids, sample events). */
export function routeName(route: RouteDef): string {
  const path = route.path
    .replace(/^\/api/, '')
    .replace(/[{}]/g, '')
    .replace(/\./g, '-')
    .split('/')
    .filter(Boolean)
    .join('-');
  return `${route.method.toLowerCase()}-${path || 'root'}`;
}
