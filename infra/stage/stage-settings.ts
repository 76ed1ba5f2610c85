import { STAGES, type StageConfig, type StageName } from './config';

// A stage's settings as given in cdk.json's context or `-c` (docs/DEPLOY.md), checked and applied on top
// of its defaults (STAGES, infra/stage/config.ts).

/** A key of one stage's settings: `staging.alarmEmail`. */
const perStage =
  (name: string) =>
  (stage: StageName): string =>
    `${stage}.${name}`;

/**
 * Context keys the app reads: each stage's settings live in cdk.json's `context` (docs/DEPLOY.md), and
 * `-c key=value` overrides one for a command. An empty value is an unset one.
 */
export const CONTEXT = {
  /** Flips a stage's debug mode: `-c staging.debugMode=off`. Production refuses `on`. */
  debugMode: perStage('debugMode'),
  /** A stage's CORS origins, comma-separated: `https://app.example.com,https://admin.example.com`. */
  corsAllowedOrigins: perStage('corsAllowedOrigins'),
  /** The address the stage's alarms are e-mailed to. */
  alarmEmail: perStage('alarmEmail'),
  /** The domain client e-mails are sent from (the SES identity the stack declares, with DKIM). */
  mailDomain: perStage('mailDomain'),
  /** The sender, `Name <address@mailDomain>` or an address of the mail domain; `no-reply@<domain>` by default. */
  mailFrom: perStage('mailFrom'),
  /** SES sandbox: the verified recipients the stage may send to, comma-separated. */
  sandboxRecipients: perStage('sandboxRecipients'),
  /** The account's SES sending rate, e-mails a second. */
  mailsPerSecond: perStage('mailsPerSecond'),
  /** A custom domain name for the API, with the ARN of its ACM certificate. */
  domainName: perStage('domainName'),
  certificateArn: perStage('certificateArn'),
  /** `cloudfront`: CloudFront and an AWS WAF web ACL in front of the API; `api` (default): none. */
  edge: perStage('edge'),
  /** The account and region the stage deploys to. */
  account: perStage('account'),
  region: perStage('region'),
  /** Executions reserved for each booking function (0 or unset: none). */
  reservedConcurrency: perStage('reservedConcurrency'),
  /** `off`: the stage deploys with client e-mails off on purpose (production needs a mail domain or this). */
  mail: perStage('mail'),
  /** `off`: the stage's alarms notify no address on purpose (production needs an alarm address or this). */
  alarms: perStage('alarms'),
  /** `true`: the web ACL's AWS managed rules count what they would block, and block nothing (a first week). */
  wafCount: perStage('wafCount'),
  /** The version id of the origin secret CloudFront sends (after a rotation; docs/DEPLOY.md). */
  originSecretVersion: perStage('originSecretVersion'),
  /** Every stage: `arm64` (default) or `x86_64`. */
  architecture: 'architecture',
  /** Every stage: `aws` (AWS's public layer, default) or `local` (a layer asset from node_modules). */
  powertoolsLayer: 'powertoolsLayer',
} as const;

/** An e-mail address as SNS and SES take it (something@host.tld, no spaces). */
const EMAIL = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;

/** `*` or `scheme://host[:port]`: what API Gateway and shared/config.ts accept as an allowed origin. */
const ORIGIN = /^(\*|https?:\/\/[a-z0-9.-]+(:\d{1,5})?)$/i;

/** A DNS name: labels of letters, digits and hyphens. */
const DOMAIN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;

type ContextReader = (key: string) => unknown;

/** A setting as given (cdk.json or `-c`), or undefined when absent or empty. */
function settingOf(context: ContextReader, key: string): string | undefined {
  const value = context(key);
  if (value === undefined || value === null) return undefined;
  const text = String(value).trim();
  return text === '' ? undefined : text;
}

function checked(key: string, value: string | undefined, test: RegExp, what: string): string | undefined {
  if (value !== undefined && !test.test(value)) {
    throw new Error(`context ${key}: ${JSON.stringify(value)} is not ${what}`);
  }
  return value;
}

const listOf = (value: string | undefined): string[] | undefined =>
  value === undefined
    ? undefined
    : value
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean);

