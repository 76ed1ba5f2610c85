/** The pieces the setup's sections are made of: a section, a form that posts, a table of rows. */
import { h, uid } from '../embed/dom';
import { type Answer, call } from './api';
import { field } from './dialog';
import type { Shell } from './state';

export function section(name: string, title: string, ...content: (HTMLElement | null)[]): HTMLElement {
  const id = uid('setup');
  return h(
    'section',
    { class: 'setup', 'data-setup': name, 'aria-labelledby': id },
    h('h2', { id }, title),
    ...content,
  );
}

/** A form whose submit posts what `body` makes; on success `done` gets the answer, else its refusal is said. */
export function postForm<T>(
  shell: Shell,
  spec: {
    name: string;
    fields: [string, HTMLElement][];
    submit: string;
    path: string;
    body: () => object;
    done: (answer: Answer<T>) => void | Promise<void>;
  },
): HTMLElement {
  const status = h('p', { role: 'status', 'aria-live': 'polite' });
  const button = h('button', { type: 'submit' }, spec.submit) as HTMLButtonElement;
  const form = h(
    'form',
    { 'data-form': spec.name },
    // A field without a label's text is a group that names itself (a fieldset and its legend).
    ...spec.fields.map(([text, control]) => (text === '' ? control : field(text, control))),
    button,
    status,
  ) as HTMLFormElement;
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    button.disabled = true;
    const answer = await call<T>('POST', spec.path, spec.body());
    button.disabled = false;
    if (!answer.ok) {
      status.replaceChildren(h('span', { class: 'notice error' }, answer.message));
      return;
    }
    status.replaceChildren();
    shell.notify(answer.message);
    await spec.done(answer);
  });
  return form;
}

/** A table: its caption, column heads and rows of cells (text or elements). */
export function table(caption: string, heads: string[], rows: (string | HTMLElement)[][]): HTMLElement {
  if (rows.length === 0) return h('p', { class: 'empty' }, `${caption}: none yet`);
  return h(
    'table',
    {},
    h('caption', { class: 'visually-hidden' }, caption),
    h('thead', {}, h('tr', {}, ...heads.map((text) => h('th', { scope: 'col' }, text)))),
    h('tbody', {}, ...rows.map((cells) => h('tr', {}, ...cells.map((cell) => h('td', {}, cell))))),
  );
}

/** A button that posts `body` to `path`, then redraws the setup (a removal). */
export function postButton(
  shell: Shell,
  button: { text: string; label: string; path: string; body: object },
): HTMLElement {
  const { text, label, path, body } = button;
  return h(
    'button',
    {
      type: 'button',
      'aria-label': label,
      onclick: async () => {
        const answer = await call('POST', path, body);
        shell.notify(answer.message, !answer.ok);
        if (answer.ok) await shell.refresh();
      },
    },
    text,
  );
}

/** Checkboxes of the staff members (calendars), for a service's or a person's calendars. */
export function calendarChecks(
  shell: Shell,
  name: string,
  legend: string,
  checked: number[] = [],
): {
  element: HTMLElement;
  values: () => number[];
} {
  const boxes = shell.state.calendars.map((c) => {
    const box = h('input', {
      type: 'checkbox',
      name,
      value: c.id,
      checked: checked.includes(c.id),
    }) as HTMLInputElement;
    return { box, label: h('label', {}, box, ` ${c.name}`) };
  });
  return {
    element: h('fieldset', {}, h('legend', {}, legend), ...boxes.map((b) => b.label)),
    values: () => boxes.filter((b) => b.box.checked).map((b) => Number(b.box.value)),
  };
}
