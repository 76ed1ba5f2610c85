import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { AppError, V2ErrorCode } from '../../core/errors';
import type { Reply } from '../reply';

const JSON_TYPE = 'application/json; charset=utf-8';

/** v2 envelope: `{ success, data, message }`, and an error's `code` (docs/CONTRACT.md#envelopes). */
export function v2Answer(
  status: number,
  success: boolean,
  data: unknown,
  message?: string,
  code?: V2ErrorCode,
): APIGatewayProxyStructuredResultV2 {
  return {
    statusCode: status,
    headers: { 'content-type': JSON_TYPE },
    body: JSON.stringify({
      success,
      data,
      ...(message !== undefined ? { message } : {}),
      ...(code !== undefined ? { code } : {}),
    }),
  };
}

/** v2 success from a handler's reply. */
export const v2Success = (r: Reply): APIGatewayProxyStructuredResultV2 =>
  v2Answer(200, r.success ?? true, r.data, r.message);

/** v2 error: data is an empty array, message is the error's (already safe) text, code its v2 code. */
export const v2Error = (error: AppError): APIGatewayProxyStructuredResultV2 =>
  v2Answer(error.status, false, [], error.message, error.v2Code);
