/**
 * The names of what the functions measure, shared by the code that writes the metrics and the stack that
 * graphs them and alarms on them (infra/observability.ts), so a rename cannot leave a dashboard blind.
 */
import type { DeliveryResult, RefusalReason } from '../core/business-metrics';

/** The `service` dimension of every metric, and the service name of the logs and traces. */
export const SERVICE_NAME = 'booking-api';

/** One CloudWatch namespace per stage: `BookingApi/staging`, `BookingApi/production` (`BookingApi/local`). */
export const metricNamespace = (stage: string): string => `BookingApi/${stage}`;

/** The second dimension of every metric: the API route key (`POST /api/v2/appointments`) or the event function's name. */
export const ROUTE_DIMENSION = 'route';

/** The `route` of the event functions' invocations: their function names in the stack. */
export const EVENT_ROUTES = {
  dispatch: 'dispatch-events',
  deliver: 'deliver-webhooks',
  openDays: 'open-days',
  openDaysEntity: 'open-days-entity',
  sendMail: 'send-mail',
} as const;

/** Every metric is written twice: per service (totals) and per service and route. */
export const DIMENSION_SETS: ReadonlyArray<readonly string[]> = [['service'], ['service', ROUTE_DIMENSION]];

export const METRIC = {
  /** One per HTTP request, and one of Requests2xx … Requests5xx by the answer's status class. */
  requests: 'Requests',
  /** Milliseconds from the stack's first middleware to the answer (p50/p99 on the dashboard). */
  latency: 'Latency',
  bookingsMade: 'BookingsMade',
  /** Every refusal; BookingsRefused<Reason> says why (refusedMetric). */
  bookingsRefused: 'BookingsRefused',
  cancellations: 'Cancellations',
  moves: 'Moves',
  /** Each client e-mail the provider took, or refused (one attempt each; BusinessMetrics.email). */
  emailsSent: 'EmailsSent',
  emailsFailed: 'EmailsFailed',
  /** Each client e-mail dropped unsent because the stage's e-mails are off (no mail domain). */
  emailsOff: 'EmailsOff',
  /** E-mails of publishable-key bookings skipped: over the hourly cap of one address. */
  emailsCapped: 'EmailsCapped',
  /** One per event-function invocation (stream batch, queue batch, scheduled run). */
  invocations: 'Invocations',
} as const;

export type StatusClass = '2xx' | '3xx' | '4xx' | '5xx';
export const STATUS_CLASSES: readonly StatusClass[] = ['2xx', '3xx', '4xx', '5xx'];
export const statusClassOf = (status: number): StatusClass =>
  status >= 500 ? '5xx' : status >= 400 ? '4xx' : status >= 300 ? '3xx' : '2xx';
export const requestsMetric = (cls: StatusClass): string => `Requests${cls}`;

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
/** `BookingsRefusedFull`, `BookingsRefusedLimit`, …: one metric per reason, so one line holds them all. */
export const refusedMetric = (reason: RefusalReason): string =>
  `${METRIC.bookingsRefused}${capitalised(reason)}`;
/** `WebhookDeliveriesSucceeded`, `WebhookDeliveriesFailed`, `WebhookDeliveriesDead`. */
export const deliveryMetric = (result: DeliveryResult): string => `WebhookDeliveries${capitalised(result)}`;
