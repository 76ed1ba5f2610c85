import type { AppError } from '../domain/errors';
import { v2Error, v2Success } from './answers-v2';
import type { Reply } from './reply';
import { type ApiProfile, buildHandler } from './stack';

/** The v2 entity API: `{ success, data, message }`, always JSON. */
export const V2: ApiProfile = {
  api: 'v2',
  success: (reply: Reply) => v2Success(reply),
  error: (error: AppError) => v2Error(error),
};

/** Builds a v2 Lambda handler: the shared stack with the v2 envelope and token. */
export const defineHandler = <P = undefined, Q = undefined, B = undefined>(
  options: Parameters<typeof buildHandler<P, Q, B>>[1],
  run: Parameters<typeof buildHandler<P, Q, B>>[2],
) => buildHandler<P, Q, B>(V2, options, run);
