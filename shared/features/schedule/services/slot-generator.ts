import { conflict } from '../../../core/errors';
import type { EntityContext } from '../../access';
import type { CalendarHoursStore } from '../../catalog';
import type { CalendarRecord } from '../domain/calendar';
import type { Holiday } from '../domain/holidays';
import type { WeeklyHours } from '../domain/opening-hours';
import { byStart, type SlotRecord } from '../domain/slot';
import { slotTimes } from '../domain/slot-times';
import { timeOffCovering } from '../domain/time-off';
import type { IdSource, SlotStore, TimeOffStore } from '../ports';
import type { OpeningHoursService } from './opening-hours-service';
import type { SlotService } from './slot-service';

export interface GenerateRequest {
  date: string;
  /** The calendar to generate (docs/CONTRACT.md#services-and-staff); absent, the default calendar. */
  calendar_id?: number | undefined;
  duration?: number | undefined;
  max_appointments?: number | undefined;
}

const MAX_ATTEMPTS = 5;
const overlaps = (a: { start_time: string; end_time: string }, b: { start_time: string; end_time: string }) =>
  a.start_time < b.end_time && b.start_time < a.end_time;
const generationError = (why: string) => conflict(`error during generation: ${why}`, 'SLOT_UNAVAILABLE');

/** The calendar a generation is for and the week its days follow. */
export interface GenerationBasis {
  calendar: CalendarRecord;
  week: WeeklyHours;
}

/** What the slot generator needs: the slots, new ids, the default calendar, the opening hours, a clock. */
export interface SlotGeneratorDeps {
  slots: SlotStore;
  ids: IdSource;
  calendars: Pick<SlotService, 'calendarFor' | 'calendarIdFor'>;
  hours: OpeningHoursService;
  now?: () => Date;
  /** Calendars' own weekly hours (docs/CONTRACT.md#services-and-staff); without it, the entity's apply. */
  calendarHours?: Pick<CalendarHoursStore, 'get'>;
  /** Staff time off (docs/CONTRACT.md#time-off): a slot it covers is created closed, marked with its id. */
  timeOff?: Pick<TimeOffStore, 'listOf'>;
}

/** Slot generation from opening hours and holidays (POST /v2/calendar-slots/generate). */
export class SlotGenerator {
  private readonly now: () => Date;

  constructor(private readonly deps: SlotGeneratorDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  /**
   * 1. A closed day or holiday is refused (409, naming the holiday); the calendar's own weekly hours, if
   * it has them, decide the day, else the entity's. 2. Times come from the day's periods
   * in the calendar's zone (DST-correct). 3. Only times overlapping none of the date's slots are created,
   * under guard items, so concurrent generations never duplicate a start time. 4. All the date's slots return.
   * The calendar, both weeks and the date's closure are read together (one round trip).
   */
  async generate(
    entity: EntityContext,
    request: GenerateRequest,
  ): Promise<{ created: number; slots: SlotRecord[] }> {
    const calendarId = this.deps.calendars.calendarIdFor(entity, request.calendar_id);
    const [calendar, week, closure] = await Promise.all([
      this.deps.calendars.calendarFor(entity, request.calendar_id),
      this.weekOf(entity, calendarId),
      this.deps.hours.closureOn(entity, request.date),
    ]);
    return this.generateOn(entity, { calendar, week }, request, closure);
  }

  /**
   * What a run over many days of one calendar reads once (open days): the week its days follow, its own
   * hours or else the entity's.
   */
  async basisFor(entity: EntityContext, calendar: CalendarRecord): Promise<GenerationBasis> {
    return { calendar, week: await this.weekOf(entity, calendar.calendar_id) };
  }

  /**
   * One date of a calendar whose basis was read: as `generate`. Without its closure day given, a date its
   * week or a public holiday closes is refused before any read (a closure day could only close it more), and
   * an open one reads its closure day with its slots (one round trip).
   */
  async generateOn(
    entity: EntityContext,
    basis: GenerationBasis,
    request: Omit<GenerateRequest, 'calendar_id'>,
    closureKnown?: Holiday | null,
  ): Promise<{ created: number; slots: SlotRecord[] }> {
    const { calendar, week } = basis;
    const slotsOfDate = () =>
      this.deps.slots.listRange(entity.entityId, calendar.calendar_id, request.date, request.date);
    const statusWith = (closure: Holiday | null) => {
      const status = this.deps.hours.statusOf(entity, request.date, week, closure);
      if (status.holiday)
        throw generationError(`${status.holiday.date} is a holiday (${status.holiday.name})`);
      if (!status.is_open) throw generationError('the day is closed');
      return status;
    };
    // The calendar's time off of the date, read beside the closure day and the date's slots.
    const offsRead = this.deps.timeOff
      ? this.deps.timeOff.listOf(entity.entityId, calendar.calendar_id, { from: request.date, only: true })
      : Promise.resolve([]);
    offsRead.catch(() => undefined); // awaited below; a refusal before then must not go unhandled
    let closure = closureKnown;
    let first: SlotRecord[] | undefined;
    if (closure === undefined) {
      statusWith(null);
      [closure, first] = await Promise.all([this.deps.hours.closureOn(entity, request.date), slotsOfDate()]);
    }
    const status = statusWith(closure);
    const duration = request.duration ?? entity.settings.slot_duration;
    const capacity = request.max_appointments ?? entity.settings.max_appointments;
    const times = slotTimes(request.date, status.day, duration, calendar.timezone);
    const [offs, firstRead] = await Promise.all([offsRead, first ?? slotsOfDate()]);

    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const existing = attempt === 0 ? firstRead : await slotsOfDate();
      const missing = times.filter((t) => !existing.some((s) => overlaps(s, t)));
      if (missing.length === 0) return { created: 0, slots: existing.sort(byStart) };
      const ids = await this.deps.ids.next(entity.entityId, missing.length);
      const now = this.now().toISOString();
      const created: SlotRecord[] = missing.map((t, i) => {
        const slot: SlotRecord = {
          slot_id: ids[i] ?? 0,
          calendar_id: calendar.calendar_id,
          date: request.date,
          start_time: t.start_time,
          end_time: t.end_time,
          status: 'open',
          capacity,
          taken: 0,
          created_at: now,
          updated_at: now,
        };
        const off = timeOffCovering(offs, slot);
        return off ? { ...slot, status: 'closed', closed_by_time_off: off.time_off_id } : slot;
      });
      if (await this.deps.slots.createMany(entity.entityId, created)) {
        return { created: created.length, slots: [...existing, ...created].sort(byStart) };
      }
      // A concurrent generation took some of these start times: look again and create what is still missing.
    }
    throw generationError('the date is being generated concurrently, retry');
  }

  /** The week a calendar's days follow: its own hours when it has them, else the entity's (read together). */
  private async weekOf(entity: EntityContext, calendarId: number): Promise<WeeklyHours> {
    const [own, week] = await Promise.all([
      this.deps.calendarHours ? this.deps.calendarHours.get(entity.entityId, calendarId) : null,
      this.deps.hours.week(entity).catch((error: unknown) => error as Error),
    ]);
    if (own) return own;
    if (week instanceof Error) throw week;
    return week;
  }
}
