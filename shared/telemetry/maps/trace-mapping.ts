/**
 * The source-map reader that shared/telemetry/source-stack.ts loads when it first maps an error's stack.
 * A module of its own so that a deployed function carries it beside index.js (maps/trace-mapping.js,
 * bundled apart like the writers: infra/bundling.ts) rather than inside it: V8 compiles the whole of
 * index.js when a function loads, and this library (16 KB minified) is only run when an error is logged.
 */
export { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
