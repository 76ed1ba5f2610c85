import * as z from 'zod/mini';
import { ORIGINS_PER_KEY } from '../../../shared/features/access/domain/publishable-keys';
import { body, described, text } from '../../../shared/shapes/fields';
import { reply } from '../../../shared/shapes/reply';
import { toTheSecond } from '../../../shared/shapes/timestamps';
import { defineV2Handler, keyService } from '../../../shared/wiring';

const Body = body({
  name: text(100),
  allowed_origins: z
    .array(
      // isExactOrigin: scheme://host[:port] as a browser writes it in Origin, nothing after it, no wildcard.
      described(z.string({ error: 'must be an origin such as https://www.example.fr' }), {
        pattern: '^https?://([a-z0-9-]+(\\.[a-z0-9-]+)*|\\[[0-9a-f:.]+\\])(:[1-9][0-9]{0,4})?$',
        description:
          'an exact origin, http(s)://host[:port] lower-case, without path, trailing slash, default port or wildcard',
      }),
      {
        error: 'must be a list of origins',
      },
    )
    .check(
      z.minLength(ORIGINS_PER_KEY.min, `must list ${ORIGINS_PER_KEY.min} to ${ORIGINS_PER_KEY.max} origins`),
      z.maxLength(ORIGINS_PER_KEY.max, `must list ${ORIGINS_PER_KEY.min} to ${ORIGINS_PER_KEY.max} origins`),
    ),
  hosted_page: z.optional(z.boolean({ error: 'must be true or false' })),
});

/** POST /api/v2/keys — a publishable key for a web page; the key is in this answer only. */
export const handler = defineV2Handler({ hasBody: true, body: Body }, async ({ entity, body }) =>
  reply(toTheSecond(await keyService().create(entity.entityId, body)), {
    message: 'publishable key created',
  }),
);
