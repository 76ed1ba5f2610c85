/**
 * The store project's test environment: Node's (node-environment.js), and when a test file ends (after its
 * last `afterAll`, so after the servers it started have stopped), its tables are deleted from the run's
 * DynamoDB Local: the file's own (TABLE_NAME) and those its servers made (`${TABLE_NAME}-…`, onSharedEngine
 * in processes.ts).
 *
 * Why: DynamoDB Local wakes three background jobs every second (expired items, indexes being created or
 * deleted) that each read and parse the description of every table it holds: an idle engine holding 80
 * tables spends 6.6 % of a core on them, 20 tables 2.0 %. A run makes about a hundred tables; kept to the
 * end, they took about 8 % of the samples of the engine's one working thread (JFR, a whole run). Deleted
 * as each file ends, a handful are alive at any moment.
 */
const NodeEnvironment = require('./node-environment');

/** One client per worker (this module is loaded once per worker, outside the files' own contexts). */
let client;
let sdk;
const storeClient = (endpoint) => {
  // The SDK's Node 20 notice stays off here too (shared/local/quiet-sdk.ts says why).
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  sdk ??= require('@aws-sdk/client-dynamodb');
  client ??= new sdk.DynamoDBClient({
    endpoint,
    region: 'eu-west-3',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  return client;
};

/** The tables of one test file: its own and its servers'. */
async function tablesOf(dynamo, table) {
  const names = [];
  let start;
  do {
    const page = await dynamo.send(new sdk.ListTablesCommand({ ExclusiveStartTableName: start }));
    for (const name of page.TableNames ?? [])
      if (name === table || name.startsWith(`${table}-`)) names.push(name);
    start = page.LastEvaluatedTableName;
  } while (start);
  return names;
}

class StoreEnvironment extends NodeEnvironment {
  constructor(config, context) {
    super(config, context);
    // `@file-table none` in a file's first comment: the file uses no table of its own (per-file-table.ts).
    this.global.__noFileTable__ = context.docblockPragmas?.['file-table'] === 'none';
  }

  async teardown() {
    const table = this.global.process?.env?.TABLE_NAME;
    const endpoint = process.env.DYNAMODB_ENDPOINT;
    if (table && endpoint) {
      try {
        const dynamo = storeClient(endpoint);
        for (const name of await tablesOf(dynamo, table)) {
          await dynamo.send(new sdk.DeleteTableCommand({ TableName: name })).catch(() => undefined);
        }
      } catch {
        // The engine is gone (the run is ending): nothing is left to tidy.
      }
    }
    await super.teardown();
  }
}

module.exports = StoreEnvironment;
