/**
 * The dependency rule (docs/design/features.md): one folder per feature under shared/features/, the
 * kernel beside them.
 *   Between features: a feature uses another only through that feature's index.ts (its public face).
 *   Inside a feature: domain/ imports only domain/; services/ import domain/ and ports.ts; store/,
 *   adapters/ and debug/ implement ports.ts; http/ (schemas, bodies, presenters) never reaches a store.
 *   The kernel: core/, db/ and shapes/ sit below the features and import none; the HTTP stack, telemetry
 *   and the OpenAPI assembly sit above them and see a feature through its index.ts, openapi.ts or http/
 *   (no feature imports them); the wiring (the composition root) and the local runtime may build from any part. Handlers (functions/) compose the wiring and http shapes only.
 * Browser code (web/) stands apart: of the project it imports only web/ and the generated API types
 * (examples/client/api.d.ts). `npm run lint` (and so CI) and test/kernel/unit/repo/dependencies.test.ts fail on a
 * wrong-way import or a circle.
 */
const forbid = (name, comment, from, to, toNot) => ({
  name,
  comment,
  severity: 'error',
  from: { path: from },
  to: toNot ? { path: to, pathNot: toNot } : { path: to },
});

const FEATURE = '^shared/features/([^/]+)/';

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'A circle of imports makes both ends one room: break it with a port or a move.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    forbid(
      'features-meet-at-their-index',
      "A feature uses another only through that feature's index.ts (its public face), never its store or internals.",
      FEATURE,
      '^shared/features/[^/]+/',
      '^shared/features/($1/|[^/]+/index\\.ts$)',
    ),
    forbid(
      'domain-is-pure',
      "A feature's domain/ holds its rules and records: it imports its own domain/, the kernel's core/ and other features' index.ts only.",
      `${FEATURE}domain/`,
      '^(shared/|functions/|infra/|scripts/)',
      '^shared/(features/$1/domain/|core/|features/[^/]+/index\\.ts$)',
    ),
    forbid(
      'services-see-domain-and-ports',
      "A feature's services/ import its domain/, its ports.ts and other services of its own, never its store, adapters, HTTP shapes or the kernel's drivers.",
      `${FEATURE}services/`,
      '^(shared/features/$1/(store|adapters|debug|http|openapi)|shared/(db|http|shapes|local|wiring|telemetry|openapi)/|shared/(config|logger|routes)\\.ts$|functions/|scripts/|infra/)',
    ),
    forbid(
      'ports-speak-domain',
      "A feature's ports.ts speaks its domain's types: it imports no service, store, adapter or HTTP shape.",
      `${FEATURE}ports\\.ts$`,
      '^(shared/features/$1/(services|store|adapters|debug|http|openapi)|shared/(db|http|shapes|local|wiring|telemetry|openapi)/|functions/|scripts/|infra/)',
    ),
    forbid(
      'stores-implement-ports',
      "A feature's store/, adapters/ and debug/ implement its ports.ts: they never import its services or HTTP shapes, the HTTP stack, the local runtime or the wiring.",
      `${FEATURE}(store|adapters|debug)/`,
      '^(shared/features/$1/(services|http|openapi)|shared/(http|shapes|local|wiring|openapi)/|functions/|scripts/|infra/)',
    ),
    forbid(
      'debug-is-not-dynamodb',
      'The v1 debug data set lives in memory: it does not import the DynamoDB layer or a store.',
      `${FEATURE}debug/`,
      '^shared/(db/|features/[^/]+/(store|adapters)/)',
    ),
    forbid(
      'http-shapes-do-not-store',
      "A feature's http/ turns requests into service input and records into answers: it never reaches a store, an adapter, the wiring or the local runtime.",
      `${FEATURE}http/`,
      '^(shared/features/$1/(store|adapters|debug)|shared/(db|http|openapi|local|wiring)/|functions/|scripts/|infra/)',
    ),
    forbid(
      'features-sit-below-the-stack',
      "No feature imports the HTTP stack, the OpenAPI assembly, the wiring or the local runtime: they are built on the features (a feature's openapi.ts is read by the assembly, not the other way).",
      '^shared/features/',
      '^shared/(http|openapi|wiring|local)/',
    ),
    forbid(
      'the-kernel-core-stands-alone',
      'core/ (errors, dates, jobs, the metrics port), db/ (client, keys, conditions) and shapes/ (fields, schemas, envelopes) are what every feature uses: they import no feature, no HTTP stack and no wiring.',
      '^shared/(core|db|shapes)/',
      '^(shared/(features|http|local|wiring|openapi|telemetry)/|functions/|scripts/|infra/)',
    ),
    forbid(
      'the-kernel-sees-faces',
      'The HTTP stack, telemetry, config and the OpenAPI assembly see a feature only through its index.ts, its openapi.ts or its http/.',
      '^shared/(http|telemetry|openapi)/|^shared/[^/]+\\.ts$',
      '^shared/features/',
      '^shared/features/[^/]+/(index\\.ts$|openapi\\.ts$|http/)',
    ),
    forbid(
      'wiring-is-the-top',
      'Only handlers, the local runtime, scripts and tests import the wiring module.',
      '^(shared/(?!local/|wiring/)|infra/)',
      '^shared/wiring/',
    ),
    forbid(
      'nothing-imports-the-browser-code',
      'The server reaches web/ only as the built embed.js (shared/local/web-build.ts builds it by path).',
      '^(shared|functions|infra|scripts)/',
      '^web/',
    ),
    forbid(
      'handlers-go-through-the-wiring',
      "A handler composes: the HTTP stack and a feature's http/ shapes, the wiring for services; never a store, an adapter or db/.",
      '^functions/',
      '^shared/(db/|features/[^/]+/(store|adapters|debug)/)',
    ),
    {
      name: 'web-stands-apart',
      comment:
        'Browser code (web/) imports web/ and the generated API types (examples/client/api.d.ts) only: nothing of functions/, shared/, infra/ or scripts/.',
      severity: 'error',
      from: { path: '^web/' },
      to: {
        path: '^(?!web/)(functions|shared|infra|scripts|test|examples|tools)/',
        pathNot: '^examples/client/api\\.d\\.ts$',
      },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|cdk\\.out|coverage)' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.js', '.json', '.d.ts'] },
  },
};
