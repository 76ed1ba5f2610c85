/**
 * Holds every answer the tests receive to docs/openapi.json: the operation is found by method and path
 * (with the router the local server uses), then the status must be one the operation documents, the
 * content type one of that status's, and a JSON body must validate against its schema (Ajv, JSON Schema
 * 2020-12 as OpenAPI 3.1 uses; records forbid extra fields). Requests no route serves must get the 404
 * error envelope of their API.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type Ajv2020 from 'ajv/dist/2020';
import type { ValidateFunction } from 'ajv/dist/2020';
import { matchRoute } from '../../shared/local/server/api-gateway';
import { FEED_ROUTE, ROUTES } from '../../shared/routes';

/** What the contract checks of an answer. */
export interface CheckedAnswer {
  status: number;
  headers: Record<string, string>;
  text: string;
}

// biome-ignore lint/suspicious/noExplicitAny: the document is arbitrary JSON
type Json = Record<string, any>;

const ROOT = join(__dirname, '..', '..');
const TEXT = readFileSync(join(ROOT, 'docs', 'openapi.json'), 'utf8');
const DOCUMENT = JSON.parse(TEXT) as Json;
const DOC_ID = 'openapi.json';

const pointer = (...parts: string[]) =>
  parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

/**
 * A documented response of an operation: where it is written (a response several operations share is
 * written once in components.responses and referenced) and what it says; undefined when not documented.
 */
function documented(path: string, method: string, status: string): { at: string[]; response?: Json } {
  const listed = DOCUMENT.paths?.[path]?.[method]?.responses?.[status] as Json | undefined;
  const shared = listed?.$ref?.split('/').pop() as string | undefined;
  return shared
    ? { at: ['components', 'responses', shared], response: DOCUMENT.components.responses[shared] }
    : { at: ['paths', path, method, 'responses', status], response: listed };
}

/** Where each JSON answer's schema is in the document: what contractProblems asks a validator for. */
function answerSchemas(): string[] {
  const refs = new Set(['V1Error', 'V2Error'].map((name) => pointer('components', 'schemas', name)));
  for (const [path, operations] of Object.entries(DOCUMENT.paths as Json))
    for (const [method, operation] of Object.entries(operations as Json))
      for (const status of Object.keys((operation as Json).responses ?? {})) {
        const { at, response } = documented(path, method, status);
        if (response?.content?.['application/json'])
          refs.add(pointer(...at, 'content', 'application/json', 'schema'));
      }
  return [...refs];
}

/** Ajv over the whole document; loaded only when something is to be compiled (Ajv is 0.1 s to load). */
const newAjv = (source: boolean): Ajv2020 => {
  const { default: Ajv } = require('ajv/dist/2020') as typeof import('ajv/dist/2020');
  const { default: addFormats } = require('ajv-formats') as typeof import('ajv-formats');
  const ajv = new Ajv({ strict: false, allErrors: true, code: { source } });
  addFormats(ajv);
  ajv.addSchema(DOCUMENT, DOC_ID);
  return ajv;
};

type Compiled = Record<string, ValidateFunction> & { refs: Record<string, string> };
/**
 * Every answer schema compiled once per version of the document (and of Ajv), as standalone code in
 * node_modules/.cache: each test file loads it (tens of milliseconds) instead of compiling its own
 * (about 0.2–0.8 s a file, measured). Written to a temporary name and renamed: workers may race.
 */
function compiledDocument(): Compiled {
  const version = (require('ajv/package.json') as { version: string }).version;
  const hash = createHash('sha256').update(`${version}\n${TEXT}`).digest('hex').slice(0, 16);
  const folder = join(ROOT, 'node_modules', '.cache', 'booking-contract');
  const file = join(folder, `${hash}.cjs`);
  if (!existsSync(file)) {
    const refs = answerSchemas();
    const names = Object.fromEntries(refs.map((ref, i) => [`v${i}`, `${DOC_ID}#/${ref}`]));
    const { default: standaloneCode } =
      require('ajv/dist/standalone') as typeof import('ajv/dist/standalone');
    const code = standaloneCode(newAjv(true), names);
    const index = JSON.stringify(Object.fromEntries(refs.map((ref, i) => [ref, `v${i}`])));
    mkdirSync(folder, { recursive: true });
    const temporary = `${file}.${process.pid}.tmp`;
    writeFileSync(temporary, `${code}\nmodule.exports.refs = ${index};\n`);
    renameSync(temporary, file);
  }
  return require(file) as Compiled;
}

