/** Publishable keys (docs/CONTRACT.md#publishable-keys). */
import * as z from 'zod';
import { named, stamp } from '../../../shapes/common';

const fields = {
  id: z.string().regex(/^key_[0-9a-f]{16}$/),
  name: z.string(),
  scope: z.literal('booking'),
  allowed_origins: z.array(z.string()).min(1).max(10),
  hosted_page: z
    .boolean()
    .meta({ description: 'The key also opens the hosted booking page GET /book/{key}.' }),
  created_at: stamp(),
};

export const V2PublishableKey = named(
  z.strictObject(fields),
  'V2PublishableKey',
  'A publishable key as listed: its id, name, scope (booking) and the origins it may be used from; never the key.',
);

export const V2NewPublishableKey = named(
  z.strictObject({
    id: fields.id,
    key: z.string().regex(/^pk_[A-Za-z0-9_-]{43}$/),
    name: fields.name,
    scope: fields.scope,
    allowed_origins: fields.allowed_origins,
    hosted_page: fields.hosted_page,
    created_at: fields.created_at,
  }),
  'V2NewPublishableKey',
  'A new publishable key: the key itself is shown in this answer only (the service keeps its SHA-256).',
);

export type V2PublishableKey = z.infer<typeof V2PublishableKey>;
