import type { AppError } from '../domain/errors';
import { authService, idempotencyRepository } from '../services';
import { v2Error, v2Success } from './answers-v2';
import type { Reply } from './reply';
import { type ApiProfile, bindStack, type StackDeps } from './stack';

/** The v2 entity API: `{ success, data, message }`, always JSON. */
export const V2: ApiProfile = {
  api: 'v2',
  success: (reply: Reply) => v2Success(reply),
  error: (error: AppError) => v2Error(error),
};

// The binding to the service wiring, until a wiring module owns it.
const deps = (): StackDeps => ({
  authenticate: (token, api) => authService().authenticate(token, api),
  idempotency: idempotencyRepository(),
});

/** Builds a v2 Lambda handler: the shared stack with the v2 envelope and token. */
export const defineHandler = bindStack(V2, deps);
