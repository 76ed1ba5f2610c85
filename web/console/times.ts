/**
 * The times a booking or a move may take: a service's starts (GET /availability: its whole length fits) or,
 * for a business without services, the open slots with a place left (GET /calendar-slots).
 */
import { h } from '../embed/dom';
import { call, type Slot, type Start } from './api';
import { hhmm } from './dates';
import { calendarName, type State } from './state';

/** A time offered: a service's start or a slot, in a calendar. */
export interface Offer {
  date: string;
  start_time: string;
  calendar_id: number;
  calendar_name: string;
  slot_id?: number;
}

export async function offers(
  state: State,
  ask: { serviceId: number | null; calendarId: number | null; date: string },
): Promise<{ ok: true; offers: Offer[] } | { ok: false; message: string }> {
  if (ask.serviceId !== null) {
    const answer = await call<Start[]>('GET', '/availability', {
      service_id: ask.serviceId,
      from: ask.date,
      to: ask.date,
      calendar_id: ask.calendarId,
    });
    if (!answer.ok) return { ok: false, message: answer.message };
    return { ok: true, offers: answer.data };
  }
  const calendars = ask.calendarId === null ? state.calendars.map((c) => c.id) : [ask.calendarId];
  const found: Offer[] = [];
  for (const calendarId of calendars) {
    const answer = await call<Slot[]>('GET', '/calendar-slots', {
      date: ask.date,
      available: true,
      calendar_id: calendarId,
    });
    if (!answer.ok) return { ok: false, message: answer.message };
    for (const slot of answer.data)
      found.push({
        date: slot.date,
        start_time: slot.start_time,
        calendar_id: calendarId,
        calendar_name: calendarName(state, calendarId),
        slot_id: slot.id,
      });
  }
  found.sort((a, b) => a.start_time.localeCompare(b.start_time) || a.calendar_id - b.calendar_id);
  return { ok: true, offers: found };
}

/** Fills a select with the offers (value: its index), or says there is none. */
export function fillTimes(target: HTMLSelectElement, list: Offer[]): void {
  target.replaceChildren(
    ...(list.length
      ? list.map((offer, index) =>
          h(
            'option',
            {
              value: String(index),
              'data-start': hhmm(offer.start_time),
              'data-calendar-id': offer.calendar_id,
            },
            `${hhmm(offer.start_time)} · ${offer.calendar_name}`,
          ),
        )
      : [h('option', { value: '' }, 'No free time this day')]),
  );
}
