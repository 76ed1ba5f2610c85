import {
  appointmentListQuery,
  id,
  optional,
  pageOf,
  params,
} from '../../../shared/features/v1-reads/http/params';
import { V1_COLUMNS, v1Appointment } from '../../../shared/features/v1-reads/http/present';
import { present } from '../../../shared/features/v1-reads/http/present-list';
import { defineV1Handler, v1Reads } from '../../../shared/wiring';

const Query = params({ ...appointmentListQuery, calendar_id: optional(id()), client_id: optional(id()) });

/** GET /api/appointments — by date, start time and id; filters and pagination. */
export const handler = defineV1Handler({ debugMode: true, query: Query }, async (input) => {
  const { entity, queries } = v1Reads(input);
  const q = input.query;
  const page = pageOf(q);
  const result = await queries.appointments(
    entity,
    {
      calendarId: q.calendar_id,
      clientId: q.client_id,
      status: q.status,
      dateFrom: q.date_from,
      dateTo: q.date_to,
    },
    page,
  );
  return present(result, page, (v) => v1Appointment(v, entity.settings.timezone), {
    columns: V1_COLUMNS.appointment,
  });
});
