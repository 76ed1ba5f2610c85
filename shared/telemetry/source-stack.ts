import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TraceMap } from '@jridgewell/trace-mapping';
import type * as MapReader from './maps/trace-mapping';

/**
 * Stack traces that name the project's files and lines, mapped when an error is logged rather than when a
 * function loads. A deployed function is one minified bundle (index.js) with its source map beside it
 * (index.js.map, positions only). Node's own `--enable-source-maps` reads every bundle's map at cold
 * start, about 5 % of a function's cold load (docs/design/observability.md, "Cold starts as Lambda runs
 * them"); here a map is read the first time an error of its bundle is logged, with
 * `@jridgewell/trace-mapping`, loaded then too. Locally (the sources run as they are) there is no map and
 * stacks stay as they are.
 */

/** `    at name (/var/task/index.js:1:2345)` or `    at /var/task/index.js:1:2345`. */
const FRAME = /^(\s*at (?:.*? \()?)(\/[^():]+\.js):(\d+):(\d+)(\)?)$/;

/**
 * The library, loaded with the first map read (never at cold start), from a file of its own: in the
 * repository shared/telemetry/maps/trace-mapping.ts, in a bundle maps/trace-mapping.js beside index.js
 * (bundled apart, infra/bundling.ts), so that V8 does not compile it with the function's own code.
 */
const MAPS_DIR = join(__dirname, 'maps');
let reader: typeof MapReader | undefined;
const traceMapping = (): typeof MapReader => {
  reader ??= require(join(MAPS_DIR, 'trace-mapping')) as typeof MapReader;
  return reader;
};

/** Each bundle's map, read once; null when the file has none. */
const maps = new Map<string, TraceMap | null>();

function mapOf(file: string): TraceMap | null {
  let map = maps.get(file);
  if (map === undefined) {
    map = null;
    try {
      map = new (traceMapping().TraceMap)(readFileSync(`${file}.map`, 'utf8'), file);
    } catch {
      // No map beside the file (a library's, or a run from the sources): its frames stay as they are.
    }
    maps.set(file, map);
  }
  return map;
}

/** The stack with each frame of a mapped bundle given as its source file, line and column. */
export function sourceStack(stack: string): string {
  return stack
    .split('\n')
    .map((line) => {
      const frame = FRAME.exec(line);
      const map = frame ? mapOf(frame[2] as string) : null;
      if (!frame || !map) return line;
      const at = traceMapping().originalPositionFor(map, {
        line: Number(frame[3]),
        column: Number(frame[4]) - 1,
      });
      if (at.source === null) return line;
      return `${frame[1]}${at.source}:${at.line}:${at.column + 1}${frame[5]}`;
    })
    .join('\n');
}

/**
 * What a log line gets for an error: the error itself (Powertools Logger writes its name, message, stack and
 * location), its stack mapped to the project's sources when it came through a bundle.
 */
export function withSourceStack<T>(error: T): T {
  if (error instanceof Error && typeof error.stack === 'string') {
    const mapped = sourceStack(error.stack);
    if (mapped !== error.stack) error.stack = mapped;
  }
  return error;
}
