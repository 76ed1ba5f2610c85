/** The widget's form: the client's details for the picked time, and the button that books it. */
import { h, uid } from './dom';
import { dayLabel, fill, hhmm, type Lang, type Texts } from './i18n';
import type { Time } from './picker';
import type { Field } from './refusal';

/** What the form is built from; `values` is the widget's own record, which typing updates. */
export interface BookingForm {
  t: Texts;
  lang: Lang;
  /** The picked time. */
  slot: Time;
  values: Record<Field, string>;
  /** The widget's alert: said under its field when it is about one. */
  alert: { where: string; text: string } | null;
  /** The alert said above the button, if any. */
  submitAlert: HTMLElement | null;
  /** A booking is under way: the button waits. */
  pending: boolean;
  onSubmit: (event: Event) => void;
}

/** One input of the form. */
interface FieldInput {
  field: Field;
  label: string;
  type: string;
  autocomplete: string;
  required: boolean;
}

function input(form: BookingForm, { field, label, type, autocomplete, required }: FieldInput): HTMLElement {
  const { values, alert } = form;
  const id = uid(field);
  const errorId = `${id}-error`;
  const invalid = alert?.where === field;
  const element = h('input', {
    id,
    name: field,
    type,
    autocomplete,
    required,
    'aria-invalid': invalid ? 'true' : undefined,
    'aria-describedby': invalid ? errorId : undefined,
    oninput: (event: Event) => {
      values[field] = (event.target as HTMLInputElement).value;
    },
  }) as HTMLInputElement;
  element.value = values[field];
  return h(
    'div',
    {},
    h('label', { for: id }, label),
    element,
    invalid && alert ? h('p', { id: errorId, role: 'alert', class: 'alert' }, alert.text) : null,
  );
}

export function renderForm(form: BookingForm): HTMLElement {
  const { t, slot, pending } = form;
  const when = `${dayLabel(slot.date, form.lang)} ${hhmm(slot.start_time)}`;
  return h(
    'form',
    { novalidate: true, onsubmit: form.onSubmit },
    h(
      'fieldset',
      {},
      h('legend', {}, t.yourDetails),
      input(form, {
        field: 'client_name',
        label: t.name,
        type: 'text',
        autocomplete: 'name',
        required: true,
      }),
      input(form, {
        field: 'client_phone',
        label: t.phone,
        type: 'tel',
        autocomplete: 'tel',
        required: true,
      }),
      input(form, {
        field: 'client_email',
        label: t.email,
        type: 'email',
        autocomplete: 'email',
        required: false,
      }),
    ),
    form.submitAlert,
    h(
      'button',
      {
        type: 'submit',
        class: 'primary',
        disabled: pending,
        'aria-busy': pending ? 'true' : undefined,
      },
      pending ? t.booking : fill(t.book, { when }),
    ),
  );
}
