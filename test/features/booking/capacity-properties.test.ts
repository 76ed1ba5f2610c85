import fc from 'fast-check';
import { STATUSES } from '../../../shared/features/booking/domain/appointment';
import { viaHandler as call } from '../../support/api';
import { ALWAYS_OPEN, futureWorkingDate, mobile, newEntity } from '../../support/fixtures';
import { counterDrift, partition } from '../../support/invariants';

/**
 * The capacity invariant under random concurrent interleavings of v1 and v2 bookings, cancellations,
 * status changes and moves: after each run, for every slot, places taken = live appointments <= capacity,
 * and every statistics counter equals a recount of the stored appointments.
 */
type Op =
  | { kind: 'bookV2'; slot: number; person: number }
  | { kind: 'bookV1'; slot: number; person: number; status: (typeof STATUSES)[number] }
  | { kind: 'cancel'; target: number }
  | { kind: 'status'; target: number; status: (typeof STATUSES)[number] }
  | { kind: 'move'; target: number; slot: number };

const status = fc.constantFrom(...STATUSES);
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('bookV2' as const), slot: fc.nat(4), person: fc.nat(7) }),
  fc.record({ kind: fc.constant('bookV1' as const), slot: fc.nat(4), person: fc.nat(7), status }),
  fc.record({ kind: fc.constant('cancel' as const), target: fc.nat(30) }),
  fc.record({ kind: fc.constant('status' as const), target: fc.nat(30), status }),
  fc.record({ kind: fc.constant('move' as const), target: fc.nat(30), slot: fc.nat(4) }),
);

it('places taken always equal live appointments and every counter a recount', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(op, { minLength: 12, maxLength: 36 }),
      fc.integer({ min: 2, max: 8 }),
      async (ops, concurrency) => {
        const entity = await newEntity({ hours: ALWAYS_OPEN });
        const slots: Array<{ id: number }> = (
          await call('POST', '/api/v2/calendar-slots/generate', {
            headers: entity.v2,
            body: { date: futureWorkingDate(25), duration: 120, max_appointments: 2 },
          })
        ).json.data;
        const booked: Array<{ id: number; token?: string }> = [];
        const run = async (o: Op) => {
          const slotId = slots[('slot' in o ? o.slot : 0) % slots.length]?.id;
          const target = booked.length ? booked[('target' in o ? o.target : 0) % booked.length] : undefined;
          switch (o.kind) {
            case 'bookV2': {
              const a = await call('POST', '/api/v2/appointments', {
                headers: entity.v2,
                body: { client_name: `P ${o.person}`, client_phone: mobile(o.person), slot_id: slotId },
              });
              if (a.status === 200) booked.push({ id: a.json.data.id, token: a.json.data.cancel_token });
              return a.status;
            }
            case 'bookV1': {
              const body = {
                calendar_id: 1,
                slot_id: slotId,
                client_firstname: 'P',
                client_lastname: `${o.person}`,
                client_email: `p${o.person}@acme.fr`,
                client_phone: mobile(o.person),
                status: o.status,
              };
              const a = await call('POST', '/api/appointment', { headers: entity.v1, body });
              if (a.status === 200) booked.push({ id: a.json.data.appointment.appointment_id });
              return a.status;
            }
            case 'cancel':
              if (!target?.token) return 0;
              return (
                await call('POST', '/api/v2/appointments/cancel', {
                  headers: entity.v2,
                  body: { cancel_token: target.token },
                })
              ).status;
            case 'status':
              if (!target) return 0;
              return (
                await call('PUT', `/api/appointment/${target.id}`, {
                  headers: entity.v1,
                  body: { status: o.status },
                })
              ).status;
            case 'move':
              if (!target) return 0;
              return (
                await call('PUT', `/api/appointment/${target.id}`, {
                  headers: entity.v1,
                  body: { slot_id: slotId },
                })
              ).status;
          }
        };
        for (let i = 0; i < ops.length; i += concurrency) {
          const statuses = await Promise.all(ops.slice(i, i + concurrency).map(run));
          // Refusals are expected (full, closed, already cancelled); a server error never is.
          expect(statuses.filter((s) => s >= 500)).toEqual([]);
        }
        expect(await counterDrift(entity.entity_account_id)).toEqual([]);
        const items = await partition(entity.entity_account_id);
        for (const slot of items.filter((i) => i.type === 'slot')) {
          expect(Number(slot.taken)).toBeLessThanOrEqual(Number(slot.capacity));
        }
      },
    ),
    { numRuns: 12, endOnFailure: true },
  );
}, 300_000);
