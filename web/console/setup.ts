/**
 * The business's setup (an owner's session only): settings, hours per staff member, closures, then the team
 * (setup-team.ts) and the access (setup-access.ts). Each change is a v2 route; the view is drawn again after.
 */
import { h } from '../embed/dom';
import { call } from './api';
import { hhmm } from './dates';
import { input, select } from './dialog';
import { accessSections } from './setup-access';
import { postButton, postForm, section, table } from './setup-parts';
import { teamSections } from './setup-team';
import type { Shell } from './state';

type Settings = Record<string, unknown>;
interface Hours {
  day_of_week: string;
  is_open: boolean;
  start_time1: string | null;
  end_time1: string | null;
  start_time2: string | null;
  end_time2: string | null;
}
interface Closure {
  date: string;
  name: string;
}

/** Settings that may be null: an empty field clears them. */
const NULLABLE = new Set(['cancel_url', 'name', 'address', 'locale', 'brand_color', 'logo_url']);

function settingsSection(shell: Shell, settings: Settings): HTMLElement {
  const fields: [string, HTMLInputElement, unknown][] = Object.entries(settings).map(([key, value]) => {
    const shown = Array.isArray(value) ? value.join(', ') : value === null ? '' : String(value);
    const control = input(key, { type: typeof value === 'number' ? 'number' : 'text', value: shown });
    return [key, control, value];
  });
  return section(
    'settings',
    'Settings',
    postForm(shell, {
      name: 'settings',
      fields: fields.map(([key, control]) => [key.replace(/_/g, ' '), control]),
      submit: 'Save settings',
      path: '/settings',
      body: () => {
        const changed: Settings = {};
        for (const [key, control, before] of fields) {
          const text = control.value.trim();
          const value = Array.isArray(before)
            ? text
                .split(',')
                .map((s) => s.trim())
                .filter(Boolean)
            : typeof before === 'number'
              ? Number(text)
              : text === '' && (NULLABLE.has(key) || before === null)
                ? null
                : text;
          if (JSON.stringify(value) !== JSON.stringify(before)) changed[key] = value;
        }
        return changed;
      },
      done: () => shell.refresh(),
    }),
  );
}

async function hoursTable(shell: Shell, calendarId: number | null): Promise<HTMLElement> {
  const answer = await call<Hours[]>('GET', '/opening-hours', { calendar_id: calendarId });
  if (!answer.ok) return h('p', { class: 'notice error' }, answer.message);
  const rows = answer.data.map((day) => {
    const open = h('input', { type: 'checkbox', name: 'is_open', checked: day.is_open }) as HTMLInputElement;
    const times = (['start_time1', 'end_time1', 'start_time2', 'end_time2'] as const).map(
      (name) =>
        h('input', {
          type: 'time',
          name,
          value: hhmm(day[name]),
          'aria-label': `${day.day_of_week} ${name.replace(/_/g, ' ')}`,
        }) as HTMLInputElement,
    );
    const save = h('button', { type: 'button', 'aria-label': `Save ${day.day_of_week}` }, 'Save');
    save.addEventListener('click', async () => {
      const body: Record<string, unknown> = { day_of_week: day.day_of_week, is_open: open.checked };
      if (calendarId !== null) body.calendar_id = calendarId;
      for (const time of times) if (time.value) body[time.name] = time.value;
      const saved = await call('POST', '/opening-hours/update', body);
      shell.notify(saved.ok ? `${day.day_of_week}: hours saved` : saved.message, !saved.ok);
    });
    return [
      day.day_of_week,
      h('label', {}, open, ' open'),
      h('span', {}, times[0] as HTMLElement, '–', times[1] as HTMLElement),
      h('span', {}, times[2] as HTMLElement, '–', times[3] as HTMLElement),
      save,
    ];
  });
  return table('Weekly hours', ['Day', 'Open', 'Morning', 'Afternoon', ''], rows);
}

async function hoursSection(shell: Shell): Promise<HTMLElement> {
  const whose = select('hours_of', [
    ['', 'The business (every staff member without hours of their own)'],
    ...shell.state.calendars.map((c): [string, string] => [String(c.id), c.name]),
  ]);
  whose.id = 'hours-of';
  const holder = h('div', {}, await hoursTable(shell, null));
  whose.addEventListener('change', async () => {
    holder.replaceChildren(await hoursTable(shell, whose.value === '' ? null : Number(whose.value)));
  });
  return section(
    'hours',
    'Hours per staff member',
    h('label', { for: 'hours-of' }, h('span', {}, 'Hours of'), whose),
    holder,
  );
}

function closuresSection(shell: Shell, closures: Closure[]): HTMLElement {
  const date = input('date', { type: 'date', required: true });
  const name = input('name', { required: true, maxlength: '100' });
  return section(
    'closures',
    'Closures',
    table(
      'Closures',
      ['Date', 'Name', ''],
      closures.map((c) => [
        c.date,
        c.name,
        postButton(shell, {
          text: 'Remove',
          label: `Remove the closure of ${c.date}`,
          path: '/closures/delete',
          body: { date: c.date },
        }),
      ]),
    ),
    h('h3', {}, 'Add a closure'),
    postForm(shell, {
      name: 'closure',
      fields: [
        ['Date', date],
        ['Name', name],
      ],
      submit: 'Add closure',
      path: '/closures',
      body: () => ({ date: date.value, name: name.value.trim() }),
      done: () => shell.refresh(),
    }),
  );
}

export async function setupView(shell: Shell): Promise<HTMLElement> {
  const [settings, closures] = await Promise.all([
    call<Settings>('GET', '/settings'),
    call<Closure[]>('GET', '/closures'),
  ]);
  return h(
    'div',
    { 'data-console-view': 'setup' },
    settings.ok ? settingsSection(shell, settings.data) : h('p', { class: 'notice error' }, settings.message),
    await hoursSection(shell),
    closuresSection(shell, closures.ok ? closures.data : []),
    ...(await teamSections(shell)),
    ...(await accessSections(shell)),
  );
}
