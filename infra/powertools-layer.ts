/**
 * The Powertools layer built from the installed packages (`-c powertoolsLayer=local`): Logger, Metrics and
 * Tracer of the versions package.json pins, with everything they depend on, copied from node_modules into
 * `nodejs/node_modules/` (where Lambda looks for a layer's node modules). It replaces AWS's public layer
 * (an ARN read from SSM at deploy) where no AWS account is at hand: `sam local invoke` finds it in cdk.out
 * like any asset and needs no credentials.
 */
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { POWERTOOLS_VERSION } from './stage/config';

const ROOT = join(__dirname, '..');

/** What the functions load from the layer (bundling.ts, BUNDLE_EXTERNALS: Powertools and the X-Ray SDK). */
export const LAYER_PACKAGES = [
  '@aws-lambda-powertools/logger',
  '@aws-lambda-powertools/metrics',
  '@aws-lambda-powertools/tracer',
] as const;

interface PackageJson {
  name: string;
  version: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

const readPackage = (dir: string): PackageJson =>
  JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as PackageJson;

/** The folder of package `name` as Node resolves it from `fromDir` (node_modules of it and its parents). */
function packageDir(name: string, fromDir: string): string | undefined {
  for (let dir = fromDir; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return candidate;
    if (dirname(dir) === dir) return undefined;
  }
}

/**
 * Copies `packages` and everything they depend on (dependencies, optional ones when installed), as Node
 * resolves them from the repository, into `<target>/node_modules`, flat where versions agree and nested
 * under their dependent where they do not. Returns the copied `name@version`s, sorted. `leaveOut` names the
 * folders inside a package not to copy (a test's copy of the AWS SDK needs only what `require` loads).
 */
export function copyPackageClosure(
  packages: readonly string[],
  target: string,
  from = ROOT,
  leaveOut: readonly string[] = [],
): string[] {
  const placed = new Map<string, string>(); // name -> version at the top of target/node_modules
  const copied = new Set<string>();
  const queue: Array<{ name: string; from: string; into: string; optional: boolean }> = packages.map(
    (name) => ({ name, from, into: target, optional: false }),
  );
  while (queue.length > 0) {
    const next = queue.shift() as (typeof queue)[number];
    const source = packageDir(next.name, next.from);
    if (!source) {
      if (next.optional) continue;
      throw new Error(`powertools layer: ${next.name} is not installed (run npm ci)`);
    }
    const pkg = readPackage(source);
    const top = placed.get(pkg.name);
    let destination: string;
    if (top === undefined) {
      placed.set(pkg.name, pkg.version);
      destination = join(target, 'node_modules', pkg.name);
    } else if (top === pkg.version) {
      continue;
    } else {
      destination = join(next.into, 'node_modules', pkg.name);
      if (existsSync(destination)) continue;
    }
    // A package's own node_modules are not copied: its dependencies are placed by this walk.
    cpSync(source, destination, {
      recursive: true,
      dereference: true,
      filter: (path) => {
        const inside = path.slice(source.length);
        return (
          !inside.includes('/node_modules') && !leaveOut.some((folder) => inside.startsWith(`/${folder}`))
        );
      },
    });
    copied.add(`${pkg.name}@${pkg.version}`);
    for (const [deps, optional] of [
      [pkg.dependencies, false],
      [pkg.optionalDependencies, true],
    ] as const) {
      for (const name of Object.keys(deps ?? {}))
        queue.push({ name, from: source, into: destination, optional });
    }
  }
  return [...copied].sort();
}

/** Where the local layer is built (kept between synths: rebuilt when the pinned version changes). */
export const localLayerDir = (version = POWERTOOLS_VERSION): string =>
  join(ROOT, 'node_modules', '.cache', `powertools-layer-${version}`);

let built: string | undefined;

/**
 * Builds the local layer once per install and returns its folder (holding `nodejs/node_modules`). The
 * installed Powertools must be the pinned release: a layer of another version is refused. Processes that
 * synthesize at the same time (two test runs, a synth beside a test) share it: it is built aside and
 * renamed into place whole, never removed while another process may be copying it; a folder already in
 * place is the same build (the same pinned packages; `npm ci` empties node_modules/.cache).
 */
export function buildLocalLayer(): string {
  if (built) return built;
  for (const name of LAYER_PACKAGES) {
    const dir = packageDir(name, ROOT);
    const version = dir ? readPackage(dir).version : 'none';
    if (version !== POWERTOOLS_VERSION) {
      throw new Error(`powertools layer: ${name} ${version} is installed, ${POWERTOOLS_VERSION} is pinned`);
    }
  }
  const dir = localLayerDir();
  if (!existsSync(join(dir, 'nodejs'))) {
    const staging = `${dir}.${process.pid}`;
    rmSync(staging, { recursive: true, force: true });
    mkdirSync(join(staging, 'nodejs'), { recursive: true });
    copyPackageClosure(LAYER_PACKAGES, join(staging, 'nodejs'));
    try {
      renameSync(staging, dir);
    } catch (error) {
      // Another process put its build in place first: the same packages; ours goes.
      rmSync(staging, { recursive: true, force: true });
      if (!existsSync(join(dir, 'nodejs'))) throw error;
    }
  }
  built = dir;
  return dir;
}
