import { AppError } from '../../core/errors';
import { negotiateFormat } from '../../shapes/negotiation';
import type { AppRequest, Middleware } from './types';

/**
 * v1 format negotiation: the `format` parameter wins over Accept; an unknown or empty `format` is 400
 * INVALID_PARAMETER (answered in JSON, since no format was agreed). Reads lower-cased headers.
 *
 * Request state (`context.app`): writes `format` (requestContext set it to 'json'); reads nothing.
 *
 * @example
 * // ?format=csv, Accept: application/xml -> context.app.format = 'csv'
 * // no format, Accept: application/xml   -> context.app.format = 'xml'
 */
export const formatNegotiation = (): Middleware => {
  const formatNegotiationBefore = (request: AppRequest): void => {
    const { event, context } = request;
    const wanted = event.queryStringParameters?.format;
    // An empty `format=` names no format: refused like an unknown one (was read as none).
    const format = wanted?.trim() === '' ? null : negotiateFormat(wanted, event.headers?.accept);
    if (format === null) {
      throw new AppError('validation', 'INVALID_PARAMETER', 'format: must be one of json, xml, csv');
    }
    context.app.format = format;
  };
  return { before: formatNegotiationBefore };
};
