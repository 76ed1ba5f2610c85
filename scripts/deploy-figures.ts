/**
 * `npm run deploy-figures`: synthesizes both stages as cdk.json sets them (production's e-mails and alarm
 * address turned off on purpose: the fewest settings it is built with), without bundling, and prints the
 * figures docs/DEPLOY.md quotes (infra/deploy-figures.ts): alarms and their monthly cost, reserved
 * concurrency, resources per template. Paste its output there after a change to the stacks.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App } from 'aws-cdk-lib';
import { buildApp } from '../infra/app';
import { deployFigures, type Templates } from '../infra/deploy-figures';

const ROOT = join(__dirname, '..');
const outdir = mkdtempSync(join(tmpdir(), 'booking-figures-'));
try {
  const { context } = JSON.parse(readFileSync(join(ROOT, 'cdk.json'), 'utf8')) as {
    context: Record<string, unknown>;
  };
  const app = new App({
    outdir,
    context: {
      ...context,
      'production.mail': 'off',
      'production.alarms': 'off',
      'aws:cdk:bundling-stacks': [],
      'aws:cdk:disable-asset-staging': true,
    },
  });
  buildApp(app, { nag: false, nagReports: false }).app.synth();
  const templates = Object.fromEntries(
    readdirSync(outdir)
      .filter((file) => file.endsWith('.template.json'))
      .map((file) => [file, JSON.parse(readFileSync(join(outdir, file), 'utf8'))]),
  ) as Templates;
  console.log(deployFigures(templates));
} finally {
  rmSync(outdir, { recursive: true, force: true });
}
