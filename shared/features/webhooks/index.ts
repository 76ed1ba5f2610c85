/** The webhooks feature's public face: what other features may use of it (docs/design/features.md). */

export type { EventType } from './domain/webhooks';
export { DISPATCH, EVENT_RETENTION_SECONDS, RETRY_SCHEDULE_SECONDS } from './domain/webhooks';
export type { AppointmentChange, WebhookStore } from './ports';
