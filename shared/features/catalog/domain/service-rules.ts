/**
 * A service's own booking rules (docs/CONTRACT.md#booking-window, #buffers): the time kept free before and
 * after each of its appointments on its calendar, and its own minimum notice and booking window (null: the
 * entity's settings apply).
 */
export interface ServiceRules {
  /** Minutes kept free on the calendar before the service (0 to 240). */
  buffer_before_minutes: number;
  /** Minutes kept free on the calendar after the service (0 to 240). */
  buffer_after_minutes: number;
  /** The service's minimum notice (0 to 43,200); null: the entity's `min_notice_minutes`. */
  min_notice_minutes: number | null;
  /** The service's booking window in days (1 to 365); null: the entity's `max_days_ahead`. */
  max_days_ahead: number | null;
}

export const BUFFER_BOUNDS = { min: 0, max: 240 } as const;

/** The rules as a request gives them: absent leaves a field as it is (a new service: its default). */
export type ServiceRulesInput = { [K in keyof ServiceRules]?: ServiceRules[K] | undefined };

/** A new service's rules: what the request gives, else no buffers and the entity's window. */
export const newServiceRules = (input: ServiceRulesInput): ServiceRules => ({
  buffer_before_minutes: input.buffer_before_minutes ?? 0,
  buffer_after_minutes: input.buffer_after_minutes ?? 0,
  min_notice_minutes: input.min_notice_minutes ?? null,
  max_days_ahead: input.max_days_ahead ?? null,
});

/** The rules a change sets: only the fields it gives. */
export const changedServiceRules = (input: ServiceRulesInput): Partial<ServiceRules> =>
  Object.fromEntries(
    (Object.keys(newServiceRules({})) as Array<keyof ServiceRules>)
      .filter((field) => input[field] !== undefined)
      .map((field) => [field, input[field]]),
  );

/** The rules of a stored service: a service stored before them has none (no buffers, the entity's window). */
export const storedServiceRules = (item: Record<string, unknown>): ServiceRules => {
  const count = (value: unknown) => (typeof value === 'number' ? value : null);
  return {
    buffer_before_minutes: count(item.buffer_before_minutes) ?? 0,
    buffer_after_minutes: count(item.buffer_after_minutes) ?? 0,
    min_notice_minutes: count(item.min_notice_minutes),
    max_days_ahead: count(item.max_days_ahead),
  };
};
