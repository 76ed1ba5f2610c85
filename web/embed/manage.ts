/**
 * <booking-manage>: the manage page's element. It reads the cancel token from the fragment (`#<token>`,
 * which no request carries), shows the appointment and offers to cancel it or move it to a free time. A
 * booking pending confirmation by e-mail is confirmed when its page opens (POST /appointments/confirm).
 */
import { Api, type Appointment, type Managed, nowIn, type Start } from './api';
import { h } from './dom';
import { EmbedElement } from './element';
import { dayLabel, fill, hhmm, langOf, localeFor } from './i18n';
import { type Performer, renderCancelQuestion, renderDetails, renderStaff, staffStarts } from './manage-view';
import { freeSlots, serviceStarts, slotTimes, type Time } from './picker';

type Phase = 'loading' | 'shown' | 'picking' | 'broken';

export class ManagePage extends EmbedElement {
  static apiBase = '';

  private api: Api | null = null;
  private token = '';
  private phase: Phase = 'loading';
  private managed: Managed | null = null;
  private notice: string | null = null;
  private pending = false;
  /** A cancel asks once more: the question is shown. */
  private asking = false;
  /** A service's appointment moves to a start of the staff member chosen (its own at first). */
  private staff: { all: Performer[]; chosen: number } | null = null;
  private starts: Start[] = [];

  connectedCallback(): void {
    this.language = langOf(this.getAttribute('lang')) ?? langOf(document.documentElement.lang) ?? 'en';
    void this.load();
  }

