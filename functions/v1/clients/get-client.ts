import { idPath, pageOf, pagination, params, search } from '../../../shared/features/v1-reads/http/params';
import { V1_COLUMNS, v1Client, v1ClientDetail } from '../../../shared/features/v1-reads/http/present';
import { present } from '../../../shared/features/v1-reads/http/present-list';
import { reply } from '../../../shared/shapes/reply';
import { defineV1Handler, v1Reads } from '../../../shared/wiring';

/**
 * GET /api/clients/{id} — a client id gives the client (detail), a calendar id the clients having
 * appointments in that calendar (search, pagination, meta.calendar_id), else 404.
 */
export const handler = defineV1Handler(
  { debugMode: true, path: idPath, query: params({ ...pagination, search }) },
  async (input) => {
    const { entity, clients } = v1Reads(input);
    const id = input.path.id;
    const zone = entity.settings.timezone;
    const named = await clients.clientOrCalendar(entity, id);
    if ('client' in named) return reply(v1ClientDetail(named.client, zone));
    const page = pageOf(input.query);
    const result = await clients.clientsOfCalendar(entity, named.calendar, input.query.search, page);
    return present(result, page, (c) => v1Client(c, zone), {
      columns: V1_COLUMNS.client,
      meta: { calendar_id: id },
    });
  },
);
