/**
 * <booking-manage>: the manage page's element. It reads the cancel token from the fragment (`#<token>`,
 * which no request carries), shows the appointment and offers to cancel it or move it to a free time.
 */
import { Api, type Appointment, type Business, type Managed, nowIn } from './api';
import { h } from './dom';
import { EmbedElement } from './element';
import { dayLabel, fill, hhmm, langOf } from './i18n';
import { freeSlots, serviceStarts, slotTimes, startTime, type Time } from './picker';

type Phase = 'loading' | 'shown' | 'picking' | 'broken';

export class ManagePage extends EmbedElement {
  static apiBase = '';

  private api: Api | null = null;
  private token = '';
  private phase: Phase = 'loading';
  private managed: Managed | null = null;
  private notice: string | null = null;
  private pending = false;

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
    document.title = `${this.t.myAppointment}${answer.data.business.name ? ` · ${answer.data.business.name}` : ''}`;
    this.phase = 'shown';
    this.render();
  }

  /** The page's words for a link that no longer opens its appointment: unknown, cancelled, started or over. */
  private refusedText(answer: { status: number; code: string | null }): string | null {
    if (answer.code === 'APPOINTMENT_NOT_MANAGEABLE') return this.t.notManageable;
    if (answer.code === 'APPOINTMENT_CANCELLED') return this.t.alreadyCancelled;
    return answer.status === 401 || answer.status === 404 ? this.t.unknownToken : null;
  }

  private broken(text: string): void {
    this.phase = 'broken';
    this.alert = { where: 'top', text };
    this.render();
  }

  private async cancel(): Promise<void> {
    if (!this.api || this.pending) return;
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
      const text = answer.code === 'APPOINTMENT_NOT_MANAGEABLE' ? this.t.notManageable : null;
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
    await this.loadSlots(this.managed.business);
    this.phase = 'picking';
    this.notice = null;
    this.alert = null;
    this.focusAfter = '[data-day]';
    this.render();
  }

  private async loadSlots(business: Business): Promise<void> {
    if (!this.api) return;
    const current = this.managed?.appointment;
    let free: Time[];
    if (current?.service_id !== undefined) {
      // A service's appointment moves to a start where the whole service fits, with the same person.
      const answer = await serviceStarts(
        this.api,
        business.timezone,
        current.service_id,
        current.calendar_id,
      );
      free = (answer.ok ? answer.data : [])
        .filter((s) => !(s.date === current.date && s.start_time === current.start_time))
        .map((s) => startTime(s, `${s.date} ${s.start_time} ${s.calendar_id}`));
    } else {
      const answer = await freeSlots(this.api, business.timezone);
      free = (answer.ok ? slotTimes(answer.data, business.default_calendar_id) : []).filter(
        (s) => s.slotId !== current?.slot_id,
      );
    }
    this.picking.offer(free, nowIn(business.timezone));
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
      this.managed = { ...this.managed, appointment: answer.data };
      this.phase = 'shown';
      this.notice = this.t.rescheduled;
      this.picking.clear();
      this.focusAfter = '[data-notice]';
    } else {
      const t = this.t;
      const gone = answer.code === 'APPOINTMENT_NOT_MANAGEABLE' || answer.code === 'APPOINTMENT_CANCELLED';
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
      await this.loadSlots(this.managed.business);
      this.focusAfter = '[role="alert"]';
    }
    this.render();
  }

  protected render(): void {
    const t = this.t;
    const box = this.box();
    const topAlert = this.alertAt('top');
    box.append(h('h1', {}, t.myAppointment));
    if (this.phase === 'loading') box.append(h('p', { class: 'status', role: 'status' }, t.loading));
    if (topAlert) box.append(topAlert);
    if (this.managed && (this.phase === 'shown' || this.phase === 'picking')) {
      box.append(this.details(this.managed));
      if (this.notice)
        box.append(
          h('p', { class: 'status done', role: 'status', 'data-notice': true, tabindex: '-1' }, this.notice),
        );
      const live =
        this.managed.appointment.status === 'confirmed' || this.managed.appointment.status === 'pending';
      if (live && this.phase === 'shown') {
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
                onclick: () => void this.cancel(),
              },
              t.cancel,
            ),
          ),
        );
      }
      if (this.phase === 'picking') box.append(this.picker(this.managed.business));
    }
    this.show(box);
  }

  private details(m: Managed): HTMLElement {
    const t = this.t;
    const a = m.appointment;
    const statusText = (t as Record<string, string>)[`status_${a.status}`] ?? a.status;
    const row = (term: string, value: string, attrs: Record<string, string | number> = {}) => [
      h('dt', {}, term),
      h('dd', attrs, value),
    ];
    return h(
      'dl',
      { 'data-appointment-id': a.id },
      ...(m.business.name ? row(t.business, m.business.name) : []),
      ...(m.calendar_name ? row(t.staff, m.calendar_name) : []),
      ...row(t.date, dayLabel(a.date, this.language, true), { 'data-date': a.date }),
      ...row(t.time, `${hhmm(a.start_time)}–${hhmm(a.end_time)} (${m.business.timezone})`, {
        'data-time': hhmm(a.start_time),
      }),
      ...row(t.status, statusText, { 'data-status': a.status }),
    );
  }

  private picker(business: Business): HTMLElement {
    const t = this.t;
    const wrap = h('div', {}, this.times(business.timezone, '[data-action="confirm-reschedule"]'));
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
