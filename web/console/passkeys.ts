/**
 * Passkeys in the console (docs/CONTRACT.md#passkeys): once signed in, a person adds one (the browser makes
 * it); signed out, the sign-in form offers to sign in with one instead of a link. @simplewebauthn/browser
 * speaks WebAuthn; the API checks and keeps only the public key.
 */
import { browserSupportsWebAuthn, startAuthentication, startRegistration } from '@simplewebauthn/browser';
import { h } from '../embed/dom';
import { call, type Me } from './api';

/** Why a passkey step did not end in a success, in words (the browser's own refusal, or the API's). */
const words = (error: unknown): string =>
  error instanceof Error && error.name === 'NotAllowedError'
    ? 'The passkey was not used (cancelled or timed out).'
    : error instanceof Error
      ? error.message
      : 'The passkey could not be used.';

/** "Add a passkey" for the signed-in person; null where the browser has no WebAuthn. */
export function addPasskeyButton(notify: (text: string, error?: boolean) => void): HTMLElement | null {
  if (!browserSupportsWebAuthn()) return null;
  const button = h(
    'button',
    { type: 'button', 'data-action': 'add-passkey' },
    'Add a passkey',
  ) as HTMLButtonElement;
  button.addEventListener('click', async () => {
    button.disabled = true;
    try {
      const options = await call<Parameters<typeof startRegistration>[0]['optionsJSON']>(
        'POST',
        '/passkeys/options',
        {},
      );
      if (!options.ok) return notify(options.message, true);
      const response = await startRegistration({ optionsJSON: options.data });
      const added = await call('POST', '/passkeys', { response, name: 'Console' });
      notify(added.ok ? 'Passkey added: next time, sign in with it.' : added.message, !added.ok);
    } catch (error) {
      notify(words(error), true);
    } finally {
      button.disabled = false;
    }
  });
  return button;
}

/** "Sign in with a passkey" on the sign-in form; null where the browser has no WebAuthn. */
export function passkeySignIn(done: (me: Me) => void, say: (text: string) => void): HTMLElement | null {
  if (!browserSupportsWebAuthn()) return null;
  const button = h(
    'button',
    { type: 'button', 'data-action': 'passkey-sign-in' },
    'Sign in with a passkey',
  ) as HTMLButtonElement;
  button.addEventListener('click', async () => {
    button.disabled = true;
    try {
      const options = await call<Parameters<typeof startAuthentication>[0]['optionsJSON']>(
        'POST',
        '/sessions/passkey/options',
        {},
      );
      if (!options.ok) return say(options.message);
      const response = await startAuthentication({ optionsJSON: options.data });
      const signedIn = await call<Me>('POST', '/sessions/passkey', { response });
      if (signedIn.ok) done(signedIn.data);
      else say(signedIn.message);
    } catch (error) {
      say(words(error));
    } finally {
      button.disabled = false;
    }
  });
  return button;
}
