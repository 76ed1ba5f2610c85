import { missingField } from '../../../core/errors';
import type { EntityContext } from '../../access';
import { confirmsByEmail } from '../../settings';
import type { BookingRequest } from './booking-rules';

/**
 * The status a booking is made with: a publishable key's booking of an entity that confirms by e-mail is
 * `pending` (and needs the client's e-mail, where its link goes: 400 without one); the business's token
 * and sessions book as asked.
 */
export function bookingStatusFor(entity: EntityContext, request: BookingRequest): BookingRequest {
  if (entity.credential?.kind !== 'publishable' || !confirmsByEmail(entity.settings)) return request;
  if (request.status !== 'confirmed') return request;
  if (!request.email) throw missingField('client_email');
  return { ...request, status: 'pending' };
}