  private async load(): Promise<void> {
    this.token = decodeURIComponent(location.hash.replace(/^#/, '')).trim();
    this.render();
    if (!this.token) return this.broken(this.t.noToken);
    this.api = new Api(this.getAttribute('api') ?? ManagePage.apiBase, this.token);
    const answer = await this.api.call<Managed>('POST', '/appointments/lookup', { cancel_token: this.token });
    if (!answer.ok) return this.broken(this.refusedText(answer) ?? this.t.failed);
    this.managed = answer.data;
    this.language = langOf(this.getAttribute('lang')) ?? answer.data.business.language;
    document.documentElement.lang = this.language;
    this.applyBrand(answer.data.business.brand_color);
    this.picking.setWindow(answer.data.business.timezone, answer.data.business.max_days_ahead);
    document.title = `${this.t.myAppointment}${answer.data.business.name ? ` · ${answer.data.business.name}` : ''}`;
    // A booking waiting for this link (confirm_by_email): opening it confirms it, by a POST of the page.
    if (answer.data.appointment.status === 'pending') {
      const confirmed = await this.api.call<Appointment>('POST', '/appointments/confirm', {
        cancel_token: this.token,
      });
      if (!confirmed.ok) return this.broken(this.refusedText(confirmed) ?? this.t.failed);
      this.managed = { ...answer.data, appointment: confirmed.data };
      if (confirmed.data.status === 'confirmed') this.notice = this.t.confirmedNow;
    }
    this.phase = 'shown';
    this.render();
  }

  /**
   * The page's words for a link that no longer opens or changes its appointment: unknown, cancelled, started
   * or over, or too close to its start to change here (then whom to contact: the business by its name).
   */
  private refusedText(answer: { status: number; code: string | null }): string | null {
    if (answer.code === 'APPOINTMENT_NOT_MANAGEABLE') return this.t.notManageable;
    const business = this.managed?.business.name || this.t.theBusiness;
    if (answer.code === 'CHANGE_TOO_LATE') return fill(this.t.tooLate, { business });
    if (answer.code === 'APPOINTMENT_CANCELLED') return this.t.alreadyCancelled;
    return answer.status === 401 || answer.status === 404 ? this.t.unknownToken : null;
  }

  private broken(text: string): void {
    this.phase = 'broken';
    this.alert = { where: 'top', text };
    this.render();
  }

  /** The first press asks once more (the question takes the focus); only the answer yes cancels. */
  private ask(asking: boolean): void {
    this.asking = asking;
    this.focusAfter = asking ? '[data-action="confirm-cancel"]' : '[data-action="cancel"]';
    this.render();
  }

  private async cancel(): Promise<void> {
    if (!this.api || this.pending) return;
    this.asking = false;
    this.pending = true;
    this.render();
    const answer = await this.api.call<Appointment>('POST', '/appointments/cancel', {
      cancel_token: this.token,
    });
    this.pending = false;
    if (answer.ok && this.managed) {
      this.managed = { ...this.managed, appointment: answer.data };
      this.notice = this.t.cancelled;
    } else {
      const refused = answer.code === 'APPOINTMENT_NOT_MANAGEABLE' || answer.code === 'CHANGE_TOO_LATE';
      const text = refused ? this.refusedText(answer) : null;
      this.alert = {
        where: 'top',
        text: text ?? (answer.status === 409 ? this.t.alreadyCancelled : this.t.failed),
      };
    }
    this.phase = 'shown';
    this.focusAfter = '[data-notice], [role="alert"]';
    this.render();
  }

  private async startPicking(): Promise<void> {
    if (!this.api || !this.managed) return;
    const a = this.managed.appointment;
    const own = a.calendar_id ?? this.managed.business.default_calendar_id;
    this.staff = a.service_id === undefined ? null : { all: [], chosen: own };
    await this.loadTimes();
    await this.openAtFreeMonth();
    this.phase = 'picking';
    this.notice = null;
    this.alert = null;
    this.focusAfter = '[data-day]';
    this.render();
  }

  /** The free times of the month shown: a service's starts (of every performer), or the free slots. */
  protected async loadTimes(): Promise<boolean> {
    const business = this.managed?.business;
    if (!this.api || !business) return true;
    const latest = this.askTimes();
    const current = this.managed?.appointment;
    let free: Time[];
    if (current?.service_id !== undefined) {
      // A service's appointment moves to a start where the whole service fits, with whoever performs it.
      const answer = await serviceStarts(this.api, this.picking.range(), current.service_id);
      if (!latest()) return false;
      this.starts = answer.ok ? answer.data : [];
      free = this.staffTimes(current);
    } else {
      const answer = await freeSlots(this.api, this.picking.range());
      if (!latest()) return false;
      const slots = answer.ok ? slotTimes(answer.data, business.default_calendar_id) : [];
      free = slots.filter((s) => s.slotId !== current?.slot_id);
    }
    this.picking.offer(free, nowIn(business.timezone));
    return true;
  }

  /** The starts of the staff member chosen, but the appointment's own; the staff offered are the service's. */
  private staffTimes(current: Appointment): Time[] {
    if (!this.staff || !this.managed) return [];
    const { all, times } = staffStarts(this.starts, this.staff, { current, managed: this.managed });
    this.staff.all = all;
    return times;
  }

  /** Another staff member for the move: that person's starts of the month shown. */
  private pickStaff(id: number): void {
    const current = this.managed?.appointment;
    if (!this.staff || !current || !this.managed) return;
    this.staff.chosen = id;
    this.picking.clear();
    this.alert = null;
    this.picking.offer(this.staffTimes(current), nowIn(this.managed.business.timezone));
    this.focusAfter = `[data-calendar-id="${id}"]`;
    this.render();
  }

  private async move(): Promise<void> {
    const chosen = this.picking.time;
    if (!this.api || !chosen || !this.managed || this.pending) return;
    this.pending = true;
    this.render();
    const answer = await this.api.call<Appointment>('POST', '/appointments/reschedule', {
      cancel_token: this.token,
      ...(chosen.slotId !== undefined
        ? { slot_id: chosen.slotId }
        : {
            date: chosen.date,
            start_time: chosen.start_time,
            calendar_id: chosen.calendar_id,
          }),
    });
    this.pending = false;
    if (answer.ok) {
      // A move may go to another staff member: the page names the new one.
      const moved = this.staff?.all.find((p) => p.id === answer.data.calendar_id);
      this.managed = {
        ...this.managed,
        appointment: answer.data,
        calendar_name: moved?.name ?? this.managed.calendar_name,
      };
      this.phase = 'shown';
      this.notice = this.t.rescheduled;
      this.picking.clear();
      this.focusAfter = '[data-notice]';
    } else {
      const t = this.t;
      const gone = ['APPOINTMENT_NOT_MANAGEABLE', 'APPOINTMENT_CANCELLED', 'CHANGE_TOO_LATE'].includes(
        answer.code ?? '',
      );
      const text =
        answer.code === 'ALREADY_AT_THIS_TIME'
          ? t.sameTime
          : gone
            ? (this.refusedText(answer) ?? t.failed)
            : answer.status === 409 || answer.status === 404
              ? t.full
              : answer.status === 429
                ? fill(t.limit, { seconds: answer.retryAfter || 60 })
                : t.failed;
      this.alert = { where: 'times', text };
      this.picking.time = null;
      await this.loadTimes();
      this.focusAfter = '[role="alert"]';
    }
    this.render();
  }

  protected render(): void {
    const t = this.t;
    const box = this.box();
    const topAlert = this.alertAt('top');
    const logo = this.managed?.business.logo_url;
    if (logo) box.append(h('img', { class: 'logo', src: logo, alt: this.managed?.business.name ?? '' }));
    box.append(h('h1', {}, t.myAppointment));
    if (this.phase === 'loading') box.append(h('p', { class: 'status', role: 'status' }, t.loading));
    if (topAlert) box.append(topAlert);
    if (this.managed && (this.phase === 'shown' || this.phase === 'picking')) {
      const locale = localeFor(this.language, this.managed.business.locale);
      box.append(renderDetails({ t, lang: this.language, locale }, this.managed));
      if (this.notice)
        box.append(
          h('p', { class: 'status done', role: 'status', 'data-notice': true, tabindex: '-1' }, this.notice),
        );
      const live =
        this.managed.appointment.status === 'confirmed' || this.managed.appointment.status === 'pending';
      if (live && this.phase === 'shown' && this.asking)
        box.append(
          renderCancelQuestion(t, this.pending, {
            yes: () => void this.cancel(),
            no: () => this.ask(false),
          }),
        );
      else if (live && this.phase === 'shown') {
        box.append(
          h(
            'div',
            { class: 'actions' },
            h(
              'button',
              {
                type: 'button',
                'data-action': 'reschedule',
                disabled: this.pending,
                onclick: () => void this.startPicking(),
              },
              t.reschedule,
            ),
            h(
              'button',
              {
                type: 'button',
                'data-action': 'cancel',
                disabled: this.pending,
                onclick: () => this.ask(true),
              },
              t.cancel,
            ),
          ),
        );
      }
      if (this.phase === 'picking') box.append(this.picker(this.managed.business.timezone));
    }
    this.show(box);
  }

  private picker(zone: string): HTMLElement {
    const t = this.t;
    const staff = this.staff ? renderStaff(t, { ...this.staff, onPick: (id) => this.pickStaff(id) }) : null;
    const wrap = h('div', {}, staff, this.times(zone, '[data-action="confirm-reschedule"]'));
    const chosen = this.picking.time;
    if (chosen) {
      const when = `${dayLabel(chosen.date, this.language)} ${hhmm(chosen.start_time)}`;
      wrap.append(
        h(
          'button',
          {
            type: 'button',
            class: 'primary',
            'data-action': 'confirm-reschedule',
            disabled: this.pending,
            onclick: () => void this.move(),
          },
          fill(t.moveTo, { when }),
        ),
      );
    }
    return wrap;
  }
}
