/**
 * The console once signed in: the header, the toolbar (prev/next/today, day/week, staff, new appointment,
 * time off), the schedule of the view, and for an owner the business's setup. The view's state is in the
 * address (`?view=week&date=2026-12-01&calendar=2`), so a reload or a bookmark shows the same.
 */
import { h } from '../embed/dom';
import {
  allAppointments,
  type Business,
  type Calendar,
  call,
  type Item,
  type Me,
  type Service,
  type Status,
  type TimeOff,
} from './api';
import { moveAppointment, newAppointment } from './booking';
import { addDays, longDate, shortDate, todayIn, weekStart } from './dates';
import { addPasskeyButton } from './passkeys';
import { scheduleView, viewDays } from './schedule';
import { setupView } from './setup';
import type { Shell, State, View } from './state';
import { addTimeOff, removeTimeOff } from './time-off';

const STATUS_DONE: Record<Status, string> = {
  pending: 'is pending',
  confirmed: 'is confirmed',
  cancelled: 'is cancelled',
  completed: 'is completed',
  no_show: 'is marked a no-show',
};

async function loadState(me: Me): Promise<State> {
  const [business, calendars, services] = await Promise.all([
    call<Business>('GET', '/business'),
    call<Calendar[]>('GET', '/calendars'),
    call<Service[]>('GET', '/services'),
  ]);
  const timezone = business.ok ? business.data.timezone : Intl.DateTimeFormat().resolvedOptions().timeZone;
  const mine = (c: Calendar) => me.role === 'owner' || me.calendar_ids.includes(c.id);
  const params = new URLSearchParams(location.search);
  const view = params.get('view');
  const date = params.get('date');
  const calendar = Number(params.get('calendar'));
  return {
    me,
    business: business.ok
      ? business.data
      : ({ name: null, timezone, language: 'en', default_calendar_id: 1 } as Business),
    calendars: calendars.ok
      ? calendars.data.filter((c) => c.active && mine(c))
      : me.calendar_ids.map((id) => ({ id, name: `Staff ${id}`, active: true })),
    services: services.ok ? services.data : [],
    view: view === 'week' || (view === 'setup' && me.role === 'owner') ? view : 'day',
    date: date && /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : todayIn(timezone),
    calendarId: Number.isInteger(calendar) && calendar > 0 ? calendar : null,
  };
}

