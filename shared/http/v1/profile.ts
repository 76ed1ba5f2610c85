import type { AppError } from '../../core/errors';
import type { Reply } from '../../shapes/reply';
import type { AnswerFrame, ApiProfile } from '../stack';
import { v1Error, v1Success } from './answers';

/** The v1 calendar API: its envelope, in JSON, XML or CSV. */
export const V1: ApiProfile = {
  api: 'v1',
  success: (reply: Reply, frame: AnswerFrame) => v1Success(reply, frame),
  error: (error: AppError, frame: AnswerFrame) => v1Error(error, frame),
};
