/** The team in the setup: services, staff members (the calendars) and the people who sign in. */
import { h } from '../embed/dom';
import { type Calendar, call, type Service } from './api';
import { input, select } from './dialog';
import { calendarChecks, postButton, postForm, section, table } from './setup-parts';
import type { Shell } from './state';

interface Person {
  email: string;
  role: 'owner' | 'staff';
  calendar_ids: number[];
}

function servicesSection(shell: Shell, services: Service[]): HTMLElement {
  const name = input('name', { required: true, maxlength: '100' });
  const duration = input('duration', { type: 'number', min: '5', max: '480', required: true, value: '30' });
  const price = input('price', { type: 'number', min: '0', step: '1' });
  const who = calendarChecks(shell, 'calendar_ids', 'Performed by');
  const names = (ids: number[]) =>
    ids.map((id) => shell.state.calendars.find((c) => c.id === id)?.name ?? `Staff ${id}`).join(', ');
  return section(
    'services',
    'Services',
    table(
      'Services',
      ['Service', 'Length', 'Price', 'Staff', ''],
      services.map((s) => [
        s.name,
        `${s.duration} min`,
        s.price === null || s.price === undefined ? '—' : `${(s.price / 100).toFixed(2)} ${s.currency ?? ''}`,
        names(s.calendar_ids),
        postButton(shell, {
          text: 'Delete',
          label: `Delete the service ${s.name}`,
          path: '/services/delete',
          body: { id: s.id },
        }),
      ]),
    ),
    h('h3', {}, 'Add a service'),
    postForm(shell, {
      name: 'service',
      fields: [
        ['Name', name],
        ['Length (minutes)', duration],
        ['Price in cents (optional)', price],
        ['', who.element],
      ],
      submit: 'Add service',
      path: '/services',
      body: () => ({
        name: name.value.trim(),
        duration: Number(duration.value),
        calendar_ids: who.values(),
        ...(price.value ? { price: Number(price.value) } : {}),
      }),
      done: () => shell.refresh(),
    }),
  );
}

function calendarsSection(shell: Shell, calendars: Calendar[]): HTMLElement {
  const name = input('name', { required: true, maxlength: '100' });
  return section(
    'calendars',
    'Staff members',
    table(
      'Staff members',
      ['Name', 'Active', ''],
      calendars.map((c) => [
        c.name,
        c.active ? 'yes' : 'no',
        postButton(shell, {
          text: c.active ? 'Deactivate' : 'Activate',
          label: `${c.active ? 'Deactivate' : 'Activate'} ${c.name}`,
          path: '/calendars/update',
          body: { id: c.id, active: !c.active },
        }),
      ]),
    ),
    h('h3', {}, 'Add a staff member'),
    postForm(shell, {
      name: 'calendar',
      fields: [['Name', name]],
      submit: 'Add staff member',
      path: '/calendars',
      body: () => ({ name: name.value.trim() }),
      done: () => location.reload(),
    }),
  );
}

function peopleSection(shell: Shell, people: Person[]): HTMLElement {
  const email = input('email', { type: 'email', required: true });
  const role = select('role', [
    ['staff', 'Staff: their own calendars'],
    ['owner', 'Owner: everything'],
  ]);
  const theirs = calendarChecks(shell, 'calendar_ids', 'Their calendars (staff)');
  const names = (ids: number[]) =>
    ids.map((id) => shell.state.calendars.find((c) => c.id === id)?.name ?? `Staff ${id}`).join(', ') || '—';
  return section(
    'staff',
    'People who sign in',
    table(
      'People who sign in',
      ['E-mail', 'Role', 'Calendars', ''],
      people.map((p) => [
        p.email,
        p.role,
        p.role === 'owner' ? 'all' : names(p.calendar_ids),
        p.email === shell.state.me.email
          ? 'you'
          : postButton(shell, {
              text: 'Remove',
              label: `Remove ${p.email}`,
              path: '/staff/delete',
              body: { email: p.email },
            }),
      ]),
    ),
    h('h3', {}, 'Add a person'),
    postForm(shell, {
      name: 'staff',
      fields: [
        ['E-mail address', email],
        ['Role', role],
        ['', theirs.element],
      ],
      submit: 'Add person',
      path: '/staff',
      body: () => ({
        email: email.value.trim(),
        role: role.value,
        calendar_ids: role.value === 'owner' ? [] : theirs.values(),
      }),
      done: () => shell.refresh(),
    }),
  );
}

export async function teamSections(shell: Shell): Promise<HTMLElement[]> {
  const [services, calendars, people] = await Promise.all([
    call<Service[]>('GET', '/services'),
    call<Calendar[]>('GET', '/calendars'),
    call<Person[]>('GET', '/staff'),
  ]);
  return [
    servicesSection(shell, services.ok ? services.data : []),
    calendarsSection(shell, calendars.ok ? calendars.data : []),
    peopleSection(shell, people.ok ? people.data : []),
  ];
}
