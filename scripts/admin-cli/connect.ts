// How an admin command reaches its store (scripts/admin.ts): the deployed table, or the local data folder's.
import { type EngineJit, storageFrom } from '../../shared/local/engine/dynamodb-local';
import { acquireLocalStore, type LocalStore } from '../../shared/local/engine/local-store';
import { ensureLocalTable } from '../../shared/local/runtime';

export type Services = import('../../shared/wiring/services').Services;

/** Connects to the deployed table (`--remote`) or to the DynamoDB Local of the local data folder. */
export async function connect(
  remote: boolean,
  jit: EngineJit,
): Promise<{ services: Services; close: () => Promise<void> }> {
  let dynamo: LocalStore | undefined;
  if (!remote) {
    const storage = storageFrom(process.env.LOCAL_DB);
    if (storage.kind === 'memory')
      throw new Error('LOCAL_DB=memory keeps nothing between commands: use a folder, or --remote');
    dynamo = await acquireLocalStore(storage, { kind: 'tool', jit });
    process.env.DYNAMODB_ENDPOINT = dynamo.endpoint;
    process.env.TABLE_NAME ??= 'booking-local';
  } else if (!process.env.TABLE_NAME) {
    throw new Error('--remote needs TABLE_NAME (the stack output TableName) and AWS credentials');
  }
  const { services } =
    require('../../shared/wiring/services') as typeof import('../../shared/wiring/services');
  if (dynamo) await ensureLocalTable(process.env.TABLE_NAME ?? 'booking-local');
  return { services: services(), close: async () => dynamo?.release() };
}

export type Connect = typeof connect;
