import { StatisticsService } from '../../../../shared/features/v1-reads/services/statistics-service';
import {
  bookingWorld,
  CAL,
  ENTITY,
  KNOWN_CLIENT,
  LATER,
  NOW,
  refusal,
  request,
  SLOT,
  TODAY,
  TOMORROW,
} from '../../../support/doubles/in-memory-booking';

/**
 * The v1 statistics over the in-memory store (live counters), with a fixed clock. The data set: client
 * 100 with confirmed appointments on TOMORROW (101) and LATER (102); the tests add a pending booking by a
 * new client on TOMORROW and cancel 102.
 */
async function world(now = NOW) {
  const w = bookingWorld();
  await w.service.book(ENTITY, request({ status: 'pending' }));
  await w.service.update(ENTITY, 102, { status: 'cancelled' });
  return { ...w, statistics: new StatisticsService({ store: w.store, now: () => now }) };
}

describe('StatisticsService.appointments', () => {
  it('sums a custom period from the day counters, with a breakdown of every day', async () => {
    const { statistics } = await world();
    const answer = await statistics.appointments(ENTITY, {
      period: 'custom',
      start_date: TODAY,
      end_date: LATER,
    });
    expect(answer).toMatchObject({ period: 'custom', start_date: TODAY, end_date: LATER });
    expect(answer.summary).toEqual({
      total_appointments: 3,
      confirmed_appointments: 1,
      pending_appointments: 1,
      cancelled_appointments: 1,
      completed_appointments: 0,
      no_show_appointments: 0,
      calendars_with_appointments: 1,
      unique_clients: 2,
      days_with_appointments: 2,
      success_rate: 0.3333,
    });
    expect(answer.daily_breakdown).toHaveLength(11);
    expect(answer.daily_breakdown.find((d) => d.date === TOMORROW)).toEqual({
      date: TOMORROW,
      appointments_count: 2,
      confirmed_count: 1,
      cancelled_count: 0,
      no_show_count: 0,
    });
    expect(answer.daily_breakdown.find((d) => d.date === LATER)).toEqual({
      date: LATER,
      appointments_count: 1,
      confirmed_count: 0,
      cancelled_count: 1,
      no_show_count: 0,
    });
    expect(answer.daily_breakdown[0]).toEqual({
      date: TODAY,
      appointments_count: 0,
      confirmed_count: 0,
      cancelled_count: 0,
      no_show_count: 0,
    });
  });

  it('counts a no-show under its own name, in the summary and the day, and not as a success', async () => {
    const { statistics, service } = await world();
    await service.update(ENTITY, 101, { status: 'no_show' });
    const answer = await statistics.appointments(ENTITY, {
      period: 'custom',
      start_date: TODAY,
      end_date: LATER,
    });
    expect(answer.summary).toMatchObject({
      total_appointments: 3,
      confirmed_appointments: 0,
      no_show_appointments: 1,
      success_rate: 0,
    });
    expect(answer.daily_breakdown.find((d) => d.date === TOMORROW)).toEqual({
      date: TOMORROW,
      appointments_count: 2,
      confirmed_count: 0,
      cancelled_count: 0,
      no_show_count: 1,
    });
  });

  it('counts "today" and "lastNdays" in the calendar’s zone: at 01:30 in Paris it is still yesterday in New York', async () => {
    const { statistics } = await world(new Date(`${TOMORROW}T23:30:00Z`));
    const paris = await statistics.appointments(ENTITY, { period: 'today' }, CAL.main);
    expect(paris).toMatchObject({ calendar_id: CAL.main, start_date: '2026-06-12', end_date: '2026-06-12' });
    const newYork = await statistics.appointments(ENTITY, { period: 'last7days' }, CAL.newYork);
    expect(newYork).toMatchObject({ start_date: '2026-06-05', end_date: TOMORROW });
    expect(newYork.summary.total_appointments).toBe(0);
    const entity = await statistics.appointments(ENTITY, { period: 'last7days' });
    expect(entity).toMatchObject({ start_date: '2026-06-06', end_date: '2026-06-12' });
    expect(entity.summary.total_appointments).toBe(2);
  });

  it('a specific day', async () => {
    const { statistics } = await world();
    const answer = await statistics.appointments(ENTITY, { period: 'specific_day', date: LATER });
    expect(answer).toMatchObject({ start_date: LATER, end_date: LATER });
    expect(answer.summary).toMatchObject({
      total_appointments: 1,
      cancelled_appointments: 1,
      success_rate: 0,
    });
  });

  it.each([
    [
      { period: 'specific_day' as const },
      'INVALID_PARAMETER',
      'date: is required when period is specific_day',
    ],
    [
      { period: 'custom' as const, start_date: TODAY },
      'INVALID_PARAMETER',
      'start_date and end_date: are required when period is custom',
    ],
    [
      { period: 'custom' as const, start_date: LATER, end_date: TODAY },
      'INVALID_PARAMETER',
      'end_date: must not be before start_date',
    ],
    [
      { period: 'custom' as const, start_date: '2026-01-01', end_date: '2027-06-01' },
      'DATE_RANGE_TOO_LARGE',
      'date range is over 365 days',
    ],
  ])('refuses %j with 400 %s', async (query, code, message) => {
    const { statistics } = await world();
    expect(await refusal(statistics.appointments(ENTITY, query))).toEqual({ status: 400, code, message });
  });

  it('answers 404 RESOURCE_NOT_FOUND for an unknown calendar', async () => {
    const { statistics } = await world();
    expect(await refusal(statistics.appointments(ENTITY, { period: 'today' }, 99))).toEqual({
      status: 404,
      code: 'RESOURCE_NOT_FOUND',
      message: 'calendar not found',
    });
  });
});

describe('StatisticsService reports', () => {
  it('the calendars report: counts, average and utilisation from the calendars’ counters', async () => {
    const { statistics } = await world();
    const report = await statistics.calendars(ENTITY);
    expect(report).toMatchObject({
      total_calendars: 4,
      active_calendars: 3,
      inactive_calendars: 1,
      calendars_with_appointments: 1,
      average_appointments_per_calendar: 0.75,
    });
    // Calendar 1: 7 slots, 11 places, 2 taken (the full slot and the new booking; 102 was cancelled).
    expect(report.calendars.find((c) => c.calendar_id === CAL.main)).toEqual({
      calendar_id: CAL.main,
      calendar_name: 'Calendar 1',
      appointments_count: 3,
      slots_count: 7,
      utilization_rate: 0.1818,
    });
  });

  it('the clients report: totals, new clients of the last 30 days, active clients and the top', async () => {
    const { statistics } = await world();
    const report = await statistics.clients(ENTITY);
    expect(report).toEqual({
      total_clients: 2,
      active_clients: 2,
      clients_with_appointments: 2,
      // Client 100 was created 40 days ago; the new one today.
      new_clients_last_30_days: 1,
      repeat_clients: 1,
      average_appointments_per_client: 1.5,
      top_clients: [
        {
          client_id: KNOWN_CLIENT.client_id,
          client_name: 'Camille Martin',
          appointments_count: 2,
          last_appointment: LATER,
        },
        { client_id: 1001, client_name: 'Jean Dupont', appointments_count: 1, last_appointment: TOMORROW },
      ],
    });
  });

  it('a client whose only live appointment is cancelled is not active', async () => {
    const w = await world();
    await w.service.update(ENTITY, 101, { status: 'cancelled' });
    expect((await w.statistics.clients(ENTITY)).active_clients).toBe(1);
    expect(w.slotOf(SLOT.full).taken).toBe(0);
  });
});
