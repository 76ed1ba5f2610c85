/**
 * The composition root: the one module that builds the services from the repositories (or, in v1 debug
 * mode, from the fictitious data set) and binds the HTTP stack to them. Only the handlers (functions/),
 * the local runtime, the scripts and the tests import it; nothing below it does. One file per feature, as
 * shared/features/ has one folder per feature: core.ts (clients, table, repositories, `once`), access.ts (tokens,
 * idempotency, limits, publishable keys), booking.ts, schedule.ts (hours, slots, generation, open days),
 * settings.ts, events.ts (booking events, webhooks), mail.ts (client e-mails, reminders, staff feed),
 * operations.ts (health, admin), v1.ts (the v1 reads and writes, debug mode), stack.ts (the HTTP
 * stack's binding: defineV1Handler, defineV2Handler), and services.ts (every service in one object, for the
 * admin CLI, the local runtime and the tests, without the HTTP stack).
 */
export * from './access';
export * from './booking';
export * from './catalog';
export * from './core';
export * from './events';
export * from './mail';
export * from './operations';
export * from './people';
export * from './schedule';
export * from './services';
export * from './settings';
export * from './stack';
export * from './v1';
