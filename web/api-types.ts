/**
 * The API's types for browser code: the only thing web/ takes from outside it. They are generated from
 * docs/openapi.json by `npm run openapi:types` into examples/client/api.d.ts; the dependency rule
 * (`web-stands-apart` in .dependency-cruiser.cjs) refuses any other import of the project.
 */
import type { components, paths } from '../examples/client/api';

export type { components, paths };
