import { randomBytes } from 'node:crypto';
import { isoInZone } from '../../../core/dates';
import { found, invalidField, resourceNotFound } from '../../../core/errors';
import type { EntityContext } from '../../access';
import { type BookingEvent, EVENT_TYPES, type EventType, isEventId, urlProblem } from '../domain/webhooks';
import type { EventStore, WebhookRecord, WebhookStore, WebhookTransport } from '../ports';
import { addressesOf } from './webhook-address';

/** A subscription as listed: everything but the secret. */
export type WebhookSummary = Omit<WebhookRecord, 'secret'>;

/** Subscriptions per entity beyond which a new one is refused (each costs a delivery per event). */
export const MAX_WEBHOOKS = 20;

const withoutSecret = ({ secret: _, ...rest }: WebhookRecord): WebhookSummary => rest;

/** What the subscriptions and the pull feed need: their stores, DNS (to check a URL), the stage rule for local receivers, a clock. */
export interface WebhookServiceDeps {
  webhooks: WebhookStore;
  events: EventStore;
  transport: Pick<WebhookTransport, 'resolve'>;
  /** STAGE=local: http and loopback receivers (private addresses) are allowed. */
  allowLocalReceivers: boolean;
  now?: () => Date;
}

/** Webhook subscriptions of an entity, and its pull feed of events. */
export class WebhookService {
  private readonly now: () => Date;

  constructor(private readonly deps: WebhookServiceDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  /** Subscribes a URL; the answer carries the signing secret, which is never shown again. */
  async subscribe(entity: EntityContext, input: { url: string; events?: unknown }): Promise<WebhookRecord> {
    // 1. The URL: http(s), and on AWS https to a public address (checked again at each delivery).
    const url = await this.checkedUrl(input.url);
    // 2. The events: all three unless some are named.
    const events = this.checkedEvents(input.events);
    const record: WebhookRecord = {
      id: `wh_${randomBytes(12).toString('hex')}`,
      url: url.toString(),
      events,
      secret: `whsec_${randomBytes(32).toString('base64')}`,
      created_at: isoInZone(this.now(), entity.settings.timezone),
      last_failure: null,
      last_success_at: null,
    };
    // 3. A bounded number of subscriptions, counted in the creating transaction (exact when asked at once).
    if (!(await this.deps.webhooks.create(entity.entityId, record, MAX_WEBHOOKS))) {
      throw invalidField('url', `at most ${MAX_WEBHOOKS} webhooks per account`);
    }
    return record;
  }

  /** The entity's subscriptions, without their secrets. */
  async list(entityId: string): Promise<WebhookSummary[]> {
    return (await this.deps.webhooks.list(entityId)).map(withoutSecret);
  }

  /** Removes a subscription: nothing more is sent to it, queued deliveries included. */
  async remove(entityId: string, id: string): Promise<WebhookSummary> {
    const record = found(await this.deps.webhooks.get(entityId, id), () => resourceNotFound('webhook'));
    if (!(await this.deps.webhooks.remove(entityId, id))) throw resourceNotFound('webhook');
    return withoutSecret(record);
  }

  /** The entity's events after one (exclusive), in the order they happened. */
  feed(entityId: string, after: string | undefined, limit: number): Promise<BookingEvent[]> {
    if (after !== undefined && !isEventId(after)) throw invalidField('after', 'must be an event id');
    return this.deps.events.listAfter(entityId, after, limit);
  }

  private async checkedUrl(text: string): Promise<URL> {
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      throw invalidField('url', 'must be an http or https URL');
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw invalidField('url', 'must be an http or https URL');
    }
    const { addresses } = await addressesOf(url, this.deps.transport);
    const problem = urlProblem(url, addresses ?? [], this.deps.allowLocalReceivers);
    if (problem) throw invalidField('url', problem);
    return url;
  }

  private checkedEvents(events: unknown): EventType[] {
    if (events === undefined || events === null) return [...EVENT_TYPES];
    const rule = `must be a non-empty list of ${EVENT_TYPES.join(', ')}`;
    if (!Array.isArray(events) || events.length === 0) throw invalidField('events', rule);
    for (const name of events) {
      if (!(EVENT_TYPES as readonly unknown[]).includes(name)) throw invalidField('events', rule);
    }
    return [...new Set(events)] as EventType[];
  }
}
