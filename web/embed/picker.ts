/** The days and times of the free slots, as two groups of buttons with the stable hooks. */
import type { Slot } from './api';
import { h } from './dom';
import { dayLabel, fill, hhmm, type Lang, TEXTS } from './i18n';

export interface PickerState {
  slots: Slot[];
  day: string | null;
  slot: Slot | null;
  calendarId: number;
}

export interface PickerEvents {
  onDay: (day: string) => void;
  onTime: (slot: Slot) => void;
}

/** The days that have a free slot, in order. */
export const daysOf = (slots: Slot[]): string[] => [...new Set(slots.map((s) => s.date))].sort();

export function renderPicker(
  state: PickerState,
  lang: Lang,
  zone: string,
  events: PickerEvents,
  alert: string | null,
): HTMLElement {
  const t = TEXTS[lang];
  const days = daysOf(state.slots);
  const wrap = h('div', { class: 'picker' }, h('p', { class: 'zone' }, fill(t.timesIn, { zone })));
  if (days.length === 0) {
    wrap.append(h('p', { class: 'status' }, t.noTimes));
    if (alert) wrap.append(h('p', { role: 'alert', class: 'alert' }, alert));
    return wrap;
  }
  const dayGroup = h('fieldset', {}, h('legend', {}, t.chooseDay));
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
  dayGroup.append(dayChoices);
  wrap.append(dayGroup);
  if (state.day) {
    const timeGroup = h(
      'fieldset',
      {},
      h('legend', {}, `${t.chooseTime} · ${dayLabel(state.day, lang, true)}`),
    );
    const timeChoices = h('div', { class: 'choices' });
    for (const slot of state.slots.filter((s) => s.date === state.day)) {
      timeChoices.append(
        h(
          'button',
          {
            type: 'button',
            'data-start': hhmm(slot.start_time),
            'data-calendar-id': state.calendarId,
            'data-slot-id': slot.id,
            'aria-pressed': String(slot.id === state.slot?.id),
            'aria-label': `${hhmm(slot.start_time)} – ${hhmm(slot.end_time)} (${zone})`,
            onclick: () => events.onTime(slot),
          },
          hhmm(slot.start_time),
        ),
      );
    }
    timeGroup.append(timeChoices);
    if (alert) timeGroup.append(h('p', { role: 'alert', class: 'alert' }, alert));
    wrap.append(timeGroup);
  } else if (alert) wrap.append(h('p', { role: 'alert', class: 'alert' }, alert));
  return wrap;
}

/** The free slots from `today` on for `days` days, never one that has started (in the business's zone). */
export function freeSlots(slots: Slot[], now: { date: string; time: string }): Slot[] {
  return slots
    .filter((s) => s.status === 'open' && s.available_slots > 0)
    .filter((s) => s.date > now.date || (s.date === now.date && s.start_time > now.time))
    .sort((a, b) => (a.date + a.start_time < b.date + b.start_time ? -1 : 1));
}
