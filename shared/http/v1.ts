import type { AppError } from '../domain/errors';
import { v1Error, v1Success } from './answers-v1';
import type { Reply } from './reply';
import { type ApiProfile, buildHandler, type Frame } from './stack';

/** The v1 calendar API: its envelope, in JSON, XML or CSV. */
export const V1: ApiProfile = {
  api: 'v1',
  success: (reply: Reply, frame: Frame) => v1Success(reply, frame),
  error: (error: AppError, frame: Frame) => v1Error(error, frame),
};

/** Builds a v1 Lambda handler: the shared stack with the v1 envelope and token. */
export const defineHandler = <P = undefined, Q = undefined, B = undefined>(
  options: Parameters<typeof buildHandler<P, Q, B>>[1],
  run: Parameters<typeof buildHandler<P, Q, B>>[2],
) => buildHandler<P, Q, B>(V1, options, run);
