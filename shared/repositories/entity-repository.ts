import {
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { keys } from '../db/keys';
import type { TableHandle } from '../db/table-handle';
import type { EntitySettings } from '../domain/entity';

/** Settings as stored, with the version that guards their copies on the token items. */
export type VersionedSettings = EntitySettings & { version: number };

import type { WeeklyHours } from '../domain/opening-hours';
import type { TokenKind } from '../domain/tokens';
import { type CalendarRecord, calendarItem } from './calendar-repository';

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** What the table keeps of an entity: never its secret, only the hashes that recognise its tokens. */
export interface EntityRecord {
  entity_account_id: string;
  name: string;
  token_hashes: Record<TokenKind, string>;
  created_at: string;
  updated_at: string;
}

export interface TokenRecord {
  entity_id: string;
  kind: TokenKind;
  token_hash: string;
  /** A copy of the entity's settings, so that one read authenticates a request and gives its settings. */
  settings?: EntitySettings;
}

/** Everything a new entity starts with, written in one transaction. */
export interface NewEntity {
  entity: EntityRecord;
  settings: EntitySettings;
  hours: WeeklyHours;
  calendar: CalendarRecord;
}

export class EntityRepository {
  constructor(private readonly table: TableHandle) {}

  private tokenPuts(
    entityId: string,
    hashes: Record<TokenKind, string>,
    settings: EntitySettings,
  ): TransactItem[] {
    return (Object.entries(hashes) as Array<[TokenKind, string]>).map(([kind, hash]) => ({
      Put: {
        TableName: this.table.name,
        Item: { ...keys.token(hash), type: 'token', entity_id: entityId, kind, token_hash: hash, settings },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    }));
  }

  /** Pattern: create an entity with its tokens, settings, hours, sequence and default calendar, atomically. */
  async create(input: NewEntity): Promise<void> {
    const id = input.entity.entity_account_id;
    const put = (Item: Record<string, unknown>): TransactItem => ({
      Put: { TableName: this.table.name, Item, ConditionExpression: 'attribute_not_exists(pk)' },
    });
    await this.table.doc.send(
      new TransactWriteCommand({
        TransactItems: [
          put({ ...keys.entity(id), type: 'entity', ...input.entity }),
          put({ ...keys.entityDirectory(id), type: 'entity-directory', entity_account_id: id }),
          put({ ...keys.settings(id), type: 'settings', ...input.settings, version: 1 }),
          put({ ...keys.openingHours(id), type: 'opening-hours', days: input.hours }),
          put({ ...keys.sequence(id), type: 'sequence', last: input.calendar.calendar_id }),
          put(calendarItem(id, input.calendar)),
          ...this.tokenPuts(id, input.entity.token_hashes, input.settings),
        ],
      }),
    );
  }

  /** Pattern: get an entity by its account id. */
  async get(entityId: string): Promise<EntityRecord | null> {
    const result = await this.table.doc.send(
      new GetCommand({ TableName: this.table.name, Key: keys.entity(entityId), ConsistentRead: true }),
    );
    return (result.Item as EntityRecord | undefined) ?? null;
  }

  /** Pattern: list entities (directory partition, no scan). */
  async list(): Promise<string[]> {
    const ids: string[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const page = await this.table.doc.send(
        new QueryCommand({
          TableName: this.table.name,
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': keys.entityDirectoryPk() },
          ExclusiveStartKey: start,
        }),
      );
      for (const item of page.Items ?? []) ids.push(String(item.entity_account_id));
      start = page.LastEvaluatedKey;
    } while (start);
    return ids;
  }

  /** Pattern: find the entity a token belongs to, by the token's SHA-256. */
  async findToken(tokenHash: string): Promise<TokenRecord | null> {
    const result = await this.table.doc.send(
      new GetCommand({ TableName: this.table.name, Key: keys.token(tokenHash) }),
    );
    return (result.Item as TokenRecord | undefined) ?? null;
  }

  /**
   * Pattern: rotate the secret. Old token items are deleted and new ones put in one transaction,
   * conditioned on the hashes and the settings version read, so the old tokens stop working the moment
   * it commits and the new ones carry the current settings.
   */
  async replaceTokens(
    entityId: string,
    old: Record<TokenKind, string>,
    next: Record<TokenKind, string>,
    now: string,
    settings: VersionedSettings,
  ) {
    const { version, ...current } = settings;
    await this.table.doc.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: this.table.name,
              Key: keys.entity(entityId),
              UpdateExpression: 'SET token_hashes = :next, updated_at = :now',
              ConditionExpression: 'token_hashes = :old',
              ExpressionAttributeValues: { ':next': next, ':old': old, ':now': now },
            },
          },
          {
            ConditionCheck: {
              TableName: this.table.name,
              Key: keys.settings(entityId),
              ConditionExpression: 'version = :version',
              ExpressionAttributeValues: { ':version': version },
            },
          },
          ...Object.values(old).map((hash) => ({
            Delete: { TableName: this.table.name, Key: keys.token(hash) },
          })),
          ...this.tokenPuts(entityId, next, current),
        ],
      }),
    );
  }

  /**
   * Pattern: change settings. The settings item and the copies on both token items change in one
   * transaction, conditioned on the version and token hashes read.
   */
  async replaceSettings(
    entityId: string,
    read: VersionedSettings,
    next: EntitySettings,
    tokenHashes: Record<TokenKind, string>,
  ) {
    await this.table.doc.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: this.table.name,
              Item: { ...keys.settings(entityId), type: 'settings', ...next, version: read.version + 1 },
              ConditionExpression: 'version = :version',
              ExpressionAttributeValues: { ':version': read.version },
            },
          },
          {
            ConditionCheck: {
              TableName: this.table.name,
              Key: keys.entity(entityId),
              ConditionExpression: 'token_hashes = :hashes',
              ExpressionAttributeValues: { ':hashes': tokenHashes },
            },
          },
          ...Object.values(tokenHashes).map((hash) => ({
            Update: {
              TableName: this.table.name,
              Key: keys.token(hash),
              UpdateExpression: 'SET settings = :settings',
              ConditionExpression: 'attribute_exists(pk)',
              ExpressionAttributeValues: { ':settings': next },
            },
          })),
        ],
      }),
    );
  }
}
