/**
 * What the widget and the manage page are alike in: an open shadow root the host page's CSS cannot reach,
 * with the widget's styles; a language; an alert; the free times to pick from; and where the focus goes
 * once the next view is shown.
 */
import { adoptStyles, h } from './dom';
import { type Lang, TEXTS } from './i18n';
import { Picking } from './picker';
import { WIDGET_CSS } from './styles';

export abstract class EmbedElement<Where extends string = never> extends HTMLElement {
  protected readonly root: ShadowRoot;
  /** What went wrong, and where in the view it is said: on top, with the times, or where the element says. */
  protected alert: { where: 'top' | 'times' | Where; text: string } | null = null;
  protected readonly picking = new Picking();
  protected language: Lang = 'en';
  /** A selector: what takes the focus when the next view is shown. */
  protected focusAfter: string | null = null;

  constructor() {
    super();
    this.root = this.attachShadow({ mode: 'open' });
    adoptStyles(this.root, WIDGET_CSS);
  }

  protected get t() {
    return TEXTS[this.language];
  }

  /** The box a view is built in, in the element's language. */
  protected box(): HTMLElement {
    return h('div', { class: 'box', part: 'box', lang: this.language });
  }

  /** Builds the view anew from the element's state, and shows it. */
  protected abstract render(): void;

  /**
   * Loads the free times of the picker's month (`this.picking.range()`) and offers them: true, or false when
   * a later load was asked meanwhile (its times are the ones shown, and its caller renders them).
   */
  protected abstract loadTimes(): Promise<boolean>;

  private timesAsked = 0;
  /**
   * Numbers a load of times, so that only the latest is shown: a visitor who picks a service, then a
   * person, then another month quicker than the answers come must never see an earlier choice's times
   * (they would be offered under the person chosen since).
   */
  protected askTimes(): () => boolean {
    const asked = ++this.timesAsked;
    return () => asked === this.timesAsked;
  }

  /**
   * Opens the picker at the first month with a free time, looking at most three months on (a window that
   * starts at a month's end shows its next month, not an empty one).
   */
  protected async openAtFreeMonth(): Promise<boolean> {
    for (let tries = 0; tries < 3 && this.picking.times.length === 0 && this.picking.nextMonth(); tries++)
      if (!(await this.loadTimes())) return false;
    return true;
  }

  private brandSheet: CSSStyleSheet | null = null;
  /**
   * The business's brand colour as the accent, unless the host page sets `--booking-accent` (checked
   * again here: `#rrggbb` only). A constructed sheet: the pages' CSP allows no inline style.
   */
  protected applyBrand(color: string | null | undefined): void {
    const css = color && /^#[0-9a-fA-F]{6}$/.test(color) ? `:host { --booking-brand: ${color}; }` : '';
    if (!('adoptedStyleSheets' in this.root) || typeof CSSStyleSheet !== 'function') return;
    if (!this.brandSheet) {
      this.brandSheet = new CSSStyleSheet();
      this.root.adoptedStyleSheets = [...this.root.adoptedStyleSheets, this.brandSheet];
    }
    this.brandSheet.replaceSync(css);
  }

  /** The alert, as a line, when it is to be said `where`. */
  protected alertAt(where: 'top' | Where): HTMLElement | null {
    return this.alert?.where === where ? h('p', { role: 'alert', class: 'alert' }, this.alert.text) : null;
  }

  /**
   * The free times to pick from, in `zone`, with the alert that is said with them. A pick clears the
   * alert and shows the next view, the focus on the day's times or, for a time, on `focusOnTime`.
   */
  protected times(zone: string, focusOnTime: string): HTMLElement {
    return this.picking.render({
      lang: this.language,
      zone,
      alert: this.alert?.where === 'times' ? this.alert.text : null,
      focusOnTime,
      picked: (focus) => {
        this.alert = null;
        this.focusAfter = focus;
        this.render();
      },
      monthPicked: (focus) => {
        this.alert = null;
        void this.loadTimes().then((shown) => {
          if (!shown) return;
          this.focusAfter = focus;
          this.render();
        });
      },
    });
  }

  /** Shows `box` in place of the last view, then focuses what focusAfter selects. */
  protected show(box: HTMLElement): void {
    this.root.replaceChildren(box);
    if (this.focusAfter) {
      (this.root.querySelector(this.focusAfter) as HTMLElement | null)?.focus();
      this.focusAfter = null;
    }
  }
}
