/** The days and times that can be booked, as two groups of buttons with the stable hooks. */
import { type Api, nowIn, type Slot, type Start } from './api';
import { h } from './dom';
import { dayLabel, fill, hhmm, type Lang, monthLabel, TEXTS, zoneLabel } from './i18n';
import { type BookingWindow, monthRange, monthsOf, windowOf } from './months';

/** A time a visitor may pick: a slot (slotId), or a start of a service on a calendar. */
export interface Time {
  key: string;
  date: string;
  start_time: string;
  end_time: string;
  calendar_id: number;
  slotId?: number;
}

export interface PickerState {
  times: Time[];
  day: string | null;
  time: Time | null;
}

export interface PickerEvents {
  onDay: (day: string) => void;
  onTime: (time: Time) => void;
}

/** The open slots of a range (monthRange) that have a place left. */
export const freeSlots = (api: Api, range: string) =>
  api.call<Slot[]>('GET', `/calendar-slots?${range}&available=true`);

/** Where the whole of a service fits in a range (monthRange): with one calendar, or with anyone. */
export const serviceStarts = (api: Api, range: string, serviceId: number, calendarId?: number) =>
  api.call<Start[]>(
    'GET',
    `/availability?service_id=${serviceId}&${range}${calendarId === undefined ? '' : `&calendar_id=${calendarId}`}`,
  );

/** A start of a service as a time, under `key`. */
export const startTime = (start: Start, key: string): Time => ({
  key,
  date: start.date,
  start_time: start.start_time,
  end_time: start.end_time,
  calendar_id: start.calendar_id,
});

/** The days that have a free time, in order. */
export const daysOf = (times: Time[]): string[] => [...new Set(times.map((s) => s.date))].sort();

/** What a picker shows: its words in `lang`, the times in `zone`, and the alert said with them. */
export interface PickerView {
  lang: Lang;
  zone: string;
  alert: string | null;
}

/** A picker of `state`'s times, whose buttons call `events`; with `months`, one month of them at a time. */
export interface PickerOf extends PickerView {
  state: PickerState;
  events: PickerEvents;
  months?:
    | { all: string[]; shown: string; onMonth: (month: string, nav: 'prev' | 'next') => void }
    | undefined;
}

/** The month shown, between buttons to the previous and next months of the window (none past its ends). */
function monthNav(lang: Lang, months: NonNullable<PickerOf['months']>): HTMLElement {
  const t = TEXTS[lang];
  const at = months.all.indexOf(months.shown);
  const go = (to: string | undefined, nav: 'prev' | 'next', label: string, arrow: string) =>
    h(
      'button',
      {
        type: 'button',
        'data-month-nav': nav,
        'aria-label': label,
        disabled: to === undefined,
        onclick: () => to !== undefined && months.onMonth(to, nav),
      },
      arrow,
    );
  return h(
    'div',
    { class: 'months' },
    go(months.all[at - 1], 'prev', t.prevMonth, '‹'),
    h(
      'p',
      { class: 'month', 'data-month': months.shown, 'aria-live': 'polite' },
      monthLabel(months.shown, lang),
    ),
    go(months.all[at + 1], 'next', t.nextMonth, '›'),
  );
}

export function renderPicker({ state, lang, zone, events, alert, months }: PickerOf): HTMLElement {
  const t = TEXTS[lang];
  const days = daysOf(state.times);
  const zoneName = zoneLabel(zone, lang);
  const wrap = h('div', { class: 'picker' }, h('p', { class: 'zone' }, fill(t.timesIn, { zone: zoneName })));
  if (months && months.all.length > 1) wrap.append(monthNav(lang, months));
  const alertLine = alert ? h('p', { role: 'alert', class: 'alert' }, alert) : null;
  if (days.length === 0) {
    const none =
      months && months.all.length > 1
        ? fill(t.noTimesMonth, { month: monthLabel(months.shown, lang) })
        : t.noTimes;
    wrap.append(h('p', { class: 'status' }, none), alertLine ?? '');
    return wrap;
  }
  const dayChoices = h('div', { class: 'choices' });
  for (const day of days) {
    dayChoices.append(
      h(
        'button',
        {
          type: 'button',
          'data-day': day,
          'aria-pressed': String(day === state.day),
          onclick: () => events.onDay(day),
        },
        dayLabel(day, lang),
      ),
    );
  }
  wrap.append(h('fieldset', {}, h('legend', {}, t.chooseDay), dayChoices));
  if (!state.day) {
    if (alertLine) wrap.append(alertLine);
    return wrap;
  }
  const timeChoices = h('div', { class: 'choices' });
  for (const time of state.times.filter((s) => s.date === state.day)) {
    timeChoices.append(
      h(
        'button',
        {
          type: 'button',
          'data-start': hhmm(time.start_time),
          'data-calendar-id': time.calendar_id,
          'data-slot-id': time.slotId,
          'aria-pressed': String(time.key === state.time?.key),
          'aria-label': `${hhmm(time.start_time)} – ${hhmm(time.end_time)} (${zoneName})`,
          onclick: () => events.onTime(time),
        },
        hhmm(time.start_time),
      ),
    );
  }
  wrap.append(
    h(
      'fieldset',
      {},
      h('legend', {}, `${t.chooseTime} · ${dayLabel(state.day, lang, true)}`),
      timeChoices,
      alertLine,
    ),
  );
  return wrap;
}

