/** With services (issue 29): the buttons that choose the service, and the person ('any' for anyone). */
import type { Calendar, Service } from './api';
import { h } from './dom';
import { priceLabel, type Texts } from './i18n';

export type Staff = number | 'any';

export interface Choices {
  t: Texts;
  services: Service[];
  /** The active calendars: those of the chosen service are offered. */
  calendars: Calendar[];
  service: Service | null;
  staff: Staff;
  /** The locale prices are written for. */
  locale: string;
  onService: (service: Service) => void;
  onStaff: (staff: Staff) => void;
}

export function renderChoices({
  t,
  services,
  calendars,
  service,
  staff,
  locale,
  onService,
  onStaff,
}: Choices): HTMLElement {
  const priced = (s: Service) => (s.price === null ? '' : ` · ${priceLabel(s.price, s.currency, locale)}`);
  const serviceButtons = services.map((s) =>
    h(
      'button',
      {
        type: 'button',
        'data-service-id': s.id,
        'aria-pressed': String(s.id === service?.id),
        onclick: () => onService(s),
      },
      `${s.name} (${s.duration} min${priced(s)})`,
    ),
  );
  const performers = calendars.filter((c) => !service || service.calendar_ids.includes(c.id));
  const staffButtons = [{ id: 'any' as const, name: t.anyone }, ...performers].map((c) =>
    h(
      'button',
      {
        type: 'button',
        'data-calendar-id': c.id,
        'aria-pressed': String(c.id === staff),
        onclick: () => onStaff(c.id),
      },
      c.name,
    ),
  );
  return h(
    'div',
    {},
    h('fieldset', {}, h('legend', {}, t.chooseService), h('div', { class: 'choices' }, ...serviceButtons)),
    service?.description
      ? h('p', { class: 'service-info', 'data-service-description': service.id }, service.description)
      : null,
    service && performers.length > 1
      ? h('fieldset', {}, h('legend', {}, t.chooseStaff), h('div', { class: 'choices' }, ...staffButtons))
      : null,
  );
}
