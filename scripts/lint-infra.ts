/**
 * `npm run lint:infra`: synthesizes both stages into a temporary folder and runs cfn-lint on every template
 * with the repository's .cfnlintrc (each ignored warning named there with its reason). Any error or
 * warning fails it, and so does a machine without cfn-lint (one line says how to get it): never a silent
 * pass. Functions are not bundled (`aws:cdk:bundling-stacks` empty): the templates are the deployed ones
 * but for the assets' hashes; `npm run synth` bundles. Twice: with no setting (cdk.json as shipped), and
 * with every setting given (infra/stage/example-settings.ts: mail domains, custom domains, CloudFront and WAF).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App } from 'aws-cdk-lib';
import { buildApp } from '../infra/app';
import { featureFlags } from '../infra/feature-flags';
import { EXAMPLE_SETTINGS } from '../infra/stage/example-settings';

const ROOT = join(__dirname, '..');

const version = spawnSync('cfn-lint', ['--version'], { encoding: 'utf8' });
if (version.error || version.status !== 0) {
  console.error(
    'lint:infra: cfn-lint is not installed (needs cfn-lint 1.x on PATH: pipx install cfn-lint, or pip install cfn-lint)',
  );
  process.exit(1);
}

const outdirs = [
  mkdtempSync(join(tmpdir(), 'booking-cdk-out-')),
  mkdtempSync(join(tmpdir(), 'booking-cdk-out-')),
];
try {
  const [bare, full] = outdirs as [string, string];
  // No setting but production's e-mails and alarms turned off on purpose (without them it is left out).
  const productionOff = { 'production.mail': 'off', 'production.alarms': 'off' };
  // cdk.json's feature flags, as `cdk synth` reads them.
  const base = { ...featureFlags(), 'aws:cdk:bundling-stacks': [] };
  buildApp(new App({ outdir: bare, context: { ...base, ...productionOff } })).app.synth();
  buildApp(new App({ outdir: full, context: { ...base, ...EXAMPLE_SETTINGS } })).app.synth();
  const templates = outdirs.flatMap((outdir) =>
    readdirSync(outdir)
      .filter((file) => file.endsWith('.template.json'))
      .map((file) => join(outdir, file)),
  );
  if (templates.length === 0) throw new Error(`no template synthesized in ${outdirs.join(', ')}`);
  const lint = spawnSync('cfn-lint', ['--config-file', join(ROOT, '.cfnlintrc'), '--', ...templates], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (lint.status !== 0) {
    console.error(`lint:infra: cfn-lint found problems in the synthesized templates (exit ${lint.status})`);
    process.exitCode = 1;
  } else {
    console.log(`lint:infra: ${templates.length} templates, no error or warning (${version.stdout.trim()})`);
  }
} finally {
  for (const outdir of outdirs) rmSync(outdir, { recursive: true, force: true });
}
