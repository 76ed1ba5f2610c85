import { cancelTokenRef, keepsDigest, sha256Hex } from '../../access';
import type { AppointmentStore } from '../ports';

/**
 * The appointment a cancel token names in the request's entity (docs/CONTRACT.md#cancel-tokens), or null
 * when it names none: unknown, forged, used up by the bound on e-mail tokens, or another entity's. A token
 * of the current shape names its appointment: one read of it, trusted only when the appointment keeps the
 * token's digest (its booking's or one of its e-mails', compared in constant time). Any other token is
 * looked up as tokens of the earlier shape always were, by its CANCEL# item, then the appointment.
 */
export async function appointmentOfToken(
  appointments: AppointmentStore,
  entityId: string,
  token: string,
  /** False: the appointment read eventually consistent (a cancel's first read, checked again: ClientLinkService). */
  consistent = true,
) {
  const hash = sha256Hex(token);
  const ref = cancelTokenRef(token);
  if (!ref) {
    const id = await appointments.findByCancelToken(entityId, hash);
    return id === null ? null : appointments.get(entityId, id, consistent);
  }
  // The entity is the credential's, never the token's: a token of another entity finds nothing here.
  if (ref.entityId !== entityId) return null;
  const found = await appointments.get(entityId, ref.appointmentId, consistent);
  if (!found) return null;
  const kept = [...(found.cancel_token_hash ? [found.cancel_token_hash] : []), ...(found.link_hashes ?? [])];
  return keepsDigest(kept, hash) ? found : null;
}
