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
  /** A client's count is as read (`:read`): its first and second bookings move the entity's counters. */
  clientCountAsRead: '#appointments_count = :read',
  /** A client has two bookings or more (`:two`): the count only grows, so this never goes stale. */
  clientIsRepeat: '#appointments_count >= :two',
  /**
   * A client's names are as read (`:readFirst`, `:readLast`): a booking that renames it (docs/CONTRACT.md#clients)
   * writes over nothing it did not see, and is retried on fresh data otherwise.
   */
  clientNamesAsRead: '#client_firstname = :readFirst AND #client_lastname = :readLast',
  /** A client's e-mail is as read (`:readEmail`). */
  clientEmailAsRead: '#client_email = :readEmail',
  /** A client has no e-mail, as read (`:nullType` = 'NULL': stored as null, or never written). */
  clientNoEmail: '(attribute_not_exists(#client_email) OR attribute_type(#client_email, :nullType))',
  /** A booking's date (`:last_appointment`) is not before the client's latest: it may become the latest. */
  lastAppointmentNotLater:
    '(attribute_not_exists(#last_appointment) OR #last_appointment <= :last_appointment)',
  /** The client's latest appointment date is as read (`:read`), or there was none. */
  lastAppointmentAsRead: '#last_appointment = :read',
  noLastAppointment: 'attribute_not_exists(#last_appointment)',
  /**
   * An Idempotency-Key may be claimed: no record, one past its retention (`:nowSeconds`), or a claim whose
   * request is surely dead (held until before `:nowMs`, still `:inProgress`: it committed nothing).
   */
  keyClaimable:
    'attribute_not_exists(pk) OR #expires_at < :nowSeconds OR (#state = :inProgress AND #held_until < :nowMs)',
  /** The Idempotency-Key's record is still held by this request's claim (`:claimId`). */
  keyHeldByMe: '#claim_id = :claimId',
  /** Settings are at the version read (`:version`): no other change came between the read and the write. */
  settingsAsRead: '#version = :version',
  /** The token hashes are as read (`:hashes`): no rotation came between the read and the write. */
  tokensAsRead: '#token_hashes = :hashes',
  /**
   * The item's last write is not this request's (`:marker`): the SDK's retry of a write whose answer was
   * lost fails on it, and the failed condition's old item (ALL_OLD) tells the request its own success.
   */
  notWrittenBy: '(attribute_not_exists(#last_write) OR #last_write <> :marker)',
  /** A counter is below its cap (`:cap`): keys per entity, requests in a limit's window. */
  belowCap: '(attribute_not_exists(#n) OR #n < :cap)',
  /**
   * A client e-mail may be claimed for sending: never claimed, or claimed by a sender that died (still
   * `:sending`, held until before `:nowMs`).
   */
  mailClaimable: 'attribute_not_exists(pk) OR (#state = :sending AND #held_until < :nowMs)',
  /** An appointment its client may still manage: it exists, pending (`:pending`) or confirmed (`:confirmed`). */
  appointmentManageable: 'attribute_exists(pk) AND (#status = :pending OR #status = :confirmed)',
  /** A slot a closure day may close: open (docs/CONTRACT.md#closures). */
  slotOpen: 'attribute_exists(pk) AND #status = :open',
  /** A slot a closure day closed and nobody changed by hand since: removing the closure reopens it. */
  slotClosedByClosure: 'attribute_exists(pk) AND #status = :closed AND closed_by_closure = :yes',
  /** A slot the time off `:from` closed and nobody changed by hand since (docs/CONTRACT.md#time-off). */
  slotClosedByTimeOff: 'attribute_exists(pk) AND #status = :closed AND #closed_by_time_off = :from',
  /** The appointment still keeps its confirmation's cancel token. */
  keepsMailCancelToken: 'attribute_exists(#mail_cancel_token)',
  /** The entity's feed is the one read (`:hash`), or it had none. */
  feedAsRead: 'attribute_not_exists(pk) OR #token_hash = :hash',
  /** An appointment is still as it was read (`:status`, `:slot`). */
  appointmentUnchanged: '#status = :status AND #slot_id = :slot',
  /**
   * An appointment has had no change since it was read: its change count (the calendar file's SEQUENCE,
   * one more at each transition) is the one read (`:sequence`), or, read as 0, it has none or 0. A read a
   * moment old (eventually consistent) that shows the status and slot of now after changes that came back
   * to them fails here.
   */
  sequenceAsRead: '#ics_sequence = :sequence',
  sequenceZero: '(attribute_not_exists(#ics_sequence) OR #ics_sequence = :sequence)',
  /**
   * An appointment's e-mail tokens are as read (`:links`, the list of digests), or it had none and still has
   * none: a change that writes the item whole keeps a token minted after its read only by failing here.
   */
  linkDigestsAsRead: '#link_hashes = :links',
  noLinkDigests: 'attribute_not_exists(#link_hashes)',
  /**
   * One more e-mail token fits on the appointment: fewer than `:max` kept, and not this one (`:digest`)
   * already, which a retried write whose answer was lost would meet.
   */
  linkDigestRoom:
    '(attribute_not_exists(#link_hashes) OR size(#link_hashes) < :max) AND NOT contains(#link_hashes, :digest)',
} as const;
