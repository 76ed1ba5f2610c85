/**
 * Time off for one staff member (POST /api/v2/time-off): a whole day, or from a time to a time; that
 * staff member's free slots in it close, the others' stay open. Shown on the views, removable there.
 */
import { h } from '../embed/dom';
import { call, type TimeOff } from './api';
import { field, input, openDialog, refuse, select } from './dialog';
import type { Shell } from './state';

export function addTimeOff(shell: Shell): void {
  const { state } = shell;
  const staff = select(
    'calendar_id',
    state.calendars.map((c): [string, string] => [String(c.id), c.name]),
    state.calendarId === null ? undefined : String(state.calendarId),
  );
  const date = input('date', { type: 'date', value: state.date, required: true });
  const from = input('start_time', { type: 'time', step: '60' });
  const to = input('end_time', { type: 'time', step: '60' });
  const name = input('name', { maxlength: '100' });
  const submit = h('button', { type: 'submit' }, 'Add time off') as HTMLButtonElement;
  const form = h(
    'form',
    { 'data-form': 'time-off' },
    field('Staff member', staff),
    field('Date', date),
    h('p', {}, 'Leave both times empty for the whole day.'),
    field('From', from),
    field('To (not included)', to),
    field('Reason (optional)', name),
    submit,
  ) as HTMLFormElement;
  const modal = openDialog('Time off', 'time-off', form);
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    submit.disabled = true;
    const answer = await call<TimeOff & { closed_slots: number; booked_appointments: number }>(
      'POST',
      '/time-off',
      {
        calendar_id: Number(staff.value),
        date: date.value,
        ...(from.value ? { start_time: from.value } : {}),
        ...(to.value ? { end_time: to.value } : {}),
        ...(name.value.trim() ? { name: name.value.trim() } : {}),
      },
    );
    submit.disabled = false;
    if (!answer.ok) return refuse(modal.status, answer.message);
    modal.close();
    const booked = answer.data.booked_appointments;
    shell.notify(
      `Time off added: ${answer.data.closed_slots} free times closed.${booked ? ` ${booked} appointments already booked in it stay: move or cancel them.` : ''}`,
    );
    await shell.refresh();
  });
}

export async function removeTimeOff(shell: Shell, off: TimeOff): Promise<void> {
  const answer = await call('POST', '/time-off/delete', { id: off.id });
  shell.notify(answer.ok ? 'Time off removed: its times are open again.' : answer.message, !answer.ok);
  if (answer.ok) await shell.refresh();
}
