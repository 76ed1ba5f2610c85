import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { API_VERSION } from '../../core/api';
import { isoInZone } from '../../core/dates';
import type { AppError } from '../../core/errors';
import { CONTENT_TYPES } from '../../shapes/negotiation';
import type { Reply } from '../../shapes/reply';
import { toCsv, toXml } from '../formats';
import type { AnswerFrame } from '../middleware/types';

/** What a CSV answer holds: its rows, and the header of a list without any (Reply.columns). */
type CsvRows = { rows: unknown; columns?: readonly string[] | undefined };

function v1Serialize(status: number, envelope: Record<string, unknown>, frame: AnswerFrame, csv: CsvRows) {
  const body =
    frame.format === 'xml'
      ? toXml(envelope)
      : frame.format === 'csv'
        ? toCsv(csv.rows, csv.columns)
        : JSON.stringify(envelope);
  return { statusCode: status, headers: { 'content-type': CONTENT_TYPES[frame.format] }, body };
}

/** v1 success envelope, in the negotiated format (CSV: the rows of data, no envelope). */
export function v1Success(r: Reply, frame: AnswerFrame): APIGatewayProxyStructuredResultV2 {
  const envelope: Record<string, unknown> = {
    success: r.success ?? true,
    data: r.data,
    ...(r.pagination ? { pagination: r.pagination } : {}),
    meta: r.meta ?? {},
    message: r.message ?? 'OK',
    error_code: r.errorCode ?? 'SUCCESS',
    http_code: r.status ?? 200,
    api_version: API_VERSION,
    timestamp: isoInZone(new Date(), frame.timezone),
    format: frame.format,
    ...(frame.debug ? { debug: frame.debug } : {}),
  };
  return v1Serialize(r.status ?? 200, envelope, frame, { rows: r.data, columns: r.columns });
}

/** v1 error envelope (docs/CONTRACT.md#envelopes), in the negotiated format (CSV: one row of the envelope's fields). */
export function v1Error(error: AppError, frame: AnswerFrame): APIGatewayProxyStructuredResultV2 {
  const envelope: Record<string, unknown> = {
    success: false,
    data: null,
    message: error.message,
    error_code: error.code,
    http_code: error.status,
    api_version: API_VERSION,
    timestamp: isoInZone(new Date(), frame.timezone),
    format: frame.format,
    meta: {},
    ...(frame.debug ? { debug: frame.debug } : {}),
  };
  // CSV: a header row and one row of every field of the error envelope (data and meta are empty).
  return v1Serialize(error.status, envelope, frame, { rows: envelope });
}
