/** The v1 output formats (docs/CONTRACT.md#v1-in-short). */
export type Format = 'json' | 'xml' | 'csv';
export const FORMATS: readonly Format[] = ['json', 'xml', 'csv'];

export const CONTENT_TYPES: Record<Format, string> = {
  json: 'application/json; charset=utf-8',
  xml: 'application/xml; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
};

const ACCEPTED: Record<string, Format> = {
  'application/json': 'json',
  'application/xml': 'xml',
  'text/xml': 'xml',
  'text/csv': 'csv',
};

/**
 * Picks the format: the `format` parameter wins; else the first Accept media type we serve, by q order;
 * anything else (none, *\/*, unknown types) is JSON. Returns null for an unknown `format` value.
 */
export function negotiateFormat(formatParam: string | undefined, accept: string | undefined): Format | null {
  if (formatParam !== undefined && formatParam !== '') {
    const wanted = formatParam.trim().toLowerCase();
    return (FORMATS as readonly string[]).includes(wanted) ? (wanted as Format) : null;
  }
  if (!accept) return 'json';
  const ranked = accept
    .split(',')
    .map((part, position) => {
      const [type = '', ...options] = part.trim().toLowerCase().split(';');
      const q = Number(
        options
          .map((o) => o.trim())
          .find((o) => o.startsWith('q='))
          ?.slice(2) ?? '1',
      );
      return { type: type.trim(), q: Number.isFinite(q) ? q : 0, position };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.position - b.position);
  for (const entry of ranked) {
    if (entry.type === '*/*') return 'json';
    const format = ACCEPTED[entry.type];
    if (format) return format;
  }
  return 'json';
}
