/**
 * <booking-widget key="pk_…" [lang] [service] [calendar]>: a business's clients pick a day and a time of
 * the free slots and book, in an open shadow root the host page's CSS cannot reach.
 */
import {
  type Answer,
  Api,
  type Appointment,
  type Business,
  type BusinessPage,
  type Calendar,
  newIdempotencyKey,
  nowIn,
  type Service,
} from './api';
import { renderForm } from './booking-form';
import { renderChoices, type Staff } from './choices';
import { renderConfirmation } from './confirmation';
import { h } from './dom';
import { EmbedElement } from './element';
import { langOf, localeFor, priceLabel } from './i18n';
import { freeSlots, serviceStarts, slotTimes, startTime, type Time } from './picker';
import { FIELD_OF, type Field, refusal } from './refusal';

type Phase = 'loading' | 'pick' | 'confirmed' | 'broken';

export class BookingWidget extends EmbedElement<'submit' | Field> {
  static observedAttributes = ['key', 'lang'];
  static apiBase = '';

  private api: Api | null = null;
  private business: Business | null = null;
  private phase: Phase = 'loading';
  /** With services (issue 29): the services, the calendars, and the visitor's choices ('any' for anyone). */
  private services: Service[] = [];
  private calendars: Calendar[] = [];
  private service: Service | null = null;
  private staff: Staff = 'any';
  private values: Record<Field, string> = { client_name: '', client_phone: '', client_email: '' };
  private pending: string | null = null;
  private booked: Appointment | null = null;

  connectedCallback(): void {
    void this.start();
  }

  attributeChangedCallback(name: string, before: string | null, after: string | null): void {
    if (before !== null && before !== after && this.isConnected) void this.start();
    if (name === 'lang') {
      this.language = langOf(after) ?? this.business?.language ?? 'en';
      this.render();
    }
  }

  private async start(): Promise<void> {
    const key = this.getAttribute('key') ?? '';
    // Until the business answers (or when it refuses: a wrong origin), the words of the page's language.
    this.language = langOf(this.getAttribute('lang')) ?? langOf(document.documentElement.lang) ?? 'en';
    this.phase = 'loading';
    this.render();
    this.api = new Api(this.getAttribute('api') ?? BookingWidget.apiBase, key);
    const answer = await this.api.call<BusinessPage>('GET', '/business');
    if (!answer.ok) {
      this.phase = 'broken';
      this.alert = { where: 'top', text: this.refusal(answer) };
      this.render();
      return;
    }
    this.business = answer.data;
    this.language = langOf(this.getAttribute('lang')) ?? answer.data.language;
    this.applyBrand(answer.data.brand_color);
    this.picking.setWindow(answer.data.timezone, answer.data.max_days_ahead);
    if (answer.data.has_services) await this.loadServices();
    await this.loadTimes();
    // With services, the month opens once a service is chosen.
    if (this.services.length === 0 || this.service) await this.openAtFreeMonth();
    this.phase = 'pick';
    this.render();
  }

  /** The services and calendars; the `service` and `calendar` attributes choose for the visitor. */
  private async loadServices(): Promise<void> {
    if (!this.api) return;
    const [services, calendars] = await Promise.all([
      this.api.call<Service[]>('GET', '/services'),
      this.api.call<Calendar[]>('GET', '/calendars'),
    ]);
    this.services = services.ok ? services.data : [];
    this.calendars = calendars.ok ? calendars.data.filter((c) => c.active) : [];
    const wanted = Number(this.getAttribute('service'));
    this.service =
      this.services.find((s) => s.id === wanted) ??
      (this.services.length === 1 ? (this.services[0] ?? null) : null);
    const calendar = Number(this.getAttribute('calendar'));
    this.staff = this.calendars.some((c) => c.id === calendar) ? calendar : 'any';
  }

  /**
   * The free times of the month shown: of the chosen service (and person) with services, else the default
   * calendar's slots.
   */
  protected async loadTimes(): Promise<boolean> {
    if (!this.api || !this.business) return true;
    const latest = this.askTimes();
    const zone = this.business.timezone;
    let times: Time[] = [];
    if (this.services.length > 0) {
      if (!this.service) {
        this.picking.times = [];
        return true;
      }
      const staff = this.staff === 'any' ? undefined : this.staff;
      const answer = await serviceStarts(this.api, this.picking.range(), this.service.id, staff);
      if (!latest()) return false;
      if (!answer.ok) this.alert = { where: 'top', text: this.refusal(answer) };
      const seen = new Set<string>();
      for (const start of answer.ok ? answer.data : []) {
        // With anyone, one button per start: the API picks the person when it books.
        const key =
          this.staff === 'any'
            ? `${start.date} ${start.start_time}`
            : `${start.date} ${start.start_time} ${start.calendar_id}`;
        if (seen.has(key)) continue;
        seen.add(key);
        times.push(startTime(start, key));
      }
    } else {
      const answer = await freeSlots(this.api, this.picking.range());
      if (!latest()) return false;
      if (!answer.ok) this.alert = { where: 'top', text: this.refusal(answer) };
      times = answer.ok ? slotTimes(answer.data, this.business.default_calendar_id) : [];
    }
    this.picking.offer(times, nowIn(zone));
    return true;
  }

