/**
 * `npm run events`: writes under events/ the HTTP API (payload 2.0) event API Gateway would send for a
 * sample request to every route of the route table (shared/local/server/sample-events.ts, built like the local
 * server builds them), and one for the not-found function; removes the files of routes that are gone.
 * For `sam local invoke -e`; test/infra/sample-events.test.ts checks the files are current.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { matchRoute, toApiGatewayEvent } from '../shared/local/server/api-gateway';
import { sampleEvent, sampleEventFile } from '../shared/local/server/sample-events';
import { NOT_FOUND_ENTRY, ROUTES, type RouteDef } from '../shared/routes';

export const EVENTS_DIR = join(__dirname, '..', 'events');

/** One sample event: its file under events/, the handler it is for, and the event. */
export interface SampleEvent {
  file: string;
  entry: string;
  /** The route it exercises; null for the not-found function (the `$default` route). */
  route: RouteDef | null;
  event: APIGatewayProxyEventV2;
}

/** The not-found function's sample: a path no route serves, under the v2 API. */
export const NOT_FOUND_EVENT_FILE = 'not-found.json';
export function notFoundEvent(): APIGatewayProxyEventV2 {
  const route = ROUTES[0];
  const path = '/api/v2/no-such-endpoint';
  const event = toApiGatewayEvent(
    {
      method: 'GET',
      url: path,
      headers: { host: 'localhost:3000', 'user-agent': 'sample-event' },
      body: '',
      sourceIp: '127.0.0.1',
    },
    matchRoute(ROUTES, 'GET', path),
  );
  // A fixed id, and the fixed time of the route samples, so the file only changes when they do.
  event.requestContext.requestId = 'sample-not-found';
  if (route) {
    const { time, timeEpoch } = sampleEvent(route).requestContext;
    Object.assign(event.requestContext, { time, timeEpoch });
  }
  return event;
}

/** Every sample event: one per route of the route table, and the not-found function's. */
export function sampleEvents(): SampleEvent[] {
  return [
    ...ROUTES.map((route) => ({
      file: sampleEventFile(route),
      entry: route.entry,
      route,
      event: sampleEvent(route),
    })),
    { file: NOT_FOUND_EVENT_FILE, entry: NOT_FOUND_ENTRY, route: null, event: notFoundEvent() },
  ];
}

/** The text written for an event (and compared by the test). */
export const eventText = (event: APIGatewayProxyEventV2): string => `${JSON.stringify(event, null, 2)}\n`;

/** Writes every sample event and removes the files of routes that no longer exist. */
export function writeSampleEvents(dir = EVENTS_DIR): { written: number; removed: string[] } {
  mkdirSync(dir, { recursive: true });
  const samples = sampleEvents();
  const wanted = new Set(samples.map((sample) => sample.file));
  const removed = readdirSync(dir).filter((file) => file.endsWith('.json') && !wanted.has(file));
  for (const file of removed) rmSync(join(dir, file));
  for (const sample of samples) writeFileSync(join(dir, sample.file), eventText(sample.event));
  return { written: samples.length, removed };
}

if (require.main === module) {
  const { written, removed } = writeSampleEvents();
  const gone = removed.length ? `; removed ${removed.join(', ')}` : '';
  console.log(`wrote ${written} sample events to ${EVENTS_DIR}${gone}`);
}
