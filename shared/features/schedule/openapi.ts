/** The schedule's v2 routes: opening hours and calendar slots (docs/CONTRACT.md#v2-in-short). */
import * as z from 'zod';
import { emptyArray } from '../../shapes/common';
import { v2Answer } from '../../shapes/envelopes';
import type { V2RouteDoc } from '../../shapes/route-doc';
import * as ex from './http/examples';
import * as S from './http/schemas';
import { V2TimeOff, V2TimeOffAdded } from './http/time-off-schemas';

const BAD_DATE = 'invalid date, expected YYYY-MM-DD';
const TIME_OFF = {
  id: 120,
  calendar_id: 2,
  date: '2026-12-23',
  start_time: '14:00:00',
  end_time: '16:00:00',
  name: 'Dentist',
};
const week = (['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const).map((day) =>
  day === 'sat' || day === 'sun'
    ? { day_of_week: day, start_time1: null, end_time1: null, start_time2: null, end_time2: null, is_open: 0 }
    : { day_of_week: day, ...ex.v2Periods, is_open: 1 },
);

export const V2_SCHEDULE_ROUTE_DOCS: Record<string, V2RouteDoc> = {
  'GET /api/v2/opening-hours': {
    summary: 'Weekly opening hours',
    description:
      "The seven weekday records, mon to sun: the entity's, or with calendar_id that calendar's (its own hours, else the entity's).",
    tag: 'v2 opening hours',
    answer: v2Answer(z.array(S.V2OpeningHours), 'V2OpeningHoursAnswer', 'The week.'),
    example: week,
    errors: { 404: ['calendar not found or inactive'] },
  },
  'GET /api/v2/opening-hours/check-date': {
    summary: 'Check whether a date is open',
    description:
      "Always answers is_open, is_holiday, opening_hours (null when closed) and holiday (null when the date is not a public holiday or closure day). With calendar_id, that calendar's day: its own hours, else the entity's (an unknown or inactive calendar is 404). Without it, the business's day: open when any active calendar works that day and no holiday closes it; opening_hours is the union of the open calendars' periods (one period from the earliest start to the latest end when the union makes more than two), and, with more than one active calendar, calendars lists each one's hours by id (one calendar: its day is the business's, without the list).",
    tag: 'v2 opening hours',
    answer: v2Answer(S.V2CheckDate, 'V2CheckDateAnswer', 'The state of the date.'),
    example: {
      is_open: false,
      is_holiday: true,
      opening_hours: null,
      holiday: { name: 'Christmas Day', date: '2026-12-25' },
      calendars: [{ calendar_id: 1, calendar_name: 'Chloé', is_open: false, opening_hours: null }],
    },
    errors: { 400: [BAD_DATE], 404: ['calendar not found or inactive'] },
  },
  'GET /api/v2/opening-hours/date': {
    summary: 'Opening hours of a date',
    description:
      "The periods of an open date; a closed day, public holiday or closure day is 404. With calendar_id, that calendar's periods (its own hours, else the entity's; an unknown or inactive calendar is 404). Without it, the business's, as check-date says them: the union of the active calendars' periods, with calendars listing each active calendar's hours by id when there are several; the date is closed only when no active calendar works that day.",
    tag: 'v2 opening hours',
    answer: v2Answer(S.V2DateHours, 'V2DateHoursAnswer', 'The periods of the date.'),
    example: {
      ...ex.v2Periods,
      calendars: [{ calendar_id: 1, calendar_name: 'Chloé', is_open: true, opening_hours: ex.v2Periods }],
    },
    errors: { 400: [BAD_DATE], 404: ['the day is closed', 'calendar not found or inactive'] },
  },
  'GET /api/v2/calendar-slots': {
    summary: 'Slots of a date, or of a range of dates',
    description:
      'With date: the slots of the default calendar (or of calendar_id) on that date, with their capacities. With from and to instead (both inclusive, at most 62 days): the slots of every date of the range, by date and start time, in one read. available=true keeps the open slots with a place left. None is success with an empty array.',
    tag: 'v2 calendar slots',
    answer: v2Answer(z.array(S.V2Slot), 'V2SlotListAnswer', 'The slots of the date or range.'),
    example: [ex.v2Slot],
    errors: {
      400: [BAD_DATE, 'date: is required', 'to: must not be before from', 'date range is over 62 days'],
      404: ['calendar not found or inactive'],
    },
  },
  'POST /api/v2/calendar-slots/generate': {
    summary: 'Generate the slots of a date',
    description:
      "Fills each opening period (of calendar_id's own hours when it has them, else the entity's; default: the default calendar) from its start, every duration minutes (5 to 480, default from the settings), with max_appointments places (1 to 1000, default from the settings); no slot spans the break. Again on the same date it creates only the slots that overlap none, and returns all the slots of the date. A closed day or holiday is 409.",
    tag: 'v2 calendar slots',
    answer: v2Answer(z.array(S.V2Slot), 'V2GenerateAnswer', 'Every slot of the date.'),
    example: [ex.v2Slot],
    errors: {
      400: [BAD_DATE, 'duration or max_appointments out of range'],
      404: ['calendar not found or inactive'],
      409: [
        'error during generation: the day is closed',
        'error during generation: <date> is a holiday (<name>)',
      ],
    },
  },
  'POST /api/v2/calendar-slots/update': {
    summary: 'Change the status or capacity of a slot',
    description:
      'status opens or closes the slot; max_appointments sets its capacity (1 to 1000); available_slots sets the capacity to places taken + available_slots. A capacity below the places taken is 409. data is the slot, or with date the slots of that date.',
    tag: 'v2 calendar slots',
    answer: v2Answer(
      z.union([S.V2Slot, z.array(S.V2Slot)]),
      'V2SlotUpdateAnswer',
      'The slot, or the slots of the date sent.',
    ),
    example: { ...ex.v2Slot, status: 'closed' },
    errors: {
      400: ['a field out of range, or available_slots that disagrees with max_appointments'],
      404: ['slot not found'],
      409: ['capacity below the places already taken'],
    },
  },
  'POST /api/v2/calendar-slots/delete': {
    summary: 'Delete a slot',
    description: 'Removes an empty slot and its capacities; a slot holding live appointments is 409.',
    tag: 'v2 calendar slots',
    answer: v2Answer(emptyArray(), 'V2DeleteAnswer', 'The slot is gone: data is an empty array.'),
    example: [],
    errors: { 404: ['slot not found'], 409: ['the slot holds live appointments'] },
  },
  'GET /api/v2/time-off': {
    summary: "A staff member's time off",
    description:
      "The time off of calendar_id (any of the entity's calendars) from today in the calendar's time zone on, by date.",
    tag: 'v2 opening hours',
    answer: v2Answer(z.array(V2TimeOff), 'V2TimeOffListAnswer', 'The time off of the calendar.'),
    example: [TIME_OFF],
    errors: { 404: ['calendar not found or inactive'] },
  },
  'POST /api/v2/time-off': {
    summary: 'Add time off for a staff member',
    description:
      'A time off of one calendar (its staff member) on date: the whole day without start_time and end_time, else from start_time to end_time (end exclusive; both or neither; name optional, default "Time off"). The calendar\'s open slots that overlap it close at once and a generation creates them closed: not listed with available=true, left out of availability, and a booking (by slot_id or by service) answers 409 slot not available: time off. Other calendars are untouched. Booked appointments are kept; the answer counts them.',
    tag: 'v2 opening hours',
    answer: v2Answer(
      V2TimeOffAdded,
      'V2TimeOffAddedAnswer',
      'The time off, with the slots it closed and the places booked in its range.',
    ),
    example: { ...TIME_OFF, closed_slots: 4, booked_appointments: 1 },
    errors: {
      400: [BAD_DATE, 'end_time: must be after start_time'],
      404: ['calendar not found or inactive'],
    },
  },
  'POST /api/v2/time-off/delete': {
    summary: 'Remove a time off',
    description:
      'Removes the time off of id and reopens the slots it closed (not those closed by hand since, nor those another time off of the calendar still covers); an unknown id is 404.',
    tag: 'v2 opening hours',
    answer: v2Answer(emptyArray(), 'V2TimeOffDeleteAnswer', 'The time off is gone: data is an empty array.'),
    example: [],
    errors: { 404: ['time off not found'] },
  },
};
