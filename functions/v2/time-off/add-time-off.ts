import { TimeOffBody, v2TimeOffAdded } from '../../../shared/features/schedule/http/time-off';
import { closedAndKept, reply } from '../../../shared/shapes/reply';
import { defineV2Handler, timeOffService } from '../../../shared/wiring';

/**
 * POST /api/v2/time-off — a staff member's time off (a whole day, or start_time to end_time): its calendar's
 * open slots in the range close (booking them is 409 `slot not available: time off`); other calendars are untouched.
 */
export const handler = defineV2Handler(
  { hasBody: true, body: TimeOffBody, staffSession: true },
  async ({ entity, body }) => {
    const added = await timeOffService().add(entity, {
      calendarId: body.calendar_id,
      date: body.date,
      startTime: body.start_time,
      endTime: body.end_time,
      name: body.name,
    });
    return reply(v2TimeOffAdded(added), {
      message: `time off added: ${closedAndKept(added)}`,
    });
  },
);
