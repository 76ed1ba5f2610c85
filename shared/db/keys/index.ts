/**
 * Every DynamoDB key of the single table is built in this folder, and only here; this file is its one
 * door (`import * as keys from '.../db/keys'`). docs/design/data-model.md has the entity chart and the
 * access-pattern table that these builders serve.
 *
 * Conventions: `pk`/`sk` are the table keys; each GSI has generic `gsiNpk`/`gsiNsk` attributes and an
 * index name that says which access pattern it serves (indexes.ts). Ids are zero-padded to 10 digits in
 * sort keys so that string order is numeric order (parts.ts). Dates are YYYY-MM-DD and times HH:MM:SS, so
 * they sort as text. The builders are grouped by what the items hold, one module each.
 *
 * Each builder is its own export, used as `keys.<builder>` through `import * as keys`, so that a function's
 * bundle carries only the builders it uses.
 */

export * from './access';
export * from './booking';
export * from './clients';
export * from './entity';
export { INDEX, type IndexName } from './indexes';
export * from './outbound';
export { entityIdOfPk, type Key, padId, RANK_STEP } from './parts';
export * from './people';
export * from './schedule';
export * from './statistics';
