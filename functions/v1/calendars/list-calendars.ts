import { pageOf, pagination, params } from '../../../shared/features/v1-reads/http/params';
import { V1_COLUMNS, v1Calendar } from '../../../shared/features/v1-reads/http/present';
import { present } from '../../../shared/features/v1-reads/http/present-list';
import { defineV1Handler, v1Reads } from '../../../shared/wiring';

/** GET /api/calendars — the entity's calendars by id, paginated. */
export const handler = defineV1Handler({ debugMode: true, query: params(pagination) }, async (input) => {
  const { entity, queries } = v1Reads(input);
  const page = pageOf(input.query);
  const result = await queries.calendars(entity, page);
  return present(result, page, (c) => v1Calendar(c, entity.settings.timezone), {
    columns: V1_COLUMNS.calendar,
  });
});
