/**
 * The composition root, the HTTP stack's binding: what the shared middy stack needs of the services (the
 * token check, the Idempotency-Key records, the fair limits), and the two handler factories built on it.
 */
import type { bindStack, StackDeps } from '../http/stack';
import { authService, idempotencyStore, limitService } from './access';
import { authenticateSession, publicBase } from './people';

/** What the shared HTTP stack needs: the token check, the idempotency records and the fair limits. */
const stackDeps = (): StackDeps => ({
  authenticate: (token, api) => authService().authenticate(token, api),
  idempotency: idempotencyStore(),
  admit: (entity, request) => limitService().admit(entity, request),
  authenticateSession,
  publicBase,
});

type DefineHandler = ReturnType<typeof bindStack>;

/**
 * Builds a v1 Lambda handler: the shared stack with the v1 envelope and token, bound to the services.
 * The HTTP stack is loaded when a handler is defined, so the admin CLI and scripts never load it.
 */
export const defineV1Handler: DefineHandler = (options, run) => {
  const { bindStack: bind } = require('../http/stack') as typeof import('../http/stack');
  const { V1 } = require('../http/v1/profile') as typeof import('../http/v1/profile');
  return bind(V1, stackDeps)(options, run);
};
/** Builds a v2 Lambda handler: the shared stack with the v2 envelope and token, bound to the services. */
export const defineV2Handler: DefineHandler = (options, run) => {
  const { bindStack: bind } = require('../http/stack') as typeof import('../http/stack');
  const { V2 } = require('../http/v2/profile') as typeof import('../http/v2/profile');
  return bind(V2, stackDeps)(options, run);
};
