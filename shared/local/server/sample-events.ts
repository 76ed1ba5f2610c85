import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { ROUTES, type RouteDef, routeName } from '../../routes';
import { matchRoute, toApiGatewayEvent } from './api-gateway';

/** Placeholder in sample events: replace it with a token printed by `npm start` or the admin CLI. */
export const TOKEN_PLACEHOLDER = 'REPLACE_WITH_ACCESS_TOKEN';

const QUERIES: Record<string, string> = {
  'GET /api/v2/opening-hours/check-date': 'date=2030-01-07',
  'GET /api/v2/opening-hours/date': 'date=2030-01-07',
  'GET /api/v2/calendar-slots': 'date=2030-01-07',
  'GET /api/v2/availability': 'service_id=3&from=2030-01-07&to=2030-01-13',
  'GET /api/v2/appointments': 'from=2030-01-07&to=2030-01-13',
  'GET /api/slots': 'calendar_id=1&date_from=2030-01-07&date_to=2030-01-13',
  'GET /api/appointments': 'page=1&per_page=50',
  'GET /api/clients': 'search=durand',
  'GET /api/statistics/appointments': 'period=last7days',
  'GET /api/statistics/{calendarId}': 'period=today',
};

const BODIES: Record<string, unknown> = {
  'POST /api/v2/calendar-slots/generate': { date: '2030-01-07', max_appointments: 2 },
  'POST /api/v2/calendar-slots/update': { slot_id: 2, status: 'closed' },
  'POST /api/v2/calendar-slots/delete': { slot_id: 2 },
  'POST /api/v2/appointments': { client_name: 'Jeanne Durand', client_phone: '06 12 34 56 78', slot_id: 2 },
  'POST /api/v2/calendars': { name: 'Camille' },
  'POST /api/v2/calendars/update': { id: 2, active: false },
  'POST /api/v2/services': { name: 'Colour', duration: 90, calendar_ids: [2] },
  'POST /api/v2/services/update': { id: 3, duration: 60 },
  'POST /api/v2/services/delete': { id: 3 },
  'POST /api/v2/appointments/cancel': { cancel_token: 'the-token-returned-by-the-booking' },
  'POST /api/v2/appointments/lookup': { cancel_token: 'the-token-returned-by-the-booking' },
  'POST /api/v2/appointments/confirm': { cancel_token: 'the-token-returned-by-the-booking' },
  'POST /api/v2/appointments/reschedule': { cancel_token: 'the-token-returned-by-the-booking', slot_id: 3 },
  'POST /api/v2/appointments/update': { appointment_id: 4, status: 'no_show' },
  'POST /api/v2/validation/phone': { phone_number: '06 12 34 56 78', validation_type: 'mobiles' },
  'POST /api/v2/validation/email': { email: 'jeanne@example.fr', validation_type: 'nofreeemail' },
  'POST /api/appointment': {
    calendar_id: 1,
    slot_id: 2,
    client_firstname: 'Jeanne',
    client_lastname: 'Durand',
    client_email: 'jeanne@example.fr',
    client_phone: '+33612345678',
  },
  'PUT /api/appointment/{id}': { status: 'cancelled' },
  'POST /api/v2/staff': { email: 'ana@example.fr', role: 'staff', calendar_ids: [1] },
  'POST /api/v2/staff/update': { email: 'ana@example.fr', role: 'owner' },
  'POST /api/v2/staff/delete': { email: 'ana@example.fr' },
  'POST /api/v2/sessions': { email: 'ana@example.fr', account: 'demo' },
  'POST /api/v2/sessions/verify': { token: 'the-token-of-the-e-mailed-link-43-characters' },
  'POST /api/v2/sessions/delete': { everywhere: false },
  'POST /api/v2/passkeys': { response: { id: 'the-credential-id', type: 'public-key' }, name: 'Laptop' },
  'POST /api/v2/sessions/passkey': { response: { id: 'the-credential-id', type: 'public-key' } },
};

/** The HTTP API (payload 2.0) event API Gateway sends for a sample request to this route. */
export function sampleEvent(route: RouteDef): APIGatewayProxyEventV2 {
  const key = `${route.method} ${route.path}`;
  const path = route.path.replace(/\{\w+\}/g, '1');
  const query = QUERIES[key];
  const body = BODIES[key];
  const url = `${path}${query ? `?${query}` : ''}`;
  const event = toApiGatewayEvent(
    {
      method: route.method,
      url,
      headers: {
        host: 'localhost:3000',
        'user-agent': 'sample-event',
        ...(route.auth === 'none' ? {} : { 'access-token': TOKEN_PLACEHOLDER }),
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : '',
      sourceIp: '127.0.0.1',
    },
    matchRoute(ROUTES, route.method, path),
  );
  // Fixed ids and times, so the files only change when a route does.
  event.requestContext.requestId = `sample-${routeName(route)}`;
  event.requestContext.time = '07/Jan/2030:09:00:00 +0000';
  event.requestContext.timeEpoch = Date.UTC(2030, 0, 7, 9);
  return event;
}

/** File name of a route's sample event under events/. */
export const sampleEventFile = (route: RouteDef): string => `${routeName(route)}.json`;
