import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { CONDITION } from '../../../db/conditions';
import { conditionFailed, updateWhere } from '../../../db/expressions';
import { getItem } from '../../../db/items';
import * as keys from '../../../db/keys';
import type { TableHandle } from '../../../db/table-handle';
import { digestBytes, LINK_DIGESTS, linkDigestsOf } from '../../../db/token-digests';
import { LINK_TOKENS_KEPT } from '../../access';
import { type AppointmentStatus, isManageable } from '../domain/appointment';

/** An e-mail's cancel token to make known to its appointment, by its SHA-256 (hex). */
export interface LinkToken {
  entityId: string;
  appointmentId: number;
  tokenHash: string;
}

/** Tries before giving up to a run of concurrent mints of the same appointment (each try reads nothing). */
const TRIES = 4;

/**
 * The condition and values that keep an appointment's e-mail tokens through a write of the whole item
 * (a transition): the list as read, or none when it had none. With the list as read put back, a token
 * minted between the read and the write fails the write (read again and retry) instead of vanishing.
 */
export function linkDigestsKept(read: readonly string[] | undefined): {
  item: Record<string, unknown>;
  condition: string;
  values: Record<string, unknown>;
} {
  if (!read?.length) return { item: {}, condition: CONDITION.noLinkDigests, values: {} };
  const links = read.map(digestBytes);
  return {
    item: { [LINK_DIGESTS]: links },
    condition: CONDITION.linkDigestsAsRead,
    values: { ':links': links },
  };
}

/**
 * Pattern: one more cancel token for an appointment its client may still manage (an e-mail's manage link):
 * one conditional UpdateItem of the appointment that appends the token's digest to its e-mail tokens,
 * only while it is pending or confirmed. At LINK_TOKENS_KEPT already, the oldest is forgotten: the list as
 * the refusal returned it (ALL_OLD, no read) is written back without it and with the new one, on the
 * condition that it is still that list. A retry whose first answer was lost finds its digest there and
 * counts as done. False when the appointment is gone or no longer manageable: no token, no link.
 */
export async function addLinkToken(table: TableHandle, token: LinkToken): Promise<boolean> {
  const digest = digestBytes(token.tokenHash);
  const manageable = { ':pending': 'pending', ':confirmed': 'confirmed' };
  /** The list a full appointment had when last refused: the next try replaces it. */
  let full: string[] | undefined;
  for (let attempt = 0; attempt < TRIES; attempt++) {
    const write = full
      ? {
          ...updateWhere(
            `SET #${LINK_DIGESTS} = :kept`,
            `${CONDITION.appointmentManageable} AND ${CONDITION.linkDigestsAsRead}`,
          ),
          ExpressionAttributeValues: {
            ...manageable,
            ':links': full.map(digestBytes),
            ':kept': [...full.slice(-(LINK_TOKENS_KEPT - 1)).map(digestBytes), digest],
          },
        }
      : {
          ...updateWhere(
            `SET #${LINK_DIGESTS} = list_append(if_not_exists(#${LINK_DIGESTS}, :none), :one)`,
            `${CONDITION.appointmentManageable} AND ${CONDITION.linkDigestRoom}`,
          ),
          ExpressionAttributeValues: {
            ...manageable,
            ':none': [],
            ':one': [digest],
            ':max': LINK_TOKENS_KEPT,
            ':digest': digest,
          },
        };
    try {
      await table.doc.send(
        new UpdateCommand({
          TableName: table.name,
          Key: keys.appointment(token.entityId, token.appointmentId),
          ...write,
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        }),
      );
      return true;
    } catch (error) {
      if (!conditionFailed(error)) throw error;
      const raw = (error as { Item?: Record<string, AttributeValue> }).Item;
      // A store that hands back no item with the refusal: read it (strongly).
      const old = raw
        ? unmarshall(raw)
        : await getItem(table, keys.appointment(token.entityId, token.appointmentId));
      if (!old || !isManageable(old.status as AppointmentStatus)) return false;
      const kept = linkDigestsOf(old);
      if (kept.includes(token.tokenHash)) return true;
      full = kept.length >= LINK_TOKENS_KEPT ? kept : undefined;
    }
  }
  throw new Error(`appointment ${token.appointmentId}: its e-mail token was not kept after ${TRIES} tries`);
}
