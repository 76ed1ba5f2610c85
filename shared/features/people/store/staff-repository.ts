import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { CONDITION } from '../../../db/conditions';
import { writtenIf } from '../../../db/expressions';
import { getItem } from '../../../db/items';
import * as keys from '../../../db/keys';
import { queryAll } from '../../../db/paging';
import type { TableHandle } from '../../../db/table-handle';
import type { StaffMember, StaffRecord } from '../domain/staff';
import type { StaffStore } from '../ports';

const toMember = (item: Record<string, unknown>): StaffRecord => ({
  email: String(item.email),
  role: item.role === 'owner' ? 'owner' : 'staff',
  calendar_ids: ((item.calendar_ids as number[] | undefined) ?? []).map(Number),
  created_at: String(item.created_at),
  updated_at: String(item.updated_at),
  generation: Number(item.generation ?? 0),
});

const shown = ({ generation: _generation, ...member }: StaffRecord): StaffMember => member;

/** Staff members: one item each in the entity's partition, by address (docs/design/data-model.md). */
export class StaffRepository implements StaffStore {
  constructor(private readonly table: TableHandle) {}

  /** Pattern: an entity's staff members, by address (strongly consistent). */
  async list(entityId: string): Promise<StaffMember[]> {
    const prefix = keys.staffPrefix(entityId);
    const items = await queryAll(this.table, {
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :sk)',
      ExpressionAttributeValues: { ':pk': prefix.pk, ':sk': prefix.sk },
      ConsistentRead: true,
    });
    return items.map((item) => shown(toMember(item)));
  }

  /** Pattern: get a staff member by address. */
  async get(entityId: string, email: string): Promise<StaffRecord | null> {
    const item = await getItem(this.table, keys.staffMember(entityId, email));
    return item ? toMember(item) : null;
  }

  /** Pattern: add a staff member, unless one with the address exists. */
  create(entityId: string, member: StaffMember): Promise<boolean> {
    return writtenIf(
      this.table.doc.send(
        new PutCommand({
          TableName: this.table.name,
          Item: { ...keys.staffMember(entityId, member.email), type: 'staff', ...member, generation: 0 },
          ConditionExpression: CONDITION.isNew,
        }),
      ),
    );
  }

  /** Pattern: change a staff member's role and calendars, if there is one. */
  update(
    entityId: string,
    member: Pick<StaffMember, 'email' | 'role' | 'calendar_ids' | 'updated_at'>,
  ): Promise<boolean> {
    return writtenIf(
      this.table.doc.send(
        new UpdateCommand({
          TableName: this.table.name,
          Key: keys.staffMember(entityId, member.email),
          UpdateExpression: 'SET #role = :role, calendar_ids = :calendars, updated_at = :at',
          ConditionExpression: CONDITION.exists,
          ExpressionAttributeNames: { '#role': 'role' },
          ExpressionAttributeValues: {
            ':role': member.role,
            ':calendars': member.calendar_ids,
            ':at': member.updated_at,
          },
        }),
      ),
    );
  }

  /** Pattern: remove a staff member, if there is one (their sessions and links stop with it). */
  remove(entityId: string, email: string): Promise<boolean> {
    return writtenIf(
      this.table.doc.send(
        new DeleteCommand({
          TableName: this.table.name,
          Key: keys.staffMember(entityId, email),
          ConditionExpression: CONDITION.exists,
        }),
      ),
    );
  }

  /** Pattern: move a staff member's session generation (sign-out everywhere). */
  async endSessions(entityId: string, email: string): Promise<void> {
    await writtenIf(
      this.table.doc.send(
        new UpdateCommand({
          TableName: this.table.name,
          Key: keys.staffMember(entityId, email),
          UpdateExpression: 'ADD generation :one',
          ConditionExpression: CONDITION.exists,
          ExpressionAttributeValues: { ':one': 1 },
        }),
      ),
    );
  }
}