/** Keeps the times that have not started (in the business's zone), in order. */
export function notStarted(times: Time[], now: { date: string; time: string }): Time[] {
  return times
    .filter((s) => s.date > now.date || (s.date === now.date && s.start_time > now.time))
    .sort((a, b) => (a.date + a.start_time < b.date + b.start_time ? -1 : 1));
}

/** The open slots with a place left, as times of the calendar given. */
export const slotTimes = (slots: Slot[], calendarId: number): Time[] =>
  slots
    .filter((s) => s.status === 'open' && s.available_slots > 0)
    .map((s) => ({
      key: `slot-${s.id}`,
      date: s.date,
      start_time: s.start_time,
      end_time: s.end_time,
      calendar_id: calendarId,
      slotId: s.id,
    }));

/** A picker of a Picking's times: once shown, a pick is `picked` with where the focus goes. */
export interface PickingView extends PickerView {
  focusOnTime: string;
  picked: (focus: string) => void;
  /** Another month of the window is asked for: its times are loaded, then shown. */
  monthPicked: (focus: string) => void;
}

/**
 * The free times an element offers and the day and time its visitor picked: the widget's and the manage
 * page's, so both pick the same way.
 */
export class Picking {
  times: Time[] = [];
  day: string | null = null;
  time: Time | null = null;
  /** The booking window and the month of it shown (the pages show the whole window, a month at a time). */
  window: BookingWindow | null = null;
  month: string | null = null;

  /** Sets the window (the business's `max_days_ahead` from today in `zone`); the month stays when still in it. */
  setWindow(zone: string, days: number): void {
    this.window = windowOf(zone, days);
    const months = monthsOf(this.window);
    if (!this.month || !months.includes(this.month)) this.month = months[0] ?? null;
  }

  /** Shows the next month of the window, if there is one (true then). */
  nextMonth(): boolean {
    const all = this.window ? monthsOf(this.window) : [];
    const next = all[all.indexOf(this.month ?? '') + 1];
    if (next === undefined) return false;
    this.month = next;
    return true;
  }

  /** The query range of the month shown: the window's first month until one is set. */
  range(): string {
    const window = this.window ?? { first: nowIn('UTC').date, last: nowIn('UTC').date };
    return monthRange(window, this.month ?? window.first.slice(0, 7));
  }

  /** New free times, those not started at `now`; a picked day or time no longer among them is let go. */
  offer(times: Time[], now: { date: string; time: string }): void {
    this.times = notStarted(times, now);
    if (this.day && !this.times.some((s) => s.date === this.day)) this.day = null;
    if (this.time && !this.times.some((s) => s.key === this.time?.key)) this.time = null;
  }

  /** Nothing picked. */
  clear(): void {
    this.day = null;
    this.time = null;
  }

  /**
   * The picker of these times. Picking a day (which lets the time go) or a time records it, then
   * `picked` shows it, the focus on the day's times or on `focusOnTime`.
   */
  render({ focusOnTime, picked, monthPicked, ...view }: PickingView): HTMLElement {
    const months =
      this.window && this.month
        ? {
            all: monthsOf(this.window),
            shown: this.month,
            onMonth: (month: string, nav: 'prev' | 'next') => {
              this.month = month;
              this.clear();
              // The focus stays on the button pressed, or goes to the other one at the window's end.
              const all = this.window ? monthsOf(this.window) : [];
              const end = nav === 'next' ? all.at(-1) === month : all[0] === month;
              const other = nav === 'next' ? 'prev' : 'next';
              monthPicked(`[data-month-nav="${end ? other : nav}"]`);
            },
          }
        : undefined;
    return renderPicker({
      ...view,
      months,
      state: this,
      events: {
        onDay: (day) => {
          this.day = day;
          this.time = null;
          picked('[data-start]');
        },
        onTime: (time) => {
          this.time = time;
          picked(focusOnTime);
        },
      },
    });
  }
}
