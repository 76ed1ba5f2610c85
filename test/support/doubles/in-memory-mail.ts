import { randomBytes } from 'node:crypto';
import type { DeadJobs, JobQueue } from '../../../shared/core/jobs/ports';
import type { AppointmentRecord } from '../../../shared/features/booking/domain/appointment';
import { type MailJob, mailAppointmentOf } from '../../../shared/features/mail/domain/notifications';
import type {
  MailLookup,
  MailMessage,
  MailTransport,
  ReminderScheduler,
  SentMails,
} from '../../../shared/features/mail/ports';
import { DEFAULT_SETTINGS, type EntitySettings } from '../../../shared/features/settings/domain/entity';

/** The mail pipeline's ports in memory: what the planner and the sender see, and what they did. */
export const ENTITY_ID = 'mail-unit';
export const NOW = new Date('2026-11-20T08:00:00Z');

export const appointment = (patch: Partial<AppointmentRecord> = {}): AppointmentRecord => ({
  appointment_id: 1001,
  calendar_id: 1,
  slot_id: 2,
  client_id: 3,
  status: 'confirmed',
  date: '2026-11-25',
  start_time: '10:00:00',
  end_time: '10:30:00',
  client_firstname: 'Jeanne',
  client_lastname: 'Durand',
  client_email: 'jeanne@example.com',
  client_phone: '+33612345678',
  contract_number: null,
  created_at: '2026-11-20T08:00:00Z',
  updated_at: '2026-11-20T08:00:00Z',
  ...patch,
});

/** The confirmation job of `appointment()` for event evt_1, first attempt, with its cancel link. */
export const mailJob = (patch: Partial<MailJob> = {}): MailJob => ({
  entityId: ENTITY_ID,
  kind: 'created',
  key: 'evt_1',
  appointment: mailAppointmentOf(appointment()),
  sequence: 0,
  attempt: 1,
  cancelLink: true,
  ...patch,
});

export function mailWorld(settings: Partial<EntitySettings> = {}) {
  const queued: Array<{ job: MailJob; delay: number }> = [];
  const parked: Array<{ job: MailJob; reason: string }> = [];
  const scheduled: Array<{ job: MailJob; at: number }> = [];
  const cancelledReminders: number[] = [];
  const messages: MailMessage[] = [];
  const sentKeys = new Set<string>();
  const linkSecrets = new Map<string, Uint8Array>();
  const tokens = new Map<number, string>();
  const addedHashes: string[] = [];
  const appointments = new Map<number, AppointmentRecord>();
  const queue: JobQueue<MailJob> & DeadJobs<MailJob> = {
    maxDelaySeconds: 900,
    enqueue: async (job, delay) => {
      queued.push({ job, delay });
    },
    park: async (job, reason) => {
      parked.push({ job, reason });
    },
  };
  const reminders: ReminderScheduler = {
    schedule: async (job, at) => {
      scheduled.push({ job, at });
    },
    cancel: async (_entityId, id) => {
      cancelledReminders.push(id);
    },
  };
  const settingsOf = (entityId: string) =>
    entityId === ENTITY_ID ? { ...DEFAULT_SETTINGS, default_calendar_id: 1, ...settings } : null;
  const lookup: MailLookup = {
    entity: async (entityId) => {
      const read = settingsOf(entityId);
      return read ? { name: 'Salon Lumière', settings: read } : null;
    },
    settings: async (entityId) => settingsOf(entityId),
    appointment: async (_entityId, id) => appointments.get(id) ?? null,
    cancelToken: async (_entityId, id) => tokens.get(id) ?? null,
    forgetCancelToken: async (_entityId, id) => {
      tokens.delete(id);
    },
    addCancelToken: async (_entityId, _id, hash) => {
      addedHashes.push(hash);
      return true;
    },
  };
  const sent: SentMails = {
    claim: async (_entityId, key) => {
      if (sentKeys.has(key)) return { state: 'sent' };
      // One link secret per e-mail key from its first claim, as the record keeps it.
      const linkSecret = linkSecrets.get(key) ?? randomBytes(32);
      linkSecrets.set(key, linkSecret);
      return { state: 'claimed', linkSecret };
    },
    markSent: async (_entityId, key) => {
      sentKeys.add(key);
      linkSecrets.delete(key);
    },
    release: async (_entityId, key, options) => {
      if (options?.givenUp) linkSecrets.delete(key);
    },
  };
  let failWith: Error | null = null;
  const transport: MailTransport = {
    send: async (message) => {
      if (failWith) throw failWith;
      messages.push(message);
      return 'memory';
    },
  };
  return {
    queue,
    reminders,
    lookup,
    sent,
    transport,
    queued,
    parked,
    scheduled,
    cancelledReminders,
    messages,
    tokens,
    addedHashes,
    appointments,
    failWith: (error: Error | null) => {
      failWith = error;
    },
  };
}
