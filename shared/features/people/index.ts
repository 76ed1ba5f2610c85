/** The people feature's public face: what other features may use of it (docs/design/features.md). */

export type { SessionRecord } from './domain/sessions';
export { cookieName, originOf, sessionTokenOf } from './domain/sessions';
export type { Role, StaffMember } from './domain/staff';
export type { StaffStore } from './ports';
