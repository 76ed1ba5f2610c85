/**
 * Signing in (docs/CONTRACT.md#staff-and-sessions): the form asks for a link by e-mail; the link
 * (`/console/sign-in#<token>`) is opened here, its token verified once, and the fragment dropped.
 */
import { h } from '../embed/dom';
import { call, type Me } from './api';
import { passkeySignIn } from './passkeys';

const ACCOUNT_KEY = 'console.account';

/** The sign-in link's token, when this page is one: verified, then the address bar shows /console. */
export async function verifyLink(): Promise<{ me: Me } | { error: string } | null> {
  const token = location.hash.slice(1);
  if (location.pathname !== '/console/sign-in' || token === '') return null;
  history.replaceState(null, '', '/console');
  const answer = await call<Me>('POST', '/sessions/verify', { token });
  if (answer.ok) {
    try {
      localStorage.setItem(ACCOUNT_KEY, answer.data.account);
    } catch {
      // Private mode: the account is typed again next time.
    }
    return { me: answer.data };
  }
  return {
    error:
      answer.status === 401
        ? 'This sign-in link has expired or was already used. Ask for a new one below.'
        : answer.message,
  };
}

const savedAccount = (): string => {
  const asked = new URLSearchParams(location.search).get('account');
  if (asked) return asked;
  try {
    return localStorage.getItem(ACCOUNT_KEY) ?? '';
  } catch {
    return '';
  }
};

/** The sign-in form: an e-mail address and the business's account; the link comes by e-mail. */
export function signInForm(signedIn: (me: Me) => void, problem?: string): HTMLElement {
  const status = h('p', { role: 'status', 'aria-live': 'polite' });
  if (problem) status.replaceChildren(h('span', { class: 'notice error' }, problem));
  const email = h('input', {
    id: 'sign-in-email',
    name: 'email',
    type: 'email',
    autocomplete: 'email',
    required: true,
  }) as HTMLInputElement;
  const account = h('input', {
    id: 'sign-in-account',
    name: 'account',
    autocomplete: 'organization',
    required: true,
    value: savedAccount(),
  }) as HTMLInputElement;
  const submit = h('button', { type: 'submit' }, 'E-mail me a sign-in link') as HTMLButtonElement;
  const form = h(
    'form',
    { 'data-sign-in': true, 'aria-labelledby': 'sign-in-title' },
    h('h1', { id: 'sign-in-title' }, 'Sign in to the console'),
    h('label', { for: 'sign-in-email' }, h('span', {}, 'E-mail address'), email),
    h('label', { for: 'sign-in-account' }, h('span', {}, 'Business account'), account),
    submit,
    status,
  ) as HTMLFormElement;
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    submit.disabled = true;
    const answer = await call('POST', '/sessions', {
      email: email.value.trim(),
      account: account.value.trim(),
    });
    submit.disabled = false;
    status.replaceChildren(
      answer.ok
        ? h(
            'span',
            { class: 'notice', 'data-link-sent': true },
            `If ${email.value.trim()} is a staff member of this account, a sign-in link is on its way. It works once, for 15 minutes.`,
          )
        : h('span', { class: 'notice error' }, answer.message),
    );
  });
  const passkey = passkeySignIn(signedIn, (text) =>
    status.replaceChildren(h('span', { class: 'notice error' }, text)),
  );
  return h(
    'div',
    { class: 'sign-in' },
    form,
    passkey ? h('p', {}, 'Or, after a first sign-in by link on this device: ', passkey) : null,
  );
}
