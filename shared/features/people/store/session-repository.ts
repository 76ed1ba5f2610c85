import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { getItem } from '../../../db/items';
import * as keys from '../../../db/keys';
import type { TableHandle } from '../../../db/table-handle';
import { TransactionRefused, transact } from '../../../db/transactions';
import { ABSOLUTE_MS, type SessionRecord } from '../domain/sessions';
import type { LinkRecord, SessionStore, SignInCounter, SignInStep } from '../ports';

/** Seconds since the epoch, for the table's TTL (`expires_at`): the item goes some time after. */
const seconds = (ms: number): number => Math.ceil(ms / 1000);

/** Sign-in links and sessions: items found by the SHA-256 of their token, removed by the TTL when past. */
export class SessionRepository implements SessionStore {
  constructor(private readonly table: TableHandle) {}

  /** Pattern: keep a sign-in link by its hash until it expires. */
  async addLink(tokenHash: string, link: LinkRecord): Promise<void> {
    await this.table.doc.send(
      new PutCommand({
        TableName: this.table.name,
        Item: {
          ...keys.signInLink(tokenHash),
          type: 'sign-in-link',
          entity_id: link.entityId,
          email: link.email,
          expires_ms: link.expiresMs,
          expires_at: seconds(link.expiresMs),
        },
      }),
    );
  }

  /** Pattern: take a sign-in link (deleted as it is read: it works once). */
  async takeLink(tokenHash: string): Promise<LinkRecord | null> {
    const result = await this.table.doc.send(
      new DeleteCommand({
        TableName: this.table.name,
        Key: keys.signInLink(tokenHash),
        ReturnValues: 'ALL_OLD',
      }),
    );
    const item = result.Attributes;
    if (!item) return null;
    return {
      entityId: String(item.entity_id),
      email: String(item.email),
      expiresMs: Number(item.expires_ms),
    };
  }

  /** Pattern: keep a session by its cookie's hash. */
  async addSession(tokenHash: string, session: SessionRecord): Promise<void> {
    await this.table.doc.send(
      new PutCommand({
        TableName: this.table.name,
        Item: {
          ...keys.session(tokenHash),
          type: 'session',
          entity_id: session.entityId,
          email: session.email,
          generation: session.generation,
          created_ms: session.createdMs,
          seen_ms: session.seenMs,
          expires_at: seconds(session.createdMs + ABSOLUTE_MS),
        },
      }),
    );
  }

  /** Pattern: get a session by its cookie's hash. */
  async getSession(tokenHash: string): Promise<SessionRecord | null> {
    const item = await getItem(this.table, keys.session(tokenHash));
    if (!item) return null;
    return {
      entityId: String(item.entity_id),
      email: String(item.email),
      generation: Number(item.generation ?? 0),
      createdMs: Number(item.created_ms),
      seenMs: Number(item.seen_ms),
    };
  }

  /** Pattern: record a session's last use (an UpdateItem a read route may make: keys/people.ts). */
  async touch(tokenHash: string, nowMs: number): Promise<void> {
    await this.table.doc
      .send(
        new UpdateCommand({
          TableName: this.table.name,
          Key: keys.session(tokenHash),
          UpdateExpression: 'SET seen_ms = :now',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':now': nowMs },
        }),
      )
      .catch((error: Error) => {
        if (error.name !== 'ConditionalCheckFailedException') throw error;
      });
  }

  /** Pattern: end a session. */
  async removeSession(tokenHash: string): Promise<void> {
    await this.table.doc.send(
      new DeleteCommand({ TableName: this.table.name, Key: keys.session(tokenHash) }),
    );
  }
}

/** The sign-in limits' counters: one item per address or visitor and window, moved together or not at all. */
export class SignInCounterRepository implements SignInCounter {
  constructor(private readonly table: TableHandle) {}

  /** Pattern: count a sign-in request on its address's and its visitor's counters, each below its cap. */
  async count(steps: readonly SignInStep[]): Promise<true | SignInStep> {
    try {
      await transact(
        this.table,
        steps.map((step) => ({
          Update: {
            TableName: this.table.name,
            Key: keys.signInCounter(step.what, step.id, step.windowStart),
            UpdateExpression: 'ADD n :one SET expires_at = :expires',
            ConditionExpression: 'attribute_not_exists(n) OR n < :cap',
            ExpressionAttributeValues: { ':one': 1, ':cap': step.cap, ':expires': step.expiresAt },
          },
        })),
      );
      return true;
    } catch (error) {
      const full = error instanceof TransactionRefused ? steps.find((_, i) => error.failed(i)) : undefined;
      if (full) return full;
      throw error;
    }
  }
}
