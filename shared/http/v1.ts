import type { AppError } from '../domain/errors';
import { authService, idempotencyRepository } from '../services';
import { v1Error, v1Success } from './answers-v1';
import type { Reply } from './reply';
import { type ApiProfile, bindStack, type Frame, type StackDeps } from './stack';

/** The v1 calendar API: its envelope, in JSON, XML or CSV. */
export const V1: ApiProfile = {
  api: 'v1',
  success: (reply: Reply, frame: Frame) => v1Success(reply, frame),
  error: (error: AppError, frame: Frame) => v1Error(error, frame),
};

// The binding to the service wiring, until a wiring module owns it.
const deps = (): StackDeps => ({
  authenticate: (token, api) => authService().authenticate(token, api),
  idempotency: idempotencyRepository(),
});

/** Builds a v1 Lambda handler: the shared stack with the v1 envelope and token. */
export const defineHandler = bindStack(V1, deps);
