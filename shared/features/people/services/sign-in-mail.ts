/** The sign-in e-mail: the link and how long it works, in text and HTML. */
export function signInMail(link: string, account: string): { subject: string; text: string; html: string } {
  const escaped = link.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
  const name = account.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  return {
    subject: 'Your sign-in link',
    text: `Sign in to ${account}'s console:\n\n${link}\n\nThe link works once, for 15 minutes. If you did not ask for it, ignore this e-mail.\n`,
    html: `<p>Sign in to ${name}'s console:</p><p><a href="${escaped}">Sign in</a></p><p>The link works once, for 15 minutes. If you did not ask for it, ignore this e-mail.</p>`,
  };
}