/** A stage's settings, with the values given as context (cdk.json, `-c`) applied and checked. */
export function stageConfig(name: StageName, context: ContextReader = () => undefined): StageConfig {
  const base = STAGES[name];
  const get = (key: string) => settingOf(context, key);

  const debugMode = debugModeOf(name, get(CONTEXT.debugMode(name)));
  if (name === 'production' && debugMode === true) {
    throw new Error(
      `context ${CONTEXT.debugMode(name)}: production never runs in debug mode (fictitious answers to real clients)`,
    );
  }

  const mailDomain = checked(
    CONTEXT.mailDomain(name),
    get(CONTEXT.mailDomain(name)),
    DOMAIN,
    'a domain name',
  );
  const mailFrom = get(CONTEXT.mailFrom(name));
  if (mailFrom !== undefined) {
    if (mailDomain === undefined) {
      throw new Error(`context ${CONTEXT.mailFrom(name)} needs ${CONTEXT.mailDomain(name)}`);
    }
    const address = /<([^>]+)>\s*$/.exec(mailFrom)?.[1] ?? mailFrom;
    if (!EMAIL.test(address) || !address.toLowerCase().endsWith(`@${mailDomain.toLowerCase()}`)) {
      throw new Error(
        `context ${CONTEXT.mailFrom(name)}: ${JSON.stringify(mailFrom)} is not an address of ${mailDomain}`,
      );
    }
  }
  const recipients = listOf(get(CONTEXT.sandboxRecipients(name)));
  for (const recipient of recipients ?? []) {
    checked(CONTEXT.sandboxRecipients(name), recipient, EMAIL, 'an e-mail address');
  }

  const domainName = checked(
    CONTEXT.domainName(name),
    get(CONTEXT.domainName(name)),
    DOMAIN,
    'a domain name',
  );
  const certificateArn = checked(
    CONTEXT.certificateArn(name),
    get(CONTEXT.certificateArn(name)),
    /^arn:aws[a-z-]*:acm:[a-z0-9-]+:\d{12}:certificate\/[\w-]+$/,
    'an ACM certificate ARN',
  );
  if ((domainName === undefined) !== (certificateArn === undefined)) {
    throw new Error(
      `context ${CONTEXT.domainName(name)} and ${CONTEXT.certificateArn(name)} go together: set both or neither`,
    );
  }

  const edge = get(CONTEXT.edge(name)) ?? base.edge;
  if (edge !== 'api' && edge !== 'cloudfront') {
    throw new Error(
      `context ${CONTEXT.edge(name)} must be "api" or "cloudfront", not ${JSON.stringify(edge)}`,
    );
  }
  const architecture = get(CONTEXT.architecture) ?? base.architecture;
  if (architecture !== 'arm64' && architecture !== 'x86_64') {
    throw new Error(
      `context ${CONTEXT.architecture} must be "arm64" or "x86_64", not ${JSON.stringify(architecture)}`,
    );
  }
  const layer = get(CONTEXT.powertoolsLayer) ?? base.powertoolsLayer;
  if (layer !== 'aws' && layer !== 'local') {
    throw new Error(
      `context ${CONTEXT.powertoolsLayer} must be "aws" or "local", not ${JSON.stringify(layer)}`,
    );
  }

  const cors = listOf(get(CONTEXT.corsAllowedOrigins(name)));
  for (const origin of cors ?? [])
    checked(CONTEXT.corsAllowedOrigins(name), origin, ORIGIN, '* or scheme://host[:port]');

  return {
    ...base,
    debugMode: debugMode ?? base.debugMode,
    corsAllowedOrigins: cors ?? base.corsAllowedOrigins,
    alarmEmail:
      checked(CONTEXT.alarmEmail(name), get(CONTEXT.alarmEmail(name)), EMAIL, 'an e-mail address') ??
      base.alarmEmail,
    mail: {
      ...base.mail,
      domain: mailDomain,
      from: mailDomain === undefined ? undefined : (mailFrom ?? `no-reply@${mailDomain}`),
      sandboxRecipients: recipients ?? base.mail.sandboxRecipients,
      off: offOf(CONTEXT.mail(name), get(CONTEXT.mail(name))),
      perSecond:
        numberOf(CONTEXT.mailsPerSecond(name), get(CONTEXT.mailsPerSecond(name)), 1) ?? base.mail.perSecond,
    },
    domain: domainName && certificateArn ? { name: domainName, certificateArn } : undefined,
    edge,
    account: checked(CONTEXT.account(name), get(CONTEXT.account(name)), /^\d{12}$/, 'a 12-digit account id'),
    region: checked(CONTEXT.region(name), get(CONTEXT.region(name)), /^[a-z]{2}(-[a-z]+)+-\d$/, 'a region'),
    reservedConcurrency:
      numberOf(CONTEXT.reservedConcurrency(name), get(CONTEXT.reservedConcurrency(name)), 0) ??
      base.reservedConcurrency,
    architecture,
    powertoolsLayer: layer,
    alarmsOff: offOf(CONTEXT.alarms(name), get(CONTEXT.alarms(name))),
    wafCount: trueOf(CONTEXT.wafCount(name), get(CONTEXT.wafCount(name))),
    originSecretVersion: checked(
      CONTEXT.originSecretVersion(name),
      get(CONTEXT.originSecretVersion(name)),
      /^[A-Za-z0-9-]{1,64}$/,
      'a secret version id',
    ),
  };
}