  /** The service and person choices (with services only), with their hooks. */
  private choices(): HTMLElement | null {
    if (this.services.length === 0) return null;
    const pick = async (change: () => void) => {
      change();
      this.picking.clear();
      this.alert = null;
      // A later pick (the visitor clicks faster than the answers come) shows its own times.
      if (!(await this.loadTimes()) || !(await this.openAtFreeMonth())) return;
      this.focusAfter = '[data-day]';
      this.render();
    };
    return renderChoices({
      t: this.t,
      services: this.services,
      calendars: this.calendars,
      service: this.service,
      staff: this.staff,
      locale: this.locale,
      onService: (s) =>
        void pick(() => {
          this.service = s;
        }),
      onStaff: (staff) =>
        void pick(() => {
          this.staff = staff;
        }),
    });
  }

  /** The locale of prices and dates: the business's when it speaks the widget's language. */
  private get locale(): string {
    return localeFor(this.language, this.business?.locale);
  }

  /** What the confirmation says was booked: the service with its price, and who performs it. */
  private bookedParts(booked: Appointment) {
    const service = this.service;
    const staff = this.calendars.find((c) => c.id === booked.calendar_id)?.name;
    return {
      service: service
        ? {
            name: service.name,
            price: service.price === null ? null : priceLabel(service.price, service.currency, this.locale),
          }
        : undefined,
      // The person is named when the business has staff to choose from.
      staff: this.calendars.length > 1 ? staff : undefined,
    };
  }

  /** The business's logo on top of the widget, but on the API's hosted page (its heading shows it). */
  private logo(): HTMLElement | null {
    const url = this.business?.logo_url;
    if (!url || document.querySelector('meta[name="booking-page"]')) return null;
    return h('img', { class: 'logo', src: url, alt: this.business?.name ?? '' });
  }

  /** A refusal in words, from its status and code (refusal.ts). */
  private refusal(answer: Answer<unknown>): string {
    return refusal(this.t, answer);
  }

  private async submit(event: Event): Promise<void> {
    event.preventDefault();
    const chosen = this.picking.time;
    if (!this.api || !chosen || this.pending) return;
    // One key per attempt: a double click, or a retry of the same request, books once.
    this.pending = newIdempotencyKey();
    this.alert = null;
    this.render();
    const body = {
      client_name: this.values.client_name,
      client_phone: this.values.client_phone,
      ...(chosen.slotId !== undefined
        ? { slot_id: chosen.slotId }
        : {
            service_id: this.service?.id,
            date: chosen.date,
            start_time: chosen.start_time,
            ...(this.staff === 'any' ? {} : { calendar_id: this.staff }),
          }),
      ...(this.values.client_email.trim() ? { client_email: this.values.client_email } : {}),
    };
    const answer = await this.api.call<Appointment>('POST', '/appointments', body, this.pending);
    this.pending = null;
    if (answer.ok) {
      this.booked = answer.data;
      this.phase = 'confirmed';
      this.focusAfter = '[data-confirmed]';
      this.render();
      this.dispatchEvent(
        new CustomEvent('booking-confirmed', { detail: { id: answer.data.id }, bubbles: true }),
      );
      return;
    }
    const text = this.refusal(answer);
    const field = answer.code ? FIELD_OF[answer.code] : undefined;
    if (answer.status === 400 && field) {
      this.alert = { where: field, text };
      this.focusAfter = `[name="${field}"]`;
    } else if (answer.status === 409 || answer.status === 404) {
      // The time was taken (or closed) meanwhile: the free times are shown again.
      this.alert = { where: 'times', text };
      this.picking.time = null;
      await this.loadTimes();
      this.focusAfter = '[role="alert"]';
    } else {
      this.alert = { where: 'submit', text };
    }
    this.render();
  }

  protected render(): void {
    const t = this.t;
    const box = this.box();
    const topAlert = this.alertAt('top');
    if (this.phase === 'loading') box.append(h('p', { class: 'status', role: 'status' }, t.loading));
    if (this.phase === 'broken') box.append(topAlert ?? '');
    if (this.phase === 'confirmed' && this.booked && this.business)
      box.append(
        renderConfirmation({
          t,
          lang: this.language,
          appointment: this.booked,
          timezone: this.business.timezone,
          base: this.api?.base ?? '',
          business: this.business.name,
          ...this.bookedParts(this.booked),
        }),
      );
    const logo = this.phase === 'broken' ? null : this.logo();
    if (logo) box.prepend(logo);
    if (this.phase === 'pick' && this.business) {
      if (topAlert) box.append(topAlert);
      const choices = this.choices();
      if (choices) box.append(choices);
      if (this.services.length === 0 || this.service)
        box.append(this.times(this.business.timezone, '[name="client_name"]'));
      if (this.picking.time)
        box.append(
          renderForm({
            t,
            lang: this.language,
            slot: this.picking.time,
            values: this.values,
            alert: this.alert,
            submitAlert: this.alertAt('submit'),
            pending: this.pending !== null,
            onSubmit: (event) => void this.submit(event),
          }),
        );
    }
    this.show(box);
  }
}
