import { join } from 'node:path';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces';
import type * as CsvWriter from './writers/csv-writer';
import type * as XmlWriter from './writers/xml-writer';

/**
 * The XML and CSV writers (xmlbuilder2, papaparse) are loaded on the first answer in their format, not
 * with the function: in the repository shared/http/writers/*.ts (tsx and jest load TypeScript); in a
 * bundle, writers/*.js beside index.js, each its own esbuild bundle (infra/bundling.ts). Both are
 * __dirname/writers, as data-files.ts finds its data.
 */
export const WRITERS_DIR = join(__dirname, 'writers');
/** The writers' modules (shared/http/writers/<name>.ts, writers/<name>.js in a bundle). */
export const WRITERS = ['xml-writer', 'csv-writer'] as const;

function onFirstUse<T>(name: (typeof WRITERS)[number]): () => T {
  let loaded: T | undefined;
  return () => {
    // A path esbuild cannot follow: the writer stays out of the function's bundle.
    loaded ??= require(join(WRITERS_DIR, name)) as T;
    return loaded;
  };
}
const xmlWriter = onFirstUse<typeof XmlWriter>('xml-writer');
const csvWriter = onFirstUse<typeof CsvWriter>('csv-writer');

// XML 1.0 forbids most control characters even when escaped: drop them rather than fail to answer.
// biome-ignore lint/suspicious/noControlCharactersInRegex: that is exactly what it matches
const XML_INVALID = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
const XML_NAME = /^[A-Za-z_][A-Za-z0-9_.-]*$/;

function appendXml(parent: XMLBuilder, name: string, value: unknown): void {
  const elementName = XML_NAME.test(name) && !/^xml/i.test(name) ? name : 'field';
  const element = parent.ele(elementName);
  if (elementName !== name) element.att('name', name.replace(XML_INVALID, ''));
  if (value === null || value === undefined) return;
  if (Array.isArray(value)) {
    for (const item of value) appendXml(element, 'item', item);
  } else if (typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) appendXml(element, key, inner);
  } else {
    element.txt(String(value).replace(XML_INVALID, ''));
  }
}

/** `<response>` holding the envelope's fields as elements; arrays as repeated `<item>`; text escaped. */
export function toXml(envelope: Record<string, unknown>): string {
  const root = xmlWriter().create({ version: '1.0', encoding: 'UTF-8' }).ele('response');
  for (const [key, value] of Object.entries(envelope)) appendXml(root, key, value);
  return root.end({ prettyPrint: false });
}

/** Flattens nested objects (and arrays, by index) into one level, joining keys with `_`. */
export function flatten(
  value: unknown,
  prefix = '',
  into: Record<string, unknown> = {},
): Record<string, unknown> {
  if (value !== null && typeof value === 'object') {
    const entries = Array.isArray(value)
      ? value.map((v, i) => [String(i), v] as const)
      : Object.entries(value);
    if (entries.length === 0 && prefix) into[prefix] = '';
    for (const [key, inner] of entries) flatten(inner, prefix ? `${prefix}_${key}` : key, into);
  } else if (prefix) {
    into[prefix] = value;
  }
  return into;
}

const FORMULA_START = /^[=+\-@\t\r]/;

/** A cell as text, neutralised against spreadsheet formula injection by a leading quote. */
function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/**
 * Header row, then one row per item (a single object is one row); columns are the union of keys. A list
 * without items is its header alone: `columns`, those every item of the list has (none given: an empty body).
 */
export function toCsv(rows: unknown, columns: readonly string[] = []): string {
  const items = (Array.isArray(rows) ? rows : rows === null || rows === undefined ? [] : [rows]).map((item) =>
    flatten(typeof item === 'object' && item !== null ? item : { value: item }),
  );
  const fields: string[] = items.length === 0 ? [...columns] : [];
  const seen = new Set<string>();
  for (const item of items) {
    for (const key of Object.keys(item)) {
      if (!seen.has(key)) {
        seen.add(key);
        fields.push(key);
      }
    }
  }
  const data = items.map((item) => fields.map((key) => csvCell(item[key])));
  // A header alone ends as the last row of a page does, without a line break.
  if (data.length === 0) return csvWriter().unparse([fields.map(csvCell)], { newline: '\r\n' });
  return csvWriter().unparse({ fields: fields.map(csvCell), data }, { newline: '\r\n' });
}
