import type { SchedulerClient } from '@aws-sdk/client-scheduler';
import { type MailJob, reminderName } from '../domain/notifications';
import type { ReminderScheduler } from '../ports';

export interface ReminderTarget {
  /** The schedule group of the stage's reminders. */
  group: string;
  /** The mail queue's ARN: the reminder lands there as a job. */
  queueArn: string;
  /** The role EventBridge Scheduler takes to send to that queue. */
  roleArn: string;
  /** Where a reminder the scheduler could not send after its retries is parked (alarmed), if anywhere. */
  deadLetterArn?: string | undefined;
}

/**
 * The SDK's module, required at the first schedule, as the wiring requires its client: the functions that
 * import this file through the wiring and never schedule do not load it at their cold start.
 */
const sdk = () => require('@aws-sdk/client-scheduler') as typeof import('@aws-sdk/client-scheduler');

/** `at(yyyy-mm-ddThh:mm:ss)` in UTC, to the second (EventBridge Scheduler's one-time expression). */
const atExpression = (ms: number): string => `at(${new Date(ms).toISOString().slice(0, 19)})`;

/**
 * Reminders on AWS: one EventBridge Scheduler one-time schedule per appointment, named after it, whose
 * target is the mail queue with the reminder's job as the message; it deletes itself once it ran. A move
 * replaces it, a cancellation deletes it.
 */
export interface EventBridgeRemindersDeps {
  scheduler: SchedulerClient;
  target: ReminderTarget;
}

export class EventBridgeReminders implements ReminderScheduler {
  private readonly scheduler: SchedulerClient;
  private readonly target: ReminderTarget;

  constructor(deps: EventBridgeRemindersDeps) {
    this.scheduler = deps.scheduler;
    this.target = deps.target;
  }

  async schedule(job: MailJob, atMs: number): Promise<void> {
    const input = {
      Name: reminderName(job.entityId, job.appointment.appointment_id, job.release),
      GroupName: this.target.group,
      ScheduleExpression: atExpression(atMs),
      ScheduleExpressionTimezone: 'UTC',
      FlexibleTimeWindow: { Mode: 'OFF' as const },
      ActionAfterCompletion: 'DELETE' as const,
      Target: {
        Arn: this.target.queueArn,
        RoleArn: this.target.roleArn,
        Input: JSON.stringify(job),
        RetryPolicy: { MaximumEventAgeInSeconds: 86_400, MaximumRetryAttempts: 185 },
        ...(this.target.deadLetterArn ? { DeadLetterConfig: { Arn: this.target.deadLetterArn } } : {}),
      },
    };
    const { ConflictException, CreateScheduleCommand, UpdateScheduleCommand } = sdk();
    try {
      await this.scheduler.send(new CreateScheduleCommand(input));
    } catch (error) {
      if (!(error instanceof ConflictException)) throw error;
      await this.scheduler.send(new UpdateScheduleCommand(input));
    }
  }

  async cancel(entityId: string, appointmentId: number): Promise<void> {
    const { DeleteScheduleCommand, ResourceNotFoundException } = sdk();
    try {
      await this.scheduler.send(
        new DeleteScheduleCommand({
          Name: reminderName(entityId, appointmentId),
          GroupName: this.target.group,
        }),
      );
    } catch (error) {
      if (!(error instanceof ResourceNotFoundException)) throw error;
    }
  }
}
