/**
 * The widget's last view: what was booked (the service and its price, the staff member, the date and time
 * with the time zone named for people), the link to cancel or change it, and the "add to calendar" file.
 */
import type { Appointment } from './api';
import { h } from './dom';
import { dayLabel, fill, hhmm, type Lang, type Texts, zoneLabel } from './i18n';
import { emailUidOf, type IcsEvent, icsHref } from './ics';

export interface Confirmation {
  t: Texts;
  lang: Lang;
  appointment: Appointment;
  /** The business's time zone, which the times are in. */
  timezone: string;
  /** The API's origin, which serves the manage page. */
  base: string;
  /** The business's name (the calendar entry's title says where). */
  business: string | null;
  /** The service booked, with its price written for the locale ("45,50 €"). */
  service?: { name: string; price: string | null } | undefined;
  /** The staff member (calendar) it is with, when the business has several or the visitor chose. */
  staff?: string | undefined;
}

export function renderConfirmation(c: Confirmation): HTMLElement {
  const { t, lang, appointment: a, timezone } = c;
  const zone = zoneLabel(timezone, lang);
  const date = dayLabel(a.date, lang, true);
  const time = `${hhmm(a.start_time)}–${hhmm(a.end_time)}`;
  const manage = `${c.base}/manage#${a.cancel_token}`;
  const row = (term: string, value: string, hook: string) => [
    h('dt', {}, term),
    h('dd', { [hook]: true }, value),
  ];
  const what = c.service?.name ?? t.myAppointment;
  const event: IcsEvent = {
    // Until the e-mails' UID is worked out (below), one of the widget's own.
    uid: `appointment-${a.id}@${new URL(c.base || location.href).host}`,
    date: a.date,
    start_time: a.start_time,
    end_time: a.end_time,
    zone: timezone,
    summary: c.business ? `${what} – ${c.business}` : what,
    description: `${fill(t.confirmedAt, { when: `${date}, ${time}`, zone })}\n${manage}`,
  };
  const addToCalendar = h(
    'a',
    { href: icsHref(event), download: 'appointment.ics', 'data-action': 'add-to-calendar' },
    t.addToCalendar,
  ) as HTMLAnchorElement;
  // The same UID as the e-mail's invite, so that a calendar given both keeps one event.
  void emailUidOf(a.cancel_token, a.id).then((uid) => {
    if (uid) addToCalendar.href = icsHref({ ...event, uid });
  });
  return h(
    'div',
    { class: 'done', 'data-confirmed': true, 'data-appointment-id': a.id, tabindex: '-1', role: 'status' },
    h('h2', {}, t.confirmed),
    h(
      'dl',
      {},
      ...(c.service ? row(t.service, c.service.name, 'data-service') : []),
      ...(c.service?.price ? row(t.price, c.service.price, 'data-price') : []),
      ...(c.staff ? row(t.staff, c.staff, 'data-staff') : []),
      ...row(t.date, date, 'data-date'),
      ...row(t.time, fill(t.confirmedAt, { when: time, zone }), 'data-time'),
    ),
    h('p', {}, h('a', { href: manage, target: '_blank', rel: 'noopener' }, t.manageLink)),
    h('p', {}, addToCalendar),
  );
}
