import { invalidField } from '../../../shared/core/errors';
import { toE164 } from '../../../shared/features/contact/domain/phone';
import { date, pageOf, pagination, params, search } from '../../../shared/features/v1-reads/http/params';
import { V1_COLUMNS, v1Client } from '../../../shared/features/v1-reads/http/present';
import { present } from '../../../shared/features/v1-reads/http/present-list';
import { optional, text } from '../../../shared/shapes/fields';
import { defineV1Handler, v1Reads } from '../../../shared/wiring';

const Query = params({
  ...pagination,
  search,
  email: optional(text(254)),
  phone: optional(text(64)),
  created_from: optional(date()),
  created_to: optional(date()),
});

/** GET /api/clients — by last name, first name, id; search, exact e-mail, phone (E.164), creation dates. */
export const handler = defineV1Handler({ debugMode: true, query: Query }, async (input) => {
  const { entity, clients } = v1Reads(input);
  const q = input.query;
  // An unencoded + of an international number arrives as a space, trimmed away: tried again with it.
  const phone =
    q.phone === undefined
      ? undefined
      : (toE164(q.phone) ?? (/^\d+$/.test(q.phone) ? toE164(`+${q.phone}`) : null));
  if (phone === null) throw invalidField('phone', 'not a valid phone number');
  const page = pageOf(q);
  const result = await clients.clients(
    entity,
    {
      search: q.search,
      email: q.email,
      phone,
      ...clients.createdBounds(entity, q.created_from, q.created_to),
    },
    page,
  );
  return present(result, page, (c) => v1Client(c, entity.settings.timezone), { columns: V1_COLUMNS.client });
});
