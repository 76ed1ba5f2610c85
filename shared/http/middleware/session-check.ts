import { forbidden } from '../../core/errors';
import type { EntityContext } from '../../features/access';
import { originOf, sessionTokenOf } from '../../features/people';
import type { AppRequest, Middleware } from './types';

export interface SessionCheckOptions {
  /** The session's entity, with `staff` set; throws 401 for a session unknown or over. */
  authenticate: (token: string) => Promise<EntityContext>;
  /** The stage's public base URL: a state-changing request with a session needs its origin in `Origin`. */
  publicBase: () => string | undefined;
  /** A `staff` member's session may call the route (the handler keeps to their calendars); owners always may. */
  staffAllowed: boolean;
  /** The route is a public read (a publishable key's GET): a staff member's session may read it too. */
  publicRead: boolean;
}

/** Methods that change nothing: a session's request by these needs no Origin. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Session check (v2, docs/CONTRACT.md#staff-and-sessions): a request without an access token but with a
 * session cookie acts as the session's staff member. An owner's session may do what the v2 token does; a
 * staff member's only the routes that keep to their calendars (`staffSession`) and the public reads (a
 * publishable key's GETs), never with a `calendar_id` of another calendar (403 otherwise). A state-changing request
 * made with a session needs an `Origin` equal to the stage's public base (403 otherwise: no cross-site
 * request forgery). A request with an access token is left to tokenCheck: the token wins.
 *
 * Request state: writes `entity` (with `staff`), `staff` and `session` for a session's request. Reads nothing.
 *
 * @example
 * // Cookie: session=…, POST, Origin: http://127.0.0.1:3000 (the public base) →
 * // context.app.staff = { email: 'ana@salon.fr', role: 'staff', calendarIds: [3] }
 */
export const sessionCheck = (opts: SessionCheckOptions): Middleware => {
  const sessionCheckBefore = async (request: AppRequest): Promise<void> => {
    const { event, context } = request;
    if (event.headers?.['access-token'] || event.queryStringParameters?.access_token) return;
    const header = event.headers?.cookie;
    const token = sessionTokenOf(event.cookies ?? (header ? header.split(/;\s*/) : undefined));
    if (!token) return;
    const entity = await opts.authenticate(token);
    const staff = entity.staff;
    if (!staff) return;
    const method = event.requestContext?.http?.method ?? 'GET';
    if (staff.role !== 'owner') {
      if (!opts.staffAllowed && !(opts.publicRead && method === 'GET'))
        throw forbidden("a staff member's session may not use this route");
      // A filter of another calendar than theirs is refused (the routes keep a list without one to theirs).
      const wanted = event.queryStringParameters?.calendar_id;
      if (wanted !== undefined && wanted !== '' && !staff.calendarIds.includes(Number(wanted)))
        throw forbidden('this calendar is not one of yours');
    }
    const own = originOf(opts.publicBase());
    if (!SAFE_METHODS.has(method) && (own === undefined || event.headers?.origin !== own))
      throw forbidden("a session's change needs the Origin of the API's public address");
    context.app.entity = entity;
    context.app.staff = staff;
    context.app.session = { token };
  };
  return {
    before: sessionCheckBefore,
    state: { reads: [], writes: ['entity', 'staff', 'session'] },
  };
};
