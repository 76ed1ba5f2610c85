import { randomUUID } from 'node:crypto';
import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { CONDITION } from '../../../db/conditions';
import { onlyIf, updateWhere, writtenIf } from '../../../db/expressions';
import { getItem } from '../../../db/items';
import * as keys from '../../../db/keys';
import type { TableHandle } from '../../../db/table-handle';
import type { TransactItem } from '../../../db/transactions';
import type { Claim, ClaimRequest, IdempotencyMark, StoredAnswer } from '../domain/idempotency';
import type { IdempotencyStore } from '../ports';

/**
 * Idempotency records (Idempotency-Key header on bookings), after Powertools Idempotency: a conditional
 * put claims the key for the function's timeout; the booking's own transaction turns the claim into a
 * committed record with its result (so a crash after the commit replays the booking, never makes it
 * twice); the answer is kept once built, for 24 hours.
 */
export class IdempotencyRepository implements IdempotencyStore {
  constructor(private readonly table: TableHandle) {}

  /** Pattern: claim a key, or learn that it was answered, committed, is in progress, or was used for another request. */
  async claim(entityId: string, request: ClaimRequest): Promise<Claim> {
    const Key = keys.idempotency(entityId, request.route, request.key, request.caller);
    const nowSeconds = Math.floor(request.nowMs / 1000);
    const mark: IdempotencyMark = {
      route: request.route,
      key: request.key,
      caller: request.caller,
      claimId: randomUUID(),
      keepUntil: nowSeconds + request.keepSeconds,
    };
    const claimed = await writtenIf(
      this.table.doc.send(
        new PutCommand({
          TableName: this.table.name,
          Item: {
            ...Key,
            type: 'idempotency',
            fingerprint: request.fingerprint,
            state: 'in_progress',
            claim_id: mark.claimId,
            held_until: request.nowMs + request.holdMs,
            expires_at: mark.keepUntil,
          },
          ...onlyIf(CONDITION.keyClaimable),
          ExpressionAttributeValues: {
            ':nowSeconds': nowSeconds,
            ':nowMs': request.nowMs,
            ':inProgress': 'in_progress',
          },
        }),
      ),
    );
    if (claimed) return { kind: 'claimed', mark };
    const item = await getItem(this.table, Key);
    // Deleted (released) between the two calls: claim again.
    if (!item) return this.claim(entityId, request);
    // This request's own claim: the put was done but its answer lost, and the SDK's retry met it.
    if (item.claim_id === mark.claimId) return { kind: 'claimed', mark };
    if (item.fingerprint !== request.fingerprint) return { kind: 'mismatch' };
    if (item.answer) return { kind: 'replay', answer: item.answer as StoredAnswer };
    if (item.state === 'committed') {
      return {
        kind: 'committed',
        mark: {
          ...mark,
          claimId: String(item.claim_id),
          keepUntil: Number(item.expires_at),
          committed: item.result,
        },
      };
    }
    return { kind: 'in_progress' };
  }

  /** Pattern: keep the answer of a key for replays, while the claim is still this request's. */
  async complete(entityId: string, mark: IdempotencyMark, answer: StoredAnswer): Promise<void> {
    // Not written when the claim was lost to a later request (this one outlived its hold): that one
    // answers the key.
    await writtenIf(
      this.table.doc.send(
        new UpdateCommand({
          TableName: this.table.name,
          Key: keys.idempotency(entityId, mark.route, mark.key, mark.caller),
          ...updateWhere('SET answer = :answer', CONDITION.keyHeldByMe),
          ExpressionAttributeValues: { ':answer': answer, ':claimId': mark.claimId },
        }),
      ),
    );
  }

  /** Pattern: release a claim whose request failed on our side, unless a booking was committed under it. */
  async release(entityId: string, mark: IdempotencyMark): Promise<void> {
    await writtenIf(
      this.table.doc.send(
        new DeleteCommand({
          TableName: this.table.name,
          Key: keys.idempotency(entityId, mark.route, mark.key, mark.caller),
          ...onlyIf(`${CONDITION.keyHeldByMe} AND #state = :inProgress`),
          ExpressionAttributeValues: { ':claimId': mark.claimId, ':inProgress': 'in_progress' },
        }),
      ),
    );
  }
}

/**
 * The transaction item that commits a claim with the booking it answers: state committed and the
 * booking's result, only while the claim is still this request's (else the whole booking is refused).
 */
export function idempotencyCommitItem(
  tableName: string,
  entityId: string,
  mark: IdempotencyMark,
  result: unknown,
): TransactItem {
  return {
    Update: {
      TableName: tableName,
      Key: keys.idempotency(entityId, mark.route, mark.key, mark.caller),
      ...updateWhere('SET #state = :committed, #result = :result', CONDITION.keyHeldByMe),
      ExpressionAttributeValues: { ':committed': 'committed', ':result': result, ':claimId': mark.claimId },
    },
  };
}
