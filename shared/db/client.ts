import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { config } from '../config';
import { currentScope } from '../http/scope';

/** Builds a document client for an endpoint (DynamoDB Local) or for the region's real endpoint. */
export function createDocumentClient(options: {
  endpoint?: string | undefined;
  region: string;
}): DynamoDBDocumentClient {
  const local = options.endpoint !== undefined;
  const client = new DynamoDBClient({
    region: options.region,
    ...(local
      ? { endpoint: options.endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }
      : {}),
    maxAttempts: 3,
  });
  // Adds the time of every store call to the current request's scope (Server-Timing, request log).
  client.middlewareStack.add(
    (next) => async (args) => {
      const started = performance.now();
      try {
        return await next(args);
      } finally {
        const scope = currentScope();
        if (scope) {
          scope.storeMs += performance.now() - started;
          scope.storeCalls += 1;
        }
      }
    },
    { step: 'initialize', name: 'storeTiming' },
  );
  return DynamoDBDocumentClient.from(client, {
    marshallOptions: { removeUndefinedValues: true },
  });
}

let shared: DynamoDBDocumentClient | undefined;

/** The process-wide document client, created on first use and reused across invocations. */
export function documentClient(): DynamoDBDocumentClient {
  shared ??= createDocumentClient({ endpoint: config.dynamoEndpoint, region: config.region });
  return shared;
}
