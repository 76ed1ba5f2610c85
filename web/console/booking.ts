/**
 * A new appointment for a walk-in or a phone call (service, staff or anyone, a time from availability, a
 * known client found by name or a new one), and the move of an appointment to another time.
 */
import { h } from '../embed/dom';
import { allAppointments, call, type Item, newIdempotencyKey } from './api';
import { addDays, todayIn } from './dates';
import { field, input, openDialog, refuse, select } from './dialog';
import type { Shell } from './state';
import { fillTimes, type Offer, offers } from './times';

interface Client {
  name: string;
  phone: string;
  email: string | null;
}

/** The clients of the business's appointments of about two months either side of today, by phone. */
async function knownClients(shell: Shell): Promise<Client[]> {
  const today = todayIn(shell.state.business.timezone);
  const byPhone = new Map<string, Client>();
  for (const [from, to] of [
    [addDays(today, -61), today],
    [addDays(today, 1), addDays(today, 62)],
  ] as const) {
    const answer = await allAppointments({ from, to });
    for (const item of answer.data)
      byPhone.set(item.client_phone, {
        name: item.client_name,
        phone: item.client_phone,
        email: item.client_email,
      });
  }
  return [...byPhone.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** The picker shared by both forms: service, staff (or anyone), date, and the times they allow. */
function timePicker(
  shell: Shell,
  start: { serviceId: number | null; calendarId: number | null; date: string },
) {
  const { state } = shell;
  const service = select(
    'service_id',
    [
      ...state.services.map((s): [string, string] => [String(s.id), `${s.name} (${s.duration} min)`]),
      ['', 'No service (one slot)'],
    ],
    start.serviceId === null ? '' : String(start.serviceId),
  );
  const staff = select(
    'calendar_id',
    [['', 'Anyone'], ...state.calendars.map((c): [string, string] => [String(c.id), c.name])],
    start.calendarId === null ? '' : String(start.calendarId),
  );
  const date = input('date', { type: 'date', value: start.date, required: true });
  const time = select('time', []);
  let list: Offer[] = [];
  const status = h('p', { role: 'status', 'aria-live': 'polite' });
  let asked = 0;
  const load = async () => {
    const mine = ++asked;
    status.textContent = 'Looking for free times…';
    time.removeAttribute('data-loaded');
    const found = await offers(state, {
      serviceId: service.value === '' ? null : Number(service.value),
      calendarId: staff.value === '' ? null : Number(staff.value),
      date: date.value,
    });
    // Only the latest question's answer is shown (a slower earlier one is dropped).
    if (mine !== asked) return;
    list = found.ok ? found.offers : [];
    fillTimes(time, list);
    // What the times are of (a stable hook): "<service id or none>|<calendar id or any>|<date>".
    time.setAttribute('data-loaded', `${service.value || 'none'}|${staff.value || 'any'}|${date.value}`);
    status.textContent = found.ok ? `${list.length} free times` : found.message;
  };
  for (const control of [service, staff, date]) control.addEventListener('change', () => void load());
  return {
    fields: [
      field('Service', service),
      field('Staff', staff),
      field('Date', date),
      field('Time', time),
      status,
    ],
    service,
    load,
    chosen: (): Offer | undefined => list[Number(time.value)],
  };
}

export function newAppointment(shell: Shell): void {
  const { state } = shell;
  const picker = timePicker(shell, {
    serviceId: state.services[0]?.id ?? null,
    calendarId: state.calendarId,
    date: state.date,
  });
  const name = input('client_name', { required: true, autocomplete: 'off' });
  const phone = input('client_phone', { type: 'tel', required: true });
  const email = input('client_email', { type: 'email' });
  const matches = h('ul', { 'aria-label': 'Known clients', 'data-known-clients': true });
  let clients: Client[] = [];
  // The known clients whose name holds what is typed: on each key, and again once the clients have come
  // (a name typed while they load is matched when they arrive).
  const showMatches = () => {
    const term = name.value.trim().toLowerCase();
    const found =
      term.length < 2 ? [] : clients.filter((c) => c.name.toLowerCase().includes(term)).slice(0, 5);
    matches.replaceChildren(
      ...found.map((client) =>
        h(
          'li',
          {},
          h(
            'button',
            {
              type: 'button',
              'data-client-phone': client.phone,
              onclick: () => {
                name.value = client.name;
                phone.value = client.phone;
                email.value = client.email ?? '';
                matches.replaceChildren();
              },
            },
            `${client.name} · ${client.phone}`,
          ),
        ),
      ),
    );
  };
  name.addEventListener('input', showMatches);
  void knownClients(shell).then((found) => {
    clients = found;
    showMatches();
  });
  const idempotencyKey = newIdempotencyKey();
  const submit = h('button', { type: 'submit' }, 'Book') as HTMLButtonElement;
  const form = h(
    'form',
    { 'data-form': 'new-appointment' },
    ...picker.fields,
    field('Client name (type to search known clients)', name),
    matches,
    field('Phone', phone),
    field('E-mail (optional)', email),
    submit,
  ) as HTMLFormElement;
  const modal = openDialog('New appointment', 'new', form);
  void picker.load();
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const offer = picker.chosen();
    if (!offer) return refuse(modal.status, 'Choose a free time first.');
    submit.disabled = true;
    const where =
      offer.slot_id !== undefined ? { slot_id: offer.slot_id } : { service_id: Number(picker.service.value) };
    const answer = await call<Item>(
      'POST',
      '/appointments',
      {
        ...where,
        date: offer.slot_id !== undefined ? undefined : offer.date,
        start_time: offer.slot_id !== undefined ? undefined : offer.start_time,
        calendar_id: offer.calendar_id,
        client_name: name.value.trim(),
        client_phone: phone.value.trim(),
        ...(email.value.trim() ? { client_email: email.value.trim() } : {}),
      },
      idempotencyKey,
    );
    submit.disabled = false;
    if (!answer.ok) return refuse(modal.status, answer.message);
    modal.close();
    shell.notify(
      `Booked ${name.value.trim()} at ${offer.start_time.slice(0, 5)} with ${offer.calendar_name}.`,
    );
    await shell.refresh();
  });
}

export function moveAppointment(shell: Shell, item: Item): void {
  const picker = timePicker(shell, {
    serviceId: item.service_id,
    calendarId: item.calendar_id,
    date: item.date,
  });
  // The appointment keeps its service: only staff, date and time change.
  picker.service.disabled = true;
  const submit = h('button', { type: 'submit' }, 'Move') as HTMLButtonElement;
  const form = h('form', { 'data-form': 'move' }, ...picker.fields, submit) as HTMLFormElement;
  const modal = openDialog(`Move ${item.client_name}'s appointment`, 'move', form);
  void picker.load();
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const offer = picker.chosen();
    if (!offer) return refuse(modal.status, 'Choose a free time first.');
    submit.disabled = true;
    const target =
      offer.slot_id !== undefined
        ? { slot_id: offer.slot_id, calendar_id: offer.calendar_id }
        : { date: offer.date, start_time: offer.start_time, calendar_id: offer.calendar_id };
    const answer = await call<Item>('POST', '/appointments/update', { appointment_id: item.id, ...target });
    submit.disabled = false;
    if (!answer.ok) return refuse(modal.status, answer.message);
    modal.close();
    shell.notify(`${item.client_name}'s appointment moved to ${offer.date} ${offer.start_time.slice(0, 5)}.`);
    await shell.refresh();
  });
}
