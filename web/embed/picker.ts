/** The days and times that can be booked, as two groups of buttons with the stable hooks. */
import type { Slot } from './api';
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

/** The days that have a free time, in order. */
export const daysOf = (times: Time[]): string[] => [...new Set(times.map((s) => s.date))].sort();

export function renderPicker(
  state: PickerState,
  lang: Lang,
  zone: string,
  events: PickerEvents,
  alert: string | null,
): HTMLElement {
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
