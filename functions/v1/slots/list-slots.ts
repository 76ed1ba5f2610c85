import {
  bool,
  date,
  id,
  optional,
  pageOf,
  pagination,
  params,
} from '../../../shared/features/v1-reads/http/params';
import { V1_COLUMNS, v1Slot } from '../../../shared/features/v1-reads/http/present';
import { present } from '../../../shared/features/v1-reads/http/present-list';
import { defineV1Handler, v1Reads } from '../../../shared/wiring';

const Query = params({
  ...pagination,
  calendar_id: id('MISSING_CALENDAR_ID'),
  date_from: date(),
  date_to: optional(date()),
  all: optional(bool()),
});

/** GET /api/slots — bookable slots of a calendar in a date range (every slot with all=true). */
export const handler = defineV1Handler({ debugMode: true, query: Query }, async (input) => {
  const { entity, queries } = v1Reads(input);
  const q = input.query;
  const page = pageOf(q);
  const result = await queries.slots(
    entity,
    {
      calendarId: q.calendar_id,
      dateFrom: q.date_from,
      dateTo: q.date_to ?? q.date_from,
      all: q.all ?? false,
    },
    page,
  );
  return present(result, page, (v) => v1Slot(v, entity.settings.timezone), {
    columns: V1_COLUMNS.slot,
    meta: { calendar_id: q.calendar_id },
  });
});