const COMPILED = compiledDocument();
let fallback: Ajv2020 | undefined;
function validator(ref: string): ValidateFunction {
  const name = COMPILED.refs[ref];
  if (name && COMPILED[name]) return COMPILED[name];
  // A schema answerSchemas() does not list: compiled here (the whole document loaded once per file).
  fallback ??= newAjv(false);
  const validate = fallback.getSchema(`${DOC_ID}#/${ref}`);
  if (!validate) throw new Error(`docs/openapi.json has no schema at ${ref}`);
  return validate;
}

const lower = (headers: Record<string, string>) =>
  Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));

/** The problems of one answer against the document; empty when the answer is what the document says. */
export function contractProblems(method: string, url: string, answer: CheckedAnswer): string[] {
  const path = new URL(url, 'http://localhost').pathname;
  const where = `${method} ${path} → ${answer.status}`;
  const headers = lower(answer.headers);
  const mediaType = (headers['content-type'] ?? '').split(';')[0]?.trim() ?? '';
  const match = matchRoute([...ROUTES, FEED_ROUTE], method, path);
  if (!match.route) {
    // A CORS preflight is answered by API Gateway itself, outside the document.
    if (method === 'OPTIONS') return [];
    const envelope = /^\/api\/v2(\/|$)/.test(path) ? 'V2Error' : 'V1Error';
    if (answer.status !== 404) return [`${where}: no route serves it, so the answer must be 404`];
    if (mediaType !== 'application/json' && envelope === 'V2Error') return [`${where}: not JSON`];
    if (mediaType !== 'application/json') return [];
    return bodyProblems(where, pointer('components', 'schemas', envelope), answer.text);
  }
  const operation = DOCUMENT.paths?.[match.route.path]?.[method.toLowerCase()] as Json | undefined;
  if (!operation) return [`${where}: the document has no operation ${method} ${match.route.path}`];
  const { at: responsePath, response } = documented(
    match.route.path,
    method.toLowerCase(),
    String(answer.status),
  );
  if (!response) {
    const listed = Object.keys(operation.responses ?? {}).join(', ');
    return [
      `${where}: status ${answer.status} is not documented for ${method} ${match.route.path} (${listed})`,
    ];
  }
  const problems: string[] = [];
  for (const [name, header] of Object.entries(response.headers ?? {}) as [string, Json][]) {
    const required = header.$ref
      ? DOCUMENT.components.headers[header.$ref.split('/').pop()]?.required
      : header.required;
    if (required && headers[name.toLowerCase()] === undefined)
      problems.push(`${where}: header ${name} is missing`);
  }
  if (!response.content?.[mediaType]) {
    const listed = Object.keys(response.content ?? {}).join(', ');
    return [...problems, `${where}: content type "${mediaType}" is not documented (${listed})`];
  }
  if (mediaType !== 'application/json') return problems;
  const ref = pointer(...responsePath, 'content', mediaType, 'schema');
  return [...problems, ...bodyProblems(where, ref, answer.text)];
}

function bodyProblems(where: string, ref: string, text: string): string[] {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return [`${where}: the body is not JSON: ${text.slice(0, 200)}`];
  }
  const validate = validator(ref);
  if (validate(body)) return [];
  const errors = (validate.errors ?? []).map(
    (e) => `${e.instancePath || '/'} ${e.message} ${JSON.stringify(e.params)}`,
  );
  return [
    `${where}: the body does not match the document:\n  ${errors.join('\n  ')}\n  body: ${text.slice(0, 500)}`,
  ];
}

/** Throws when an answer is not what docs/openapi.json says (so the test that received it fails). */
export function assertContract(method: string, url: string, answer: CheckedAnswer): void {
  const problems = contractProblems(method, url, answer);
  if (problems.length > 0) throw new Error(`answer outside docs/openapi.json:\n${problems.join('\n')}`);
}
