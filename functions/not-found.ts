import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { endpointNotFound } from '../shared/core/errors';
import { defineV1Handler, defineV2Handler } from '../shared/wiring';

const fail = async (): Promise<never> => {
  throw endpointNotFound();
};
const v1NotFound = defineV1Handler({ auth: 'none' }, fail);
const v2NotFound = defineV2Handler({ auth: 'none' }, fail);

/** Every request no route serves: 404 in the envelope of the API its path belongs to. */
export const handler = (event: APIGatewayProxyEventV2, context: Context) =>
  /^\/api\/v2(\/|$)/.test(event.rawPath ?? '') ? v2NotFound(event, context) : v1NotFound(event, context);
