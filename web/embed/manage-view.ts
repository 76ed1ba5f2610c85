/**
 * What the manage page shows: the appointment (its service and price, the staff member, the date and the
 * time with the time zone named for people), the question a cancel asks once more, and the staff who
 * perform its service (a move may go to another of them).
 */
import type { Appointment, Managed, Start } from './api';
import { h, uid } from './dom';
import { dayLabel, fill, hhmm, type Lang, priceLabel, type Texts, zoneLabel } from './i18n';
import { startTime, type Time } from './picker';

export interface Shown {
  t: Texts;
  lang: Lang;
  /** The locale of the price. */
  locale: string;
}

/** The appointment as a list of terms, with the stable hooks of the contract. */
export function renderDetails({ t, lang, locale }: Shown, m: Managed): HTMLElement {
  const a = m.appointment;
  const statusText = (t as Record<string, string>)[`status_${a.status}`] ?? a.status;
  const row = (term: string, value: string, attrs: Record<string, string | number> = {}) => [
    h('dt', {}, term),
    h('dd', attrs, value),
  ];
  const service = m.service;
  return h(
    'dl',
    { 'data-appointment-id': a.id },
    ...(m.business.name ? row(t.business, m.business.name) : []),
    ...(service ? row(t.service, service.name, { 'data-service': service.id }) : []),
    ...(service && service.price !== null
      ? row(t.price, priceLabel(service.price, service.currency, locale), { 'data-price': service.price })
      : []),
    ...(m.calendar_name
      ? row(t.staff, m.calendar_name, { 'data-staff': a.calendar_id ?? m.business.default_calendar_id })
      : []),
    ...row(t.date, dayLabel(a.date, lang, true), { 'data-date': a.date }),
    ...row(
      t.time,
      fill(t.confirmedAt, {
        when: `${hhmm(a.start_time)}–${hhmm(a.end_time)}`,
        zone: zoneLabel(m.business.timezone, lang),
      }),
      { 'data-time': hhmm(a.start_time) },
    ),
    ...row(t.status, statusText, { 'data-status': a.status }),
  );
}

/** The question a cancel asks once more: cancel for good, or keep the appointment. */
export function renderCancelQuestion(
  t: Texts,
  pending: boolean,
  answer: { yes: () => void; no: () => void },
): HTMLElement {
  const question = uid('confirm');
  return h(
    'div',
    { class: 'confirm', role: 'group', 'aria-labelledby': question, 'data-cancel-question': true },
    h('p', { id: question }, t.confirmCancel),
    h(
      'div',
      { class: 'actions' },
      h(
        'button',
        {
          type: 'button',
          class: 'primary',
          'data-action': 'confirm-cancel',
          disabled: pending,
          onclick: answer.yes,
        },
        t.confirmCancelYes,
      ),
      h(
        'button',
        { type: 'button', 'data-action': 'keep', disabled: pending, onclick: answer.no },
        t.confirmCancelNo,
      ),
    ),
  );
}

/** A staff member who performs the appointment's service. */
export interface Performer {
  id: number;
  name: string;
}

/**
 * The staff a move may go to (every performer seen in the starts of the months shown so far, the
 * appointment's own always) and the chosen one's starts, but the appointment's own.
 */
export function staffStarts(
  starts: Start[],
  staff: { all: Performer[]; chosen: number },
  of: { current: Appointment; managed: Managed },
): { all: Performer[]; times: Time[] } {
  const { current, managed } = of;
  const own = current.calendar_id ?? managed.business.default_calendar_id;
  const named = new Map<number, string>([
    [own, managed.calendar_name ?? ''],
    ...staff.all.map((p): [number, string] => [p.id, p.name]),
  ]);
  for (const s of starts) named.set(s.calendar_id, s.calendar_name);
  const isOwn = (s: Start) =>
    s.date === current.date && s.start_time === current.start_time && s.calendar_id === own;
  return {
    all: [...named].map(([id, name]) => ({ id, name })).sort((a, b) => a.id - b.id),
    times: starts
      .filter((s) => s.calendar_id === staff.chosen && !isOwn(s))
      .map((s) => startTime(s, `${s.date} ${s.start_time} ${s.calendar_id}`)),
  };
}

/** The staff who perform the service, the one chosen pressed; none to show when there is only one. */
export function renderStaff(
  t: Texts,
  staff: { all: Performer[]; chosen: number; onPick: (id: number) => void },
): HTMLElement | null {
  if (staff.all.length < 2) return null;
  return h(
    'fieldset',
    {},
    h('legend', {}, t.chooseStaff),
    h(
      'div',
      { class: 'choices' },
      ...staff.all.map((p) =>
        h(
          'button',
          {
            type: 'button',
            'data-calendar-id': p.id,
            'aria-pressed': String(p.id === staff.chosen),
            onclick: () => staff.onPick(p.id),
          },
          p.name,
        ),
      ),
    ),
  );
}
