import { RATE_PARTITION_PREFIX } from '../shared/db/keys';
import type { RouteDef } from '../shared/routes';

/** What a read route's handler does on the table: point reads, batch reads, queries (table and indexes). */
export const READ_ACTIONS: readonly string[] = [
  'dynamodb:GetItem',
  'dynamodb:BatchGetItem',
  'dynamodb:Query',
];

/**
 * What a write route's handler adds. TransactWriteItems is authorised item by item through these four,
 * so it needs no action of its own.
 */
export const WRITE_ACTIONS: readonly string[] = [
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:ConditionCheckItem',
];

/**
 * What every authenticated route adds for its limits (docs/CONTRACT.md#limits): the counters are items of
 * the one table, moved by a conditional `ADD` (UpdateItem; several at once in a transaction, which
 * DynamoDB authorises item by item as UpdateItem). On a read route it is held to the counters' own
 * partitions (`COUNTER_CONDITION`), so that the route can change no other item.
 */
export const COUNTER_ACTIONS: readonly string[] = ['dynamodb:UpdateItem'];

/** IAM condition: every item written has a partition key of the rate counters (`RATE#<entity>`, shared/db/keys/access.ts). */
export const COUNTER_CONDITION = {
  'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [`${RATE_PARTITION_PREFIX}*`] },
} as const;

/** One statement of a route's grant on the table: actions, and the condition that holds them, if any. */
export interface TableGrant {
  actions: readonly string[];
  conditions?: typeof COUNTER_CONDITION;
}

/**
 * A route's grant on the table as statements: a read route's counter writes stand apart, held to the rate
 * counters' partitions; everything else as `tableActions` says.
 */
export function tableGrants(route: RouteDef): TableGrant[] {
  const actions = tableActions(route);
  const counters = actions.filter((a) => COUNTER_ACTIONS.includes(a));
  if (route.access === 'write' || counters.length === 0) return [{ actions }];
  return [
    { actions: actions.filter((a) => !COUNTER_ACTIONS.includes(a)) },
    { actions: counters, conditions: COUNTER_CONDITION },
  ];
}

/** Handlers that use less than their route's access level gives, by handler file. */
const NARROWER: Readonly<Record<string, readonly string[]>> = {
  /** GET /api/: service information from constants. */
  'functions/v1/info/get-info.ts': [],
  /** GET /api/health: one GetItem of a key that never exists (shared/features/operations/store/store-probe.ts). */
  'functions/v1/info/get-health.ts': ['dynamodb:GetItem'],
  /** GET /feeds/{file}: the token's item, the entity and its settings, the calendar's appointments. */
  'functions/feeds/get-feed.ts': ['dynamodb:GetItem', 'dynamodb:Query'],
  /** GET /embed.js and GET /manage: a file and a page, no table. */
  'functions/pages/get-embed.ts': [],
  'functions/pages/manage-page.ts': [],
  /** GET /console, /console/sign-in and /console.js: the owner's console, a page and its script, no table. */
  'functions/pages/console-page.ts': [],
  'functions/pages/get-console.ts': [],
  /** GET /book/{key}: the key's token item and the entity's settings. */
  'functions/pages/book-page.ts': ['dynamodb:GetItem'],
};

/** The DynamoDB actions a route's function is granted, on the table and its indexes only. */
export function tableActions(route: RouteDef): readonly string[] {
  const narrower = NARROWER[route.entry];
  if (narrower) return narrower;
  if (route.access === 'write') return [...READ_ACTIONS, ...WRITE_ACTIONS];
  return route.auth === 'none' ? READ_ACTIONS : [...READ_ACTIONS, ...COUNTER_ACTIONS];
}
