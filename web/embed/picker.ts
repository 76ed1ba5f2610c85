/** The days and times that can be booked, as two groups of buttons with the stable hooks. */
import { type Api, addDays, nowIn, type Slot, type Start } from './api';
import { h } from './dom';
import { dayLabel, fill, hhmm, type Lang, TEXTS } from './i18n';

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

/** How many days ahead the widget and the manage page look for free times. */
export const DAYS_AHEAD = 14;

/** The days free times are looked for in: today in `zone`, and the DAYS_AHEAD - 1 days after it. */
function daysAhead(zone: string): string {
  const today = nowIn(zone).date;
  return `from=${today}&to=${addDays(today, DAYS_AHEAD - 1)}`;
}

/** The open slots of the days ahead that have a place left. */
export const freeSlots = (api: Api, zone: string) =>
  api.call<Slot[]>('GET', `/calendar-slots?${daysAhead(zone)}&available=true`);

/** Where the whole of a service fits in the days ahead: with one calendar, or with anyone. */
export const serviceStarts = (api: Api, zone: string, serviceId: number, calendarId?: number) =>
  api.call<Start[]>(
    'GET',
    `/availability?service_id=${serviceId}&${daysAhead(zone)}${calendarId === undefined ? '' : `&calendar_id=${calendarId}`}`,
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

/** A picker of `state`'s times, whose buttons call `events`. */
export interface PickerOf extends PickerView {
  state: PickerState;
  events: PickerEvents;
}

export function renderPicker({ state, lang, zone, events, alert }: PickerOf): HTMLElement {
  const t = TEXTS[lang];
  const days = daysOf(state.times);
  const wrap = h('div', { class: 'picker' }, h('p', { class: 'zone' }, fill(t.timesIn, { zone })));
  const alertLine = alert ? h('p', { role: 'alert', class: 'alert' }, alert) : null;
  if (days.length === 0) {
    wrap.append(h('p', { class: 'status' }, t.noTimes), alertLine ?? '');
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
          'aria-label': `${hhmm(time.start_time)} – ${hhmm(time.end_time)} (${zone})`,
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
}

/**
 * The free times an element offers and the day and time its visitor picked: the widget's and the manage
 * page's, so both pick the same way.
 */
export class Picking {
  times: Time[] = [];
  day: string | null = null;
  time: Time | null = null;

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
  render({ focusOnTime, picked, ...view }: PickingView): HTMLElement {
    return renderPicker({
      ...view,
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
