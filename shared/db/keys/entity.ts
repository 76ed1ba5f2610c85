/** Keys of an entity's own items and of the directories that list entities. */
import { inEntity, type Key } from './parts';

export const entity = (entityId: string): Key => inEntity(entityId, 'ENTITY');

/** Marker that makes entity listing possible without a scan. */
export const entityDirectory = (entityId: string): Key => ({ pk: 'ENTITIES', sk: entityId });

export const entityDirectoryPk = (): string => 'ENTITIES';

/**
 * Entities whose slots open by themselves (open_days_ahead > 0), one item each in one partition: the
 * scheduled run reads only them, so its work grows with the entities that switched it on.
 */
export const openDaysEntry = (entityId: string): Key => ({ pk: 'OPENDAYS', sk: entityId });
export const openDaysPk = (): string => 'OPENDAYS';

export const settings = (entityId: string): Key => inEntity(entityId, 'SETTINGS');

export const openingHours = (entityId: string): Key => inEntity(entityId, 'HOURS');

/** The per-entity id sequence shared by calendars, slots, appointments and clients. */
export const sequence = (entityId: string): Key => inEntity(entityId, 'SEQUENCE');

export const closureDay = (entityId: string, date: string): Key => inEntity(entityId, `CLOSURE#${date}`);

export const closureDayPrefix = (entityId: string): Key => inEntity(entityId, 'CLOSURE#');

/** The limits an operator set for an entity (admin CLI); absent ones take the stage's defaults. */
export const limits = (entityId: string): Key => inEntity(entityId, 'LIMITS');

/** A key that is never written: reading it proves the table answers (health probe). */
export const healthProbe = (): Key => ({ pk: 'HEALTH', sk: 'HEALTH' });