/**
 * Why production cannot work as set, in one line, or undefined when it can: it needs a mail domain and an
 * alarm address, or each turned off on purpose (`production.mail=off`, `production.alarms=off`). Without
 * them the app leaves production's stacks out (infra/app.ts): a stage that deploys "successfully" and
 * drops every confirmation unsent, with alarms that notify nobody, is not deployed by accident.
 */
export function unreadyLine(stage: StageConfig): string | undefined {
  if (stage.name !== 'production') return undefined;
  const wanted = [
    ...(stage.mail.domain || stage.mail.off
      ? []
      : [`${CONTEXT.mailDomain(stage.name)} (or ${CONTEXT.mail(stage.name)}=off)`]),
    ...(stage.alarmEmail || stage.alarmsOff
      ? []
      : [`${CONTEXT.alarmEmail(stage.name)} (or ${CONTEXT.alarms(stage.name)}=off)`]),
  ];
  return wanted.length === 0
    ? undefined
    : `production is left out of this synthesis: set ${wanted.join(' and ')} in cdk.json or with -c (docs/DEPLOY.md)`;
}

/** The settings a stage runs without, one line each (printed by synth as warnings). */
export function missingSettings(stage: StageConfig): string[] {
  const lines: string[] = [];
  const key = (k: (s: StageName) => string) => k(stage.name);
  if (!stage.mail.domain) {
    lines.push(
      `${key(CONTEXT.mailDomain)} is not set: ${stage.name} deploys with e-mails off (nothing is sent)`,
    );
  }
  if (!stage.alarmEmail) {
    lines.push(
      `${key(CONTEXT.alarmEmail)} is not set: ${stage.name}'s alarms notify nobody (only its topic)`,
    );
  }
  if (stage.corsAllowedOrigins.length === 0) {
    lines.push(
      `${key(CONTEXT.corsAllowedOrigins)} is not set: no browser origin may call ${stage.name}'s API`,
    );
  }
  return lines;
}

/** A whole number of at least `min` (undefined when unset). */
function numberOf(key: string, value: string | undefined, min: number): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (!Number.isInteger(number) || number < min) {
    throw new Error(`context ${key}: ${JSON.stringify(value)} is not a whole number of at least ${min}`);
  }
  return number;
}

/** `off` (true) or `on`/unset (false). */
function offOf(key: string, value: string | undefined): boolean {
  if (value === undefined || value === 'on') return false;
  if (value !== 'off') throw new Error(`context ${key} must be "on" or "off", not ${JSON.stringify(value)}`);
  return true;
}

/** `true` or `false`/unset. */
function trueOf(key: string, value: string | undefined): boolean {
  if (value === undefined || value === 'false') return false;
  if (value !== 'true')
    throw new Error(`context ${key} must be "true" or "false", not ${JSON.stringify(value)}`);
  return true;
}

function debugModeOf(name: StageName, value: string | undefined): boolean | undefined {
  if (value === undefined) return undefined;
  if (value !== 'on' && value !== 'off') {
    throw new Error(`context ${CONTEXT.debugMode(name)} must be "on" or "off", not ${JSON.stringify(value)}`);
  }
  return value === 'on';
}
