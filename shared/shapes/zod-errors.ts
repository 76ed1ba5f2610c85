import type * as z from 'zod/v4/core';
import { AppError, type ErrorCode, fieldCode } from '../core/errors';

type Where = 'path' | 'query' | 'body';

/** What a field builder (fields.ts) puts on its failure: the v1 code, and whether the field was missing. */
export const issueParams = (issue: z.$ZodIssue): { code?: ErrorCode; missing?: boolean } =>
  (issue as { params?: { code?: ErrorCode; missing?: boolean } }).params ?? {};

/**
 * Maps the first zod issue to the API's error. Field builders (fields.ts) put the v1 code in
 * `params.code` and mark absent fields with `params.missing`; v2 names the client's fields by codes of
 * their own (fieldCode). A missing body field is
 * MISSING_REQUIRED_FIELD; a missing or bad parameter is INVALID_PARAMETER unless the field says otherwise.
 */
export function zodToAppError(error: z.$ZodError, where: Where): AppError {
  const issue = error.issues[0];
  if (!issue) return new AppError('validation', 'INVALID_PARAMETER', `${where}: invalid`);
  const field = issue.path.map(String).join('.');
  const params = issueParams(issue);
  if (field === '') {
    // The body (or parameter set) itself is not an object.
    return new AppError('validation', 'INVALID_PARAMETER', `${where}: must be a JSON object`);
  }
  if (params.missing) {
    const code: ErrorCode =
      params.code ?? (where === 'body' ? 'MISSING_REQUIRED_FIELD' : 'INVALID_PARAMETER');
    const message =
      code === 'MISSING_CALENDAR_ID' ? 'calendar_id parameter is required' : `${field}: is required`;
    return new AppError('validation', code, message, fieldCode(field, code));
  }
  const code = params.code ?? 'INVALID_PARAMETER';
  // Date errors keep the documents' exact wording; others name the field and the rule.
  const message = code === 'INVALID_DATE_FORMAT' ? issue.message : `${field}: ${issue.message}`;
  return new AppError('validation', code, message, fieldCode(field, code));
}
