import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Comments cite only what the repository holds: a file named in a comment of functions/, shared/, infra/ or
 * scripts/ exists, and a `CONTRACT.md#anchor` names a section of docs/CONTRACT.md. A user's clone has no
 * upstream documents: their choices are stated in docs/CONTRACT.md, and comments cite that.
 */
const ROOT = join(__dirname, '..', '..', '..', '..');
const tracked = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
  cwd: ROOT,
  encoding: 'utf8',
})
  .split('\n')
  .filter(Boolean);

/** The comments of a source file, with the line each starts on (string literals are skipped). */
function commentsOf(source: string): Array<{ line: number; text: string }> {
  const out: Array<{ line: number; text: string }> = [];
  let line = 1;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === '\n') line++;
    else if (c === "'" || c === '"' || c === '`') {
      for (i++; i < source.length && source[i] !== c; i++) {
        if (source[i] === '\\') i++;
        else if (source[i] === '\n') line++;
      }
    } else if (c === '/' && source[i + 1] === '/') {
      const end = source.indexOf('\n', i);
      out.push({ line, text: source.slice(i, end < 0 ? undefined : end) });
      i = (end < 0 ? source.length : end) - 1;
    } else if (c === '/' && source[i + 1] === '*') {
      const end = source.indexOf('*/', i + 2);
      const text = source.slice(i, end < 0 ? undefined : end + 2);
      out.push({ line, text });
      line += (text.match(/\n/g) ?? []).length;
      i = (end < 0 ? source.length : end + 2) - 1;
    }
  }
  return out;
}

const slug = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\w\s-]/g, '')
    .replace(/\s+/g, '-');
/** The anchors of a Markdown document: its headings (GitHub's slugs) and explicit `<a id="...">`. */
const anchorsOf = (markdown: string): Set<string> =>
  new Set([
    ...[...markdown.matchAll(/^#{1,6}\s+(.+)$/gm)].map((m) => slug(m[1] ?? '')),
    ...[...markdown.matchAll(/<a id="([^"]+)">/g)].map((m) => m[1] ?? ''),
  ]);

const UPSTREAM = /\b(DECISIONS\.md|api-v[12]-[a-z]+\.md|STYLE\.md)\b/;
const CITED =
  /(?<![\w.>/<-])(?:[\w.-]+\/)*[\w-][\w.-]*\.(?:json|ts|mjs|cjs|js|md|yaml|yml)(?:\.br)?\b(?:#[\w-]+)?/g;
/** Files the build or the runtime writes, which comments may name: they are not in the repository. */
const PRODUCED = new Set([
  'writers/csv-writer.js',
  'writers/xml-writer.js',
  // The source-map reader a bundle loads beside index.js (infra/bundling.ts FIRST_USE_OWNERS).
  'maps/trace-mapping.js',
  'dynamodb-local.json',
]);

/** Why a comment's citations do not hold, given what exists. */
function citationProblems(
  comment: string,
  fileDir: string,
  exists: (path: string) => boolean,
  contractAnchors: Set<string>,
): string[] {
  const problems: string[] = [];
  const upstream = UPSTREAM.exec(comment);
  if (upstream) problems.push(`names ${upstream[1]}, which a clone does not have: cite docs/CONTRACT.md`);
  for (const [cited] of comment.matchAll(CITED)) {
    const [path = '', anchor] = cited.split('#');
    // Upstream names are reported above; a library's own files are not the repository's.
    if (UPSTREAM.test(path) || path.includes('node_modules/') || PRODUCED.has(path)) continue;
    if (!exists(path) && !exists(join(fileDir, path)))
      problems.push(`names ${path}, which the repository lacks`);
    else if (anchor && path.endsWith('CONTRACT.md') && !contractAnchors.has(anchor)) {
      problems.push(`names ${cited}: docs/CONTRACT.md has no such section`);
    }
  }
  return problems;
}

const files = new Set(tracked);
const exists = (path: string) =>
  files.has(path) || tracked.some((f) => f.endsWith(`/${path}`) || f === path.replace(/^\.\//, ''));
const anchors = anchorsOf(readFileSync(join(ROOT, 'docs', 'CONTRACT.md'), 'utf8'));

describe('comments cite what the repository holds', () => {
  const sources = tracked.filter((f) => /^(functions|shared|infra|scripts)\/.*\.(ts|js|cjs)$/.test(f));

  it('every file and CONTRACT.md section a comment names exists', () => {
    const problems = sources.flatMap((file) =>
      commentsOf(readFileSync(join(ROOT, file), 'utf8')).flatMap(({ line, text }) =>
        citationProblems(text, join(file, '..'), exists, anchors).map((p) => `${file}:${line} ${p}`),
      ),
    );
    expect(sources.length).toBeGreaterThan(100);
    expect(problems).toEqual([]);
  });

  it.each([
    ['/** As DECISIONS.md says. */', /names DECISIONS\.md/],
    ['// see api-v2-entity.md', /names api-v2-entity\.md/],
    ['/** (shared/openapi.ts) */', /names shared\/openapi\.ts, which the repository lacks/],
    ['// docs/CONTRACT.md#no-such-section', /docs\/CONTRACT\.md has no such section/],
  ])('catches a planted bad citation: %s', (comment, problem) => {
    expect(citationProblems(comment, 'shared/http', exists, anchors)).toEqual([
      expect.stringMatching(problem),
    ]);
  });

  it('passes good citations and ignores strings', () => {
    expect(
      citationProblems('// docs/CONTRACT.md#limits, shared/db/keys/index.ts', 'shared', exists, anchors),
    ).toEqual([]);
    expect(commentsOf("const u = 'https://x.example/DECISIONS.md'; // ok\n/* a\nb */")).toEqual([
      { line: 1, text: '// ok' },
      { line: 2, text: '/* a\nb */' },
    ]);
  });
});
