import { preflightHandler } from '../shared/http/middleware/cors';

/**
 * OPTIONS on a publishable route (shared/routes.ts `pk`): the CORS preflight from any origin, so that a
 * tenant's own site may send the real request, which is then held to its key's `allowed_origins`.
 * Routed on AWS where the stage sets no preflight of its own (infra/stacks/api-stack.ts).
 */
export const handler = preflightHandler({ origins: ['*'] });
