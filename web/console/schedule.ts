/**
 * The day and week views: one column per staff member (`data-calendar-id`), each appointment with its time,
 * client, phone, service, staff and status (`data-appointment-id`) and its controls (`data-action`), and
 * the staff member's time off.
 */
import { h } from '../embed/dom';
import type { Item, Status, TimeOff } from './api';
import { hhmm, longDate, shortDate } from './dates';
import type { State } from './state';

export interface ScheduleActions {
  move(item: Item): void;
  status(item: Item, status: Status): void;
  removeTimeOff(off: TimeOff): void;
}

const STATUS_WORDS: Record<Status, string> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  cancelled: 'Cancelled',
  completed: 'Completed',
  no_show: 'No-show',
};

/** An appointment still to be dealt with may be moved, cancelled, completed or marked a no-show. */
const open = (status: Status) => status === 'pending' || status === 'confirmed';

function appointmentCard(item: Item, actions: ScheduleActions): HTMLElement {
  const who = `${item.client_name}, ${hhmm(item.start_time)}`;
  const control = (action: string, text: string, run: () => void) =>
    h(
      'button',
      { type: 'button', 'data-action': action, 'aria-label': `${text}: ${who}`, onclick: run },
      text,
    );
  const controls = open(item.status)
    ? h(
        'div',
        { class: 'controls' },
        control('move', 'Move', () => actions.move(item)),
        control('cancel', 'Cancel', () => actions.status(item, 'cancelled')),
        control('complete', 'Completed', () => actions.status(item, 'completed')),
        control('no-show', 'No-show', () => actions.status(item, 'no_show')),
      )
    : null;
  return h(
    'li',
    {
      class: 'appointment',
      'data-appointment-id': item.id,
      'data-status': item.status,
      'data-date': item.date,
      'data-start': hhmm(item.start_time),
    },
    h('div', { class: 'when' }, `${hhmm(item.start_time)}–${hhmm(item.end_time)}`),
    h('div', { class: 'client' }, item.client_name),
    h(
      'div',
      { class: 'meta' },
      h('a', { href: `tel:${item.client_phone.replace(/\s+/g, '')}` }, item.client_phone),
    ),
    h('div', { class: 'meta' }, `${item.service_name ?? 'Appointment'} · ${item.calendar_name}`),
    h('div', { class: 'status' }, STATUS_WORDS[item.status]),
    controls,
  );
}

function timeOffCard(off: TimeOff, actions: ScheduleActions): HTMLElement {
  const span = off.start_time ? `${hhmm(off.start_time)}–${hhmm(off.end_time)}` : 'All day';
  return h(
    'li',
    { class: 'time-off', 'data-time-off-id': off.id, 'data-date': off.date },
    h('div', { class: 'when' }, `Time off · ${span}`),
    off.name ? h('div', { class: 'meta' }, off.name) : null,
    h(
      'button',
      {
        type: 'button',
        'data-action': 'remove-time-off',
        'aria-label': `Remove the time off ${span}`,
        onclick: () => actions.removeTimeOff(off),
      },
      'Remove',
    ),
  );
}

/** One day's entries of one column: time off first, then appointments by start. */
function dayList(items: Item[], offs: TimeOff[], actions: ScheduleActions, label: string): HTMLElement {
  if (items.length === 0 && offs.length === 0) return h('p', { class: 'empty' }, 'No appointments');
  return h(
    'ol',
    { 'aria-label': label },
    ...offs.map((off) => timeOffCard(off, actions)),
    ...items.map((item) => appointmentCard(item, actions)),
  );
}

/** The view's days: one (day view) or seven from Monday (week view). */
export function viewDays(state: State, monday: string, add: (d: string, n: number) => string): string[] {
  return state.view === 'week' ? [0, 1, 2, 3, 4, 5, 6].map((n) => add(monday, n)) : [state.date];
}

export function scheduleView(
  state: State,
  data: { days: string[]; items: Item[]; timeOff: Map<number, TimeOff[]> },
  actions: ScheduleActions,
): HTMLElement {
  const locale = state.business.locale ?? 'en-GB';
  const shown =
    state.calendarId === null ? state.calendars : state.calendars.filter((c) => c.id === state.calendarId);
  const columns = shown.map((calendar) => {
    const mine = data.items.filter((item) => item.calendar_id === calendar.id);
    const offs = data.timeOff.get(calendar.id) ?? [];
    const title = `col-${calendar.id}`;
    const days = data.days.map((day) => {
      const label = `${calendar.name}, ${longDate(day, locale)}`;
      const list = dayList(
        mine.filter((item) => item.date === day),
        offs.filter((off) => off.date === day),
        actions,
        label,
      );
      return data.days.length === 1
        ? list
        : h('div', { 'data-day': day }, h('h3', {}, shortDate(day, locale)), list);
    });
    return h(
      'section',
      { class: 'column', 'data-calendar-id': calendar.id, 'aria-labelledby': title },
      h('h2', { id: title }, calendar.name),
      ...days,
    );
  });
  return h(
    'div',
    { class: 'columns', 'data-console-view': state.view },
    ...(columns.length ? columns : [h('p', { class: 'empty' }, 'No staff member to show')]),
  );
}
