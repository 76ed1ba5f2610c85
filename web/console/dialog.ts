/** A modal form in a native <dialog>: labelled by its heading, Escape and the Close button close it. */
import { h, uid } from '../embed/dom';

export interface Modal {
  dialog: HTMLDialogElement;
  /** The form's line for refusals and progress (a live region). */
  status: HTMLElement;
  close(): void;
}

export function openDialog(title: string, name: string, ...content: HTMLElement[]): Modal {
  const id = uid('dialog');
  const status = h('p', { role: 'status', 'aria-live': 'polite', 'data-form-status': true });
  const dialog = h(
    'dialog',
    { 'aria-labelledby': id, 'data-dialog': name },
    h('h2', { id }, title),
    ...content,
    status,
  ) as HTMLDialogElement;
  const close = () => {
    dialog.close();
    dialog.remove();
  };
  dialog.addEventListener('close', () => dialog.remove());
  dialog.append(h('div', { class: 'bar' }, h('button', { type: 'button', onclick: close }, 'Close')));
  document.body.append(dialog);
  dialog.showModal();
  return { dialog, status, close };
}

/** A refusal shown in a form's status line. */
export const refuse = (status: HTMLElement, text: string): void => {
  status.replaceChildren(h('span', { class: 'notice error' }, text));
};

/** A labelled field: the label's text above its control. */
export function field(text: string, control: HTMLElement): HTMLElement {
  const id = control.id || uid('field');
  control.id = id;
  return h('label', { for: id }, h('span', {}, text), control);
}

/** A select of options [value, text]; the value given first selected. */
export function select(name: string, options: [string, string][], selected?: string): HTMLSelectElement {
  const element = h('select', { name }) as HTMLSelectElement;
  for (const [value, text] of options)
    element.append(h('option', { value, selected: value === selected }, text));
  return element;
}

export const input = (name: string, attrs: Record<string, string | boolean> = {}): HTMLInputElement =>
  h('input', { name, ...attrs }) as HTMLInputElement;
