/**
 * The dependency rule (docs/design/layers.md): imports run one way,
 *   functions/ -> wiring -> http/ -> services/<feature>/ -> services/<feature>/ports.ts <- repositories/ -> db/
 *                  wiring -> adapters/ (queues, streams, transports, probes) -> services/<feature>/ports.ts
 * and domain/ imports nothing of the project but domain/. Browser code (web/) stands apart: of the project it
 * imports only web/ and the generated API types (examples/client/api.d.ts). `npm run lint` (and so CI) and
 * test/unit/dependencies.test.ts fail on a wrong-way import or a circle.
 */
const forbid = (name, comment, from, to) => ({
  name,
  comment,
  severity: 'error',
  from: { path: from },
  to: { path: to },
});

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
      'domain-is-pure',
      'domain/ holds the rules and records: it imports only domain/ (and libraries).',
      '^shared/domain/',
      '^(shared/(?!domain/)|functions/|infra/|scripts/)',
    ),
    forbid(
      'db-is-a-driver',
      'db/ knows DynamoDB and the keys, nothing of the services, the HTTP layer or the wiring.',
      '^shared/db/',
      '^(shared/(services|repositories|adapters|http|debug|local|wiring)|functions/|scripts/)',
    ),
    forbid(
      'services-own-their-ports',
      'services/ speak domain types and their own ports; they never see adapters, HTTP or the wiring.',
      '^shared/services/',
      '^(shared/(repositories|adapters|db|http|debug|local|wiring|config|telemetry)|functions/|scripts/)',
    ),
    forbid(
      'adapters-implement-ports',
      "repositories/, adapters/ and debug/ implement the services' ports: of services/ they import a feature's ports.ts only.",
      '^shared/(repositories|adapters|debug)/',
      '^(shared/services/(?![^/]+/ports\\.ts$)|shared/(http|local|wiring)|functions/|scripts/)',
    ),
    forbid(
      'debug-is-not-dynamodb',
      'The debug data set lives in memory: it does not import the DynamoDB layer.',
      '^shared/features/v1-reads/debug/',
      '^shared/(db|repositories|adapters)/',
    ),
    forbid(
      'http-does-not-store',
      'http/ turns requests into service calls and answers; stores reach it through the wiring only.',
      '^shared/http/',
      '^(shared/(repositories|adapters|db|debug|local|wiring)|functions/|scripts/)',
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
      'A handler composes: http/ for the stack, the wiring for services; never a repository or db/.',
      '^functions/',
      '^shared/(repositories|adapters|db|debug)/',
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