export async function startConsole(root: HTMLElement, me: Me, signedOut: () => void): Promise<void> {
  const state = await loadState(me);
  const owner = me.role === 'owner';
  const notice = h('div', { role: 'status', 'aria-live': 'polite', 'data-notice': true });
  const heading = h('h2', { 'data-range': true, tabindex: '-1' });
  const host = h('div', { 'data-view-host': true });
  const shell: Shell = {
    state,
    notify(text, error = false) {
      notice.replaceChildren(h('p', { class: error ? 'notice error' : 'notice' }, text));
    },
    refresh: () => draw(),
  };
  const actions = {
    move: (item: Item) => moveAppointment(shell, item),
    status: async (item: Item, status: Status) => {
      const answer = await call<Item>('POST', '/appointments/update', { appointment_id: item.id, status });
      shell.notify(
        answer.ok ? `${item.client_name}'s appointment ${STATUS_DONE[status]}.` : answer.message,
        !answer.ok,
      );
      if (answer.ok) await draw();
    },
    removeTimeOff: (off: TimeOff) => void removeTimeOff(shell, off),
  };

  const button = (action: string, text: string, run: () => void, label?: string) =>
    h('button', { type: 'button', 'data-action': action, 'aria-label': label, onclick: run }, text);
  const go = (days: number) => {
    state.date = addDays(state.date, state.view === 'week' ? 7 * days : days);
    void draw();
  };
  const dayButton = button('day-view', 'Day', () => switchTo('day'));
  const weekButton = button('week-view', 'Week', () => switchTo('week'));
  const staffSelect = h(
    'select',
    { id: 'staff-filter', name: 'staff' },
    h('option', { value: '' }, 'All staff'),
    ...state.calendars.map((c) => h('option', { value: c.id, selected: c.id === state.calendarId }, c.name)),
  ) as HTMLSelectElement;
  staffSelect.addEventListener('change', () => {
    state.calendarId = staffSelect.value === '' ? null : Number(staffSelect.value);
    void draw();
  });
  const toolbar = h(
    'div',
    { class: 'bar', role: 'toolbar', 'aria-label': 'Schedule' },
    button('prev', '‹ Previous', () => go(-1), 'Previous'),
    button('today', 'Today', () => {
      state.date = todayIn(state.business.timezone);
      void draw();
    }),
    button('next', 'Next ›', () => go(1), 'Next'),
    dayButton,
    weekButton,
    h('label', { for: 'staff-filter', class: 'visually-hidden' }, 'Staff member'),
    staffSelect,
    // A staff member books and gives time off in their own calendars: the pickers offer only those
    // (docs/CONTRACT.md#staff-and-sessions).
    button('new', 'New appointment', () => newAppointment(shell)),
    button('time-off', 'Time off', () => addTimeOff(shell)),
  );
  const scheduleTab = button('schedule', 'Schedule', () => switchTo('day'));
  const setupTab = owner ? button('setup', 'Setup', () => switchTo('setup')) : null;
  const signOut = button('sign-out', 'Sign out', async () => {
    await call('POST', '/sessions/delete', {});
    signedOut();
  });
  root.replaceChildren(
    h(
      'header',
      { class: 'top' },
      h('h1', {}, state.business.name ?? 'Console'),
      h('nav', { 'aria-label': 'Console' }, h('div', { class: 'bar' }, scheduleTab, setupTab)),
      h(
        'div',
        { class: 'bar' },
        h('span', { 'data-me': me.email }, `${me.email} (${me.role})`),
        addPasskeyButton((text, error) => shell.notify(text, error)),
        signOut,
      ),
    ),
    notice,
    toolbar,
    heading,
    host,
  );

  function switchTo(view: View) {
    state.view = view;
    void draw();
  }

  async function draw(): Promise<void> {
    const params = new URLSearchParams({ view: state.view, date: state.date });
    if (state.calendarId !== null) params.set('calendar', String(state.calendarId));
    history.replaceState(null, '', `/console?${params}`);
    toolbar.hidden = state.view === 'setup';
    scheduleTab.setAttribute('aria-pressed', String(state.view !== 'setup'));
    setupTab?.setAttribute('aria-pressed', String(state.view === 'setup'));
    dayButton.setAttribute('aria-pressed', String(state.view === 'day'));
    weekButton.setAttribute('aria-pressed', String(state.view === 'week'));
    if (state.view === 'setup') {
      heading.textContent = 'Setup';
      host.replaceChildren(await setupView(shell));
      return;
    }
    const locale = state.business.locale ?? 'en-GB';
    const days = viewDays(state, weekStart(state.date), addDays);
    const last = days[days.length - 1] ?? state.date;
    heading.textContent =
      state.view === 'week'
        ? `Week of ${shortDate(days[0] ?? state.date, locale)} to ${shortDate(last, locale)}`
        : longDate(state.date, locale);
    const [list, ...offs] = await Promise.all([
      allAppointments({ from: days[0], to: last, calendar_id: state.calendarId }),
      ...state.calendars.map((c) => call<TimeOff[]>('GET', '/time-off', { calendar_id: c.id })),
    ]);
    if (!list.ok) {
      shell.notify(list.message, true);
      host.replaceChildren(
        h(
          'div',
          { 'data-console-view': state.view, 'data-refused': list.status },
          h('p', { class: 'notice error' }, list.message),
        ),
      );
      return;
    }
    const timeOff = new Map(state.calendars.map((c, i) => [c.id, offs[i]?.ok ? (offs[i]?.data ?? []) : []]));
    host.replaceChildren(scheduleView(state, { days, items: list.data, timeOff }, actions));
  }
  await draw();
}
