/**
 * Every rule a conditional write enforces, named once. Attribute names are written `#name` and resolved
 * by `updateWhere` / `onlyIf` (shared/db/expressions.ts); values are the `:name` the caller supplies.
 */
export const CONDITION = {
  /** The item is new: nothing with its key exists yet. */
  isNew: 'attribute_not_exists(pk)',
  /** The item exists. */
  exists: 'attribute_exists(pk)',
  /** A slot can take one more place: it exists, is open (`:open`) and is not full. */
  slotHasRoom: 'attribute_exists(pk) AND #status = :open AND #taken < #capacity',
  /** A slot holds a place to give back. */
  slotHoldsPlace: 'attribute_exists(pk) AND #taken > :zero',
  /** A slot is as read (`:readCapacity`, `:readTaken`) and its places taken fit the new `:capacity`. */
  slotResizable:
    'attribute_exists(pk) AND #capacity = :readCapacity AND #taken = :readTaken AND #taken <= :capacity',
  /** A slot holds no place and has the capacity read (`:zero`, `:readCapacity`): it may be deleted. */
  slotEmpty: 'attribute_exists(pk) AND #taken = :zero AND #capacity = :readCapacity',
  /** A calendar accepts new appointments (`:active` = true). */
  calendarActive: '#is_active = :active',
  /** An appointment is still as it was read (`:status`, `:slot`). */
  appointmentUnchanged: '#status = :status AND #slot_id = :slot',
} as const;
