/**
 * console.js: the owner's console at /console (README, "The owner's console"), a thin client of the v2 API
 * with the session cookie: the sign-in form or link, then the schedule and the setup.
 */
import { adoptStyles } from '../embed/dom';
import { call, type Me } from './api';
import { startConsole } from './app';
import { signInForm, verifyLink } from './sign-in';
import { CONSOLE_CSS } from './styles';

adoptStyles(document, CONSOLE_CSS);

async function boot(): Promise<void> {
  const root = document.getElementById('console') ?? document.body;
  const showSignIn = (problem?: string): void => {
    if (location.pathname !== '/console/sign-in') history.replaceState(null, '', '/console/sign-in');
    root.replaceChildren(signInForm((me) => void startConsole(root, me, () => showSignIn()), problem));
  };
  const link = await verifyLink();
  if (link && 'error' in link) return showSignIn(link.error);
  let me: Me;
  if (link) me = link.me;
  else {
    const answer = await call<Me>('GET', '/me');
    if (!answer.ok)
      return showSignIn(answer.status === 401 || answer.status === 403 ? undefined : answer.message);
    me = answer.data;
  }
  await startConsole(root, me, () => showSignIn());
}

void boot();
// A sign-in link opened in the tab that shows the sign-in form changes only the fragment: no new page.
window.addEventListener('hashchange', () => {
  if (location.pathname === '/console/sign-in' && location.hash.length > 1) void boot();
});
