import { BatchGetCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '../db/keys';
import type { TableHandle } from '../db/table-handle';
import type { ClientRecord } from '../domain/appointment';

const strip = (item: Record<string, unknown>): ClientRecord => ({
  client_id: Number(item.client_id),
  client_firstname: String(item.client_firstname ?? ''),
  client_lastname: String(item.client_lastname ?? ''),
  client_email: (item.client_email as string | null | undefined) ?? null,
  client_phone: String(item.client_phone ?? ''),
  created_at: String(item.created_at),
  updated_at: String(item.updated_at),
  appointments_count: Number(item.appointments_count ?? 0),
  last_appointment: (item.last_appointment as string | null | undefined) ?? null,
});

export class ClientRepository {
  constructor(private readonly table: TableHandle) {}

  /** Pattern: get a client by id (strongly consistent). */
  async get(entityId: string, clientId: number): Promise<ClientRecord | null> {
    const result = await this.table.doc.send(
      new GetCommand({
        TableName: this.table.name,
        Key: keys.client(entityId, clientId),
        ConsistentRead: true,
      }),
    );
    return result.Item ? strip(result.Item) : null;
  }

  /** Pattern: find a client by phone (E.164): the phone item names the client. */
  async findByPhone(entityId: string, e164: string): Promise<ClientRecord | null> {
    const phone = await this.table.doc.send(
      new GetCommand({
        TableName: this.table.name,
        Key: keys.clientPhone(entityId, e164),
        ConsistentRead: true,
      }),
    );
    if (!phone.Item) return null;
    return this.get(entityId, Number(phone.Item.client_id));
  }

  /** Pattern: get several clients by id (BatchGetItem, 100 at a time). */
  async getMany(entityId: string, clientIds: number[]): Promise<Map<number, ClientRecord>> {
    const out = new Map<number, ClientRecord>();
    const unique = [...new Set(clientIds)];
    for (let i = 0; i < unique.length; i += 100) {
      let request: Record<string, { Keys: Array<Record<string, unknown>> }> | undefined = {
        [this.table.name]: { Keys: unique.slice(i, i + 100).map((id) => ({ ...keys.client(entityId, id) })) },
      };
      while (request && Object.keys(request).length > 0) {
        const result = await this.table.doc.send(new BatchGetCommand({ RequestItems: request }));
        for (const item of result.Responses?.[this.table.name] ?? [])
          out.set(Number(item.client_id), strip(item));
        request = result.UnprocessedKeys as typeof request;
      }
    }
    return out;
  }
}

export const clientFromItem = strip;
