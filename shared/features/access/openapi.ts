/** The v2 publishable-key routes (docs/CONTRACT.md#publishable-keys). */
import * as z from 'zod';
import { emptyArray } from '../../shapes/common';
import { v2Answer } from '../../shapes/envelopes';
import type { V2RouteDoc } from '../../shapes/route-doc';
import { V2NewPublishableKey, V2PublishableKey } from './http/schemas';

const listed = {
  id: 'key_3f2a9c1d5e7b4a60',
  name: 'website',
  scope: 'booking',
  allowed_origins: ['https://www.example.fr'],
  hosted_page: false,
  created_at: '2026-11-24T10:00:00+00:00',
};

export const V2_KEY_ROUTE_DOCS: Record<string, V2RouteDoc> = {
  'POST /api/v2/keys': {
    summary: 'Create a publishable key',
    description:
      'A key a web page may hold: it acts on the entity for the booking routes only (opening hours, slots, booking, cancelling, validation), from the 1 to 10 exact origins (scheme://host[:port]) given. With hosted_page true it also opens the hosted booking page GET /book/{key} on the API’s own origin. The key is shown in this answer only and stored as a hash; at most 20 keys an entity. Needs the secret v2 token.',
    tag: 'v2 keys',
    answer: v2Answer(V2NewPublishableKey, 'V2NewPublishableKeyAnswer', 'The new key, shown once.'),
    example: { ...listed, id: 'key_3f2a9c1d5e7b4a60', key: `pk_${'A'.repeat(43)}` },
    errors: {
      400: [
        'name: is required',
        'allowed_origins: must list 1 to 10 origins',
        'allowed_origins: "https://x.fr/path" is not an exact origin (scheme://host[:port])',
      ],
      409: ['an entity has at most 20 publishable keys'],
    },
  },
  'GET /api/v2/keys': {
    summary: 'Publishable keys',
    description: "The entity's publishable keys, without the keys themselves. Needs the secret v2 token.",
    tag: 'v2 keys',
    answer: v2Answer(z.array(V2PublishableKey), 'V2PublishableKeyListAnswer', 'The keys.'),
    example: [listed],
    errors: {},
  },
  'POST /api/v2/keys/delete': {
    summary: 'Remove a publishable key',
    description: 'The key stops working at once (401, as any unknown token). Needs the secret v2 token.',
    tag: 'v2 keys',
    answer: v2Answer(emptyArray(), 'V2PublishableKeyDeleteAnswer', 'Removed.'),
    example: [],
    errors: { 400: ['id: is required'], 404: ['publishable key not found'] },
  },
};
