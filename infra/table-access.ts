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

/** Handlers that use less than their route's access level gives, by handler file. */
const NARROWER: Readonly<Record<string, readonly string[]>> = {
  /** GET /api/: service information from constants. */
  'functions/v1/info/get-info.ts': [],
  /** GET /api/health: one GetItem of a key that never exists (shared/repositories/store-probe.ts). */
  'functions/v1/info/get-health.ts': ['dynamodb:GetItem'],
};

/** The DynamoDB actions a route's function is granted, on the table and its indexes only. */
export function tableActions(route: RouteDef): readonly string[] {
  return (
    NARROWER[route.entry] ?? (route.access === 'write' ? [...READ_ACTIONS, ...WRITE_ACTIONS] : READ_ACTIONS)
  );
}
