/**
 * Access in the setup: publishable keys (with the one line to paste on a site), webhooks (the secret shown
 * once) and the staff calendar feed's secret address.
 */
import { h } from '../embed/dom';
import { call } from './api';
import { input } from './dialog';
import { postButton, postForm, section, table } from './setup-parts';
import type { Shell } from './state';

interface Key {
  id: string;
  name: string;
  allowed_origins: string[];
  hosted_page?: boolean;
}
interface Hook {
  id: string;
  url: string;
  events: string[];
}
const EVENTS = ['appointment.created', 'appointment.updated', 'appointment.cancelled'];

/** The one line a site pastes to book there (README, "The booking widget"). */
export const embedLine = (key: string): string =>
  `<script src="${location.origin}/embed.js" async></script><booking-widget key="${key}"></booking-widget>`;

/** A secret shown once, in a read-only field with a button that copies it. */
function shownOnce(label: string, value: string, name: string): HTMLElement {
  const area = h('textarea', {
    class: 'embed',
    readonly: true,
    rows: '3',
    'aria-label': label,
    [`data-${name}`]: true,
  }) as HTMLTextAreaElement;
  area.value = value;
  const copy = h('button', { type: 'button' }, 'Copy');
  copy.addEventListener('click', async () => {
    area.select();
    await navigator.clipboard?.writeText(value).catch(() => undefined);
    copy.textContent = 'Copied';
  });
  return h('div', { class: 'notice' }, h('p', {}, `${label} (shown once):`), area, copy);
}

function keysSection(shell: Shell, keys: Key[], created: HTMLElement): HTMLElement {
  const name = input('name', { required: true, maxlength: '100' });
  const origins = input('allowed_origins', { required: true, placeholder: 'https://www.example.com' });
  const hosted = h('input', { type: 'checkbox', name: 'hosted_page' }) as HTMLInputElement;
  return section(
    'keys',
    'Publishable keys',
    table(
      'Publishable keys',
      ['Name', 'Sites', ''],
      keys.map((k) => [
        k.name,
        k.allowed_origins.join(', '),
        postButton(shell, {
          text: 'Delete',
          label: `Delete the key ${k.name}`,
          path: '/keys/delete',
          body: { id: k.id },
        }),
      ]),
    ),
    created,
    h('h3', {}, 'Add a key'),
    postForm<{ key: string }>(shell, {
      name: 'key',
      fields: [
        ['Name', name],
        ['Sites that may book (origins, comma-separated)', origins],
        ['Also a hosted booking page', hosted],
      ],
      submit: 'Add key',
      path: '/keys',
      body: () => ({
        name: name.value.trim(),
        allowed_origins: origins.value
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
        hosted_page: hosted.checked,
      }),
      done: (answer) => {
        created.replaceChildren(
          shownOnce('The line to paste on your site', embedLine(answer.data.key), 'embed-line'),
        );
      },
    }),
  );
}

function webhooksSection(shell: Shell, hooks: Hook[], created: HTMLElement): HTMLElement {
  const url = input('url', { type: 'url', required: true, placeholder: 'https://' });
  return section(
    'webhooks',
    'Webhooks',
    table(
      'Webhooks',
      ['Address', 'Events', ''],
      hooks.map((w) => [
        w.url,
        w.events.join(', '),
        postButton(shell, {
          text: 'Delete',
          label: `Delete the webhook to ${w.url}`,
          path: '/webhooks/delete',
          body: { id: w.id },
        }),
      ]),
    ),
    created,
    h('h3', {}, 'Add a webhook'),
    postForm<{ secret: string }>(shell, {
      name: 'webhook',
      fields: [['Address (https)', url]],
      submit: 'Add webhook',
      path: '/webhooks',
      body: () => ({ url: url.value.trim(), events: EVENTS }),
      done: (answer) => {
        created.replaceChildren(shownOnce('The signing secret', answer.data.secret, 'webhook-secret'));
      },
    }),
  );
}

async function feedSection(shell: Shell): Promise<HTMLElement> {
  const status = await call<{ exists: boolean; created_at: string | null }>('GET', '/calendar-feed');
  const shown = h('div', {});
  const make = h(
    'button',
    { type: 'button' },
    status.data?.exists ? 'Replace the address' : 'Make an address',
  );
  make.addEventListener('click', async () => {
    const answer = await call<{ url: string }>('POST', '/calendar-feed', {});
    if (!answer.ok) return shell.notify(answer.message, true);
    shown.replaceChildren(shownOnce('The address to subscribe to', answer.data.url, 'feed-url'));
  });
  return section(
    'feed',
    'Calendar feed',
    h(
      'p',
      {},
      status.data?.exists
        ? `A secret address exists since ${status.data.created_at}. Calendar applications subscribed to it see the appointments.`
        : 'No address yet: make one and subscribe your calendar application to it.',
    ),
    shown,
    h(
      'div',
      { class: 'bar' },
      make,
      status.data?.exists
        ? postButton(shell, {
            text: 'Stop the feed',
            label: 'Stop the calendar feed',
            path: '/calendar-feed/delete',
            body: {},
          })
        : null,
    ),
  );
}

export async function accessSections(shell: Shell): Promise<HTMLElement[]> {
  const [keys, hooks] = await Promise.all([call<Key[]>('GET', '/keys'), call<Hook[]>('GET', '/webhooks')]);
  return [
    keysSection(shell, keys.ok ? keys.data : [], h('div', {})),
    webhooksSection(shell, hooks.ok ? hooks.data : [], h('div', {})),
    await feedSection(shell),
  ];
}
