/**
 * The composition root, the HTTP stack's binding: what the shared middy stack needs of the services (the
 * token check, the Idempotency-Key records, the fair limits), and the two handler factories built on it.
 */
import { bindStack, type StackDeps } from '../http/stack';
import { V1 } from '../http/v1/profile';
import { V2 } from '../http/v2/profile';
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
 * Imported statically (a bundle stays flat); the admin CLI loads services.ts, which does not import it.
 */
export const defineV1Handler: DefineHandler = (options, run) => {
  return bindStack(V1, stackDeps)(options, run);
};
/** Builds a v2 Lambda handler: the shared stack with the v2 envelope and token, bound to the services. */
export const defineV2Handler: DefineHandler = (options, run) => {
  return bindStack(V2, stackDeps)(options, run);
};
