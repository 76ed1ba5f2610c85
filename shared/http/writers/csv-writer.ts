/**
 * The CSV writer, loaded by formats.ts on the first CSV answer. Deployed, it is its own esbuild bundle
 * (writers/csv-writer.js beside the function's index.js, infra/bundling.ts), so papaparse weighs nothing
 * in a function's bundle and costs nothing at a cold start that answers JSON.
 */
export { unparse } from 'papaparse';
