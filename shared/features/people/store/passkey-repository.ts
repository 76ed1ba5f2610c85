import { DeleteCommand, PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { CONDITION } from '../../../db/conditions';
import { getItem } from '../../../db/items';
import * as keys from '../../../db/keys';
import { queryAll } from '../../../db/paging';
import type { TableHandle } from '../../../db/table-handle';
import type { ChallengeRecord, PasskeyRecord } from '../domain/passkeys';
import type { PasskeyStore } from '../ports';

const toPasskey = (item: Record<string, unknown>): PasskeyRecord => ({
  id: String(item.credential_id),
  entityId: String(item.entity_id),
  email: String(item.email),
  publicKey: String(item.public_key),
  counter: Number(item.counter ?? 0),
  transports: (item.transports as string[] | undefined) ?? [],
  name: String(item.name ?? ''),
  createdAt: String(item.created_at),
});

const itemOf = (p: PasskeyRecord) => ({
  credential_id: p.id,
  entity_id: p.entityId,
  email: p.email,
  public_key: p.publicKey,
  counter: p.counter,
  transports: p.transports,
  name: p.name,
  created_at: p.createdAt,
});

/** Passkeys: one item found by credential id, one under the member in the entity's partition; challenges. */
export class PasskeyRepository implements PasskeyStore {
  constructor(private readonly table: TableHandle) {}

  /** Pattern: keep a passkey by its credential id and under its member, both or neither. */
  async add(passkey: PasskeyRecord): Promise<boolean> {
    try {
      await this.table.doc.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName: this.table.name,
                Item: { ...keys.passkey(passkey.id), type: 'passkey', ...itemOf(passkey) },
                ConditionExpression: CONDITION.isNew,
              },
            },
            {
              Put: {
                TableName: this.table.name,
                Item: {
                  ...keys.staffPasskey(passkey.entityId, passkey.email, passkey.id),
                  type: 'staff-passkey',
                  ...itemOf(passkey),
                },
              },
            },
          ],
        }),
      );
      return true;
    } catch (error) {
      if ((error as Error).name === 'TransactionCanceledException') return false;
      throw error;
    }
  }

  /** Pattern: a passkey by its credential id. */
  async get(credentialId: string): Promise<PasskeyRecord | null> {
    const item = await getItem(this.table, keys.passkey(credentialId));
    return item ? toPasskey(item) : null;
  }

  /** Pattern: a staff member's passkeys. */
  async list(entityId: string, email: string): Promise<PasskeyRecord[]> {
    const prefix = keys.staffPasskey(entityId, email, '');
    const items = await queryAll(this.table, {
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :sk)',
      ExpressionAttributeValues: { ':pk': prefix.pk, ':sk': prefix.sk },
      ConsistentRead: true,
    });
    return items.map(toPasskey);
  }

  /** Pattern: a passkey's signature counter after a sign-in. */
  async setCounter(credentialId: string, counter: number): Promise<void> {
    await this.table.doc.send(
      new UpdateCommand({
        TableName: this.table.name,
        Key: keys.passkey(credentialId),
        UpdateExpression: 'SET #counter = :counter',
        ExpressionAttributeNames: { '#counter': 'counter' },
        ExpressionAttributeValues: { ':counter': counter },
      }),
    );
  }

  /** Pattern: keep a challenge handed out, five minutes (TTL). */
  async addChallenge(challenge: string, record: ChallengeRecord): Promise<void> {
    await this.table.doc.send(
      new PutCommand({
        TableName: this.table.name,
        Item: {
          ...keys.passkeyChallenge(challenge),
          type: 'passkey-challenge',
          purpose: record.purpose,
          ...(record.entityId ? { entity_id: record.entityId, email: record.email } : {}),
          expires_ms: record.expiresMs,
          expires_at: Math.ceil(record.expiresMs / 1000),
        },
      }),
    );
  }

  /** Pattern: take a challenge (deleted as it is read: it works once). */
  async takeChallenge(challenge: string): Promise<ChallengeRecord | null> {
    const result = await this.table.doc.send(
      new DeleteCommand({
        TableName: this.table.name,
        Key: keys.passkeyChallenge(challenge),
        ReturnValues: 'ALL_OLD',
      }),
    );
    const item = result.Attributes;
    if (!item) return null;
    return {
      purpose: item.purpose === 'register' ? 'register' : 'sign-in',
      entityId: item.entity_id === undefined ? undefined : String(item.entity_id),
      email: item.email === undefined ? undefined : String(item.email),
      expiresMs: Number(item.expires_ms),
    };
  }
}
