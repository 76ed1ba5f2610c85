/** The widget's last view: the booked appointment, and the link to cancel or change it. */
import type { Appointment } from './api';
import { h } from './dom';
import { dayLabel, fill, hhmm, type Lang, type Texts } from './i18n';

export interface Confirmation {
  t: Texts;
  lang: Lang;
  appointment: Appointment;
  /** The business's time zone, which the times are in. */
  timezone: string;
  /** The API's origin, which serves the manage page. */
  base: string;
}

export function renderConfirmation({ t, lang, appointment: a, timezone, base }: Confirmation): HTMLElement {
  const when = `${dayLabel(a.date, lang, true)}, ${hhmm(a.start_time)}–${hhmm(a.end_time)}`;
  return h(
    'div',
    { class: 'done', 'data-confirmed': true, 'data-appointment-id': a.id, tabindex: '-1', role: 'status' },
    h('h2', {}, t.confirmed),
    h('p', {}, fill(t.confirmedAt, { when, zone: timezone })),
    h(
      'p',
      {},
      h('a', { href: `${base}/manage#${a.cancel_token}`, target: '_blank', rel: 'noopener' }, t.manageLink),
    ),
  );
}
