/**
 * The XML writer, loaded by formats.ts on the first XML answer. Deployed, it is its own esbuild bundle
 * (writers/xml-writer.js beside the function's index.js, infra/bundling.ts), so xmlbuilder2 weighs
 * nothing in a function's bundle and costs nothing at a cold start that answers JSON.
 */
export { create } from 'xmlbuilder2';
