import { AppError, invalidField } from '../../../core/errors';
import {
  calendarsFor,
  isEmail,
  lastOwner,
  normalEmail,
  type Role,
  type StaffMember,
  staffExists,
  staffNotFound,
} from '../domain/staff';
import type { CalendarIds, StaffStore } from '../ports';

export interface StaffServiceDeps {
  staff: StaffStore;
  calendars: CalendarIds;
  now: () => Date;
}

/** What a staff member is made of, as the routes and the CLI take it. */
export interface StaffInput {
  email: string;
  role: Role;
  calendar_ids?: number[] | undefined;
}

/** Staff accounts of an entity (docs/CONTRACT.md#staff-and-sessions). */
export class StaffService {
  constructor(private readonly deps: StaffServiceDeps) {}

  list(entityId: string): Promise<StaffMember[]> {
    return this.deps.staff.list(entityId);
  }

  /** Adds a member: 400 for a bad address or an unknown calendar, 409 when the address is taken. */
  async add(entityId: string, input: StaffInput): Promise<StaffMember> {
    const email = this.addressOf(input.email);
    const calendar_ids = await this.calendarsOf(entityId, input.role, input.calendar_ids ?? []);
    const at = this.deps.now().toISOString();
    const member: StaffMember = { email, role: input.role, calendar_ids, created_at: at, updated_at: at };
    if (!(await this.deps.staff.create(entityId, member))) throw staffExists();
    return member;
  }

  /** Changes a member's role and calendars (the ones not sent stay): 404 when none; never the last owner away. */
  async update(entityId: string, input: Partial<StaffInput> & { email: string }): Promise<StaffMember> {
    const email = this.addressOf(input.email);
    const before = await this.deps.staff.get(entityId, email);
    if (!before) throw staffNotFound();
    const role = input.role ?? before.role;
    if (before.role === 'owner' && role !== 'owner') await this.keepAnOwner(entityId, email);
    const calendar_ids = await this.calendarsOf(entityId, role, input.calendar_ids ?? before.calendar_ids);
    const updated_at = this.deps.now().toISOString();
    if (!(await this.deps.staff.update(entityId, { email, role, calendar_ids, updated_at })))
      throw staffNotFound();
    const { generation: _generation, ...shown } = before;
    return { ...shown, role, calendar_ids, updated_at };
  }

  /** Removes a member (their sessions end with it): 404 when none; never the last owner. */
  async remove(entityId: string, address: string): Promise<StaffMember> {
    const email = this.addressOf(address);
    const before = await this.deps.staff.get(entityId, email);
    if (!before) throw staffNotFound();
    if (before.role === 'owner') await this.keepAnOwner(entityId, email);
    if (!(await this.deps.staff.remove(entityId, email))) throw staffNotFound();
    const { generation: _generation, ...shown } = before;
    return shown;
  }

  /** Makes the address an owner, whether it is a member or not (`npm start`'s demo owner, the CLI). */
  async ensure(entityId: string, input: StaffInput): Promise<StaffMember> {
    const email = this.addressOf(input.email);
    const existing = await this.deps.staff.get(entityId, email);
    if (!existing) return this.add(entityId, input);
    if (existing.role === input.role && input.calendar_ids === undefined) {
      const { generation: _generation, ...shown } = existing;
      return shown;
    }
    return this.update(entityId, input);
  }

  private addressOf(address: string): string {
    const email = normalEmail(address);
    if (!isEmail(email)) throw invalidField('email', 'must be an e-mail address');
    return email;
  }

  private async calendarsOf(entityId: string, role: Role, wanted: readonly number[]): Promise<number[]> {
    const ids = calendarsFor(role, wanted);
    if (ids.length === 0) return ids;
    const known = new Set(await this.deps.calendars.ids(entityId));
    const unknown = ids.find((id) => !known.has(id));
    if (unknown !== undefined)
      throw new AppError('validation', 'CALENDAR_NOT_FOUND', `calendar_ids: calendar ${unknown} not found`);
    return ids;
  }

  /** Refuses when no other owner would remain. */
  private async keepAnOwner(entityId: string, leaving: string): Promise<void> {
    const members = await this.deps.staff.list(entityId);
    if (!members.some((m) => m.role === 'owner' && m.email !== leaving)) throw lastOwner();
  }
}
