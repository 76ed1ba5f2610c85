import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { AppError, V2ErrorCode } from '../../core/errors';
import type { Reply } from '../../shapes/reply';

const JSON_TYPE = 'application/json; charset=utf-8';

/** What a v2 answer carries: its HTTP status, and the envelope's fields. */
export interface V2Envelope {
  status: number;
  success: boolean;
  data: unknown;
  message?: string | undefined;
  code?: V2ErrorCode | undefined;
}

/** v2 envelope: `{ success, data, message }`, and an error's `code` (docs/CONTRACT.md#envelopes). */
export function v2Answer({
  status,
  success,
  data,
  message,
  code,
}: V2Envelope): APIGatewayProxyStructuredResultV2 {
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
export const v2Success = (r: Reply): APIGatewayProxyStructuredResultV2 => {
  const answer = v2Answer({
    status: r.status ?? 200,
    success: r.success ?? true,
    data: r.data,
    message: r.message,
  });
  return r.headers ? { ...answer, headers: { ...answer.headers, ...r.headers } } : answer;
};

/** v2 error: data is an empty array, message is the error's (already safe) text, code its v2 code. */
export const v2Error = (error: AppError): APIGatewayProxyStructuredResultV2 =>
  v2Answer({ status: error.status, success: false, data: [], message: error.message, code: error.v2Code });
