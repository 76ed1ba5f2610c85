import { appointmentListQuery, idPath, pageOf, params } from '../../../shared/features/v1-reads/http/params';
import { V1_COLUMNS, v1Appointment } from '../../../shared/features/v1-reads/http/present';
import { present } from '../../../shared/features/v1-reads/http/present-list';
import { reply } from '../../../shared/shapes/reply';
import { defineV1Handler, v1Reads } from '../../../shared/wiring';

/**
 * GET /api/appointments/{id} — ids are unique across kinds (docs/CONTRACT.md#two-apis-one-data-model): an appointment id gives the
 * appointment, a calendar id the calendar's appointments (filters, pagination, meta.calendar_id), else 404.
 */
export const handler = defineV1Handler(
  { debugMode: true, path: idPath, query: params(appointmentListQuery) },
  async (input) => {
    const { entity, queries } = v1Reads(input);
    const id = input.path.id;
    const zone = entity.settings.timezone;
    const named = await queries.appointmentOrCalendar(entity, id);
    if ('appointment' in named) return reply(v1Appointment(named.appointment, zone));
    const q = input.query;
    const page = pageOf(q);
    const result = await queries.appointments(
      entity,
      { calendarId: id, status: q.status, dateFrom: q.date_from, dateTo: q.date_to },
      page,
      named.calendars,
    );
    return present(result, page, (v) => v1Appointment(v, zone), {
      columns: V1_COLUMNS.appointment,
      meta: { calendar_id: id },
    });
  },
);
