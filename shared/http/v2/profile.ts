import type { AppError } from '../../core/errors';
import type { Reply } from '../../shapes/reply';
import type { ApiProfile } from '../stack';
import { v2Error, v2Success } from './answers';

/** The v2 entity API: `{ success, data, message }`, always JSON. */
export const V2: ApiProfile = {
  api: 'v2',
  success: (reply: Reply) => v2Success(reply),
  error: (error: AppError) => v2Error(error),
};
