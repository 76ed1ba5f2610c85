/**
 * `npm run asset-sizes`: bundles every function as the stacks do and prints DESIGN.md's table of asset
 * sizes (infra/asset-sizes.ts), to paste there when functions change.
 */
import { buildSync, type Metafile } from 'esbuild';
import { assetSizes, assetTable, functionEntries } from '../infra/asset-sizes';
import { esbuildOptions } from '../infra/bundling';

const result = buildSync({
  ...esbuildOptions(),
  entryPoints: functionEntries(),
  outbase: '.',
  outdir: 'cdk.out/asset-sizes',
  write: false,
});
console.log(assetTable(assetSizes(result.metafile as Metafile, functionEntries())));
