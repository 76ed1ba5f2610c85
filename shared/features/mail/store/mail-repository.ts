import { randomBytes, randomUUID } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { CONDITION } from '../../../db/conditions';
import { conditionFailed, updateWhere, writtenIf } from '../../../db/expressions';
import { getItem } from '../../../db/items';
import * as keys from '../../../db/keys';
import type { TableHandle } from '../../../db/table-handle';
import { addLinkToken } from '../../booking';
import { EVENT_RETENTION_SECONDS } from '../../webhooks';
import type { MailCap, MailClaim, SentMails } from '../ports';

const expiry = (): number => Math.floor(Date.now() / 1000) + EVENT_RETENTION_SECONDS;

/** The record of each client e-mail: claimed, then sent; kept 30 days (TTL `expires_at`). */
export class SentMailRepository implements SentMails {
  constructor(private readonly table: TableHandle) {}

  /**
   * Pattern: claim an e-mail for sending (conditional UpdateItem, ALL_NEW); says `sent` or `busy` when it
   * cannot. The claim carries its own id: the SDK's retry of a write whose answer was lost meets the claim
   * it made, and takes it as its own (not as another sender's, which would hold the e-mail back for the
   * claim's whole hold). The first claim gives the record its link secret (`if_not_exists`): every retry of
   * the e-mail claims the same one, so its manage link is the same (docs/CONTRACT.md#cancel-tokens).
   */
  async claim(entityId: string, key: string, holdMs: number): Promise<MailClaim> {
    const nowMs = Date.now();
    const claimId = randomUUID();
    try {
      const { Attributes } = await this.table.doc.send(
        new UpdateCommand({
          TableName: this.table.name,
          Key: keys.mail(entityId, key),
          ...updateWhere(
            'SET #type = :mail, #state = :sending, #claim_id = :claim, #held_until = :until, ' +
              '#expires_at = :expires, #link_secret = if_not_exists(#link_secret, :secret)',
            CONDITION.mailClaimable,
          ),
          ExpressionAttributeValues: {
            ':mail': 'mail',
            ':sending': 'sending',
            ':claim': claimId,
            ':until': nowMs + holdMs,
            ':expires': expiry(),
            ':secret': randomBytes(32),
            ':nowMs': nowMs,
          },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return claimedOf(Attributes);
    } catch (error) {
      if (!conditionFailed(error)) throw error;
    }
    const item = await getItem(this.table, keys.mail(entityId, key));
    if (item?.state === 'sent') return { state: 'sent' };
    return item?.claim_id === claimId ? claimedOf(item) : { state: 'busy' };
  }

  /** Pattern: the e-mail was handed to the transport; its link secret is not needed any more. */
  async markSent(entityId: string, key: string): Promise<void> {
    await this.table.doc.send(
      new UpdateCommand({
        TableName: this.table.name,
        Key: keys.mail(entityId, key),
        ...updateWhere('SET #state = :sent REMOVE #link_secret'),
        ExpressionAttributeValues: { ':sent': 'sent' },
      }),
    );
  }

  /**
   * Pattern: give a claim up after a failed send, so the retry may take it at once (with the same link
   * secret); a send given up for good drops the secret too.
   */
  async release(entityId: string, key: string, options: { givenUp?: boolean } = {}): Promise<void> {
    await this.table.doc.send(
      new UpdateCommand({
        TableName: this.table.name,
        Key: keys.mail(entityId, key),
        ...updateWhere(`SET #held_until = :zero${options.givenUp ? ' REMOVE #link_secret' : ''}`),
        ExpressionAttributeValues: { ':zero': 0 },
      }),
    );
  }
}

/** The sender's own claim, read from the record: its link secret (32 bytes, Binary). */
function claimedOf(item: Record<string, unknown> | undefined): MailClaim {
  const secret = item?.link_secret;
  if (!(secret instanceof Uint8Array)) throw new Error('a claimed e-mail record without its link secret');
  return { state: 'claimed', linkSecret: secret };
}

/** Pattern: the cancel token an appointment keeps for its confirmation's link (strongly consistent). */
export async function mailCancelToken(
  table: TableHandle,
  entityId: string,
  appointmentId: number,
): Promise<string | null> {
  const item = await getItem(table, keys.appointment(entityId, appointmentId));
  return typeof item?.mail_cancel_token === 'string' ? item.mail_cancel_token : null;
}

/** Pattern: the confirmation went out; its cancel token leaves the appointment item. */
export async function forgetMailCancelToken(
  table: TableHandle,
  entityId: string,
  appointmentId: number,
): Promise<void> {
  await writtenIf(
    table.doc.send(
      new UpdateCommand({
        TableName: table.name,
        Key: keys.appointment(entityId, appointmentId),
        ...updateWhere('REMOVE #mail_cancel_token', CONDITION.keepsMailCancelToken),
      }),
    ),
  );
}

/** The hourly cap of e-mails to one address (docs/CONTRACT.md#notifications): one counter per window. */
export class MailCapRepository implements MailCap {
  constructor(private readonly table: TableHandle) {}

  /** Pattern: count one e-mail in the window, conditioned on the count being below the cap. */
  admit(entityId: string, addressHash: string, windowStart: number, max: number): Promise<boolean> {
    return writtenIf(
      this.table.doc.send(
        new UpdateCommand({
          TableName: this.table.name,
          Key: keys.mailCap(entityId, addressHash, windowStart),
          ...updateWhere(
            'ADD #sent :one SET #type = :type, expires_at = :expires',
            'attribute_not_exists(#sent) OR #sent < :max',
          ),
          ExpressionAttributeValues: {
            ':one': 1,
            ':max': max,
            ':type': 'mail-cap',
            // Kept a day past its hour, then removed by the table's TTL.
            ':expires': Math.floor(windowStart / 1000) + 3600 + 86_400,
          },
        }),
      ),
    );
  }
}

/**
 * Pattern: one more cancel token for an appointment its client may still manage (an e-mail's manage
 * link): its digest kept on the appointment by one conditional UpdateItem, only while the appointment is
 * pending or confirmed (booking's addLinkToken). False when it is not (or is gone): no token, no link.
 */
export function addCancelToken(
  table: TableHandle,
  entityId: string,
  appointmentId: number,
  tokenHash: string,
): Promise<boolean> {
  return addLinkToken(table, { entityId, appointmentId, tokenHash });
}
