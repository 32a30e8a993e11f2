/** Mail texts. Plain text only: it renders everywhere and carries no tracking or remote content. */

export function recoveryMail(link: string): { subject: string; text: string } {
  return {
    subject: 'Reset your Tagbook password',
    text: [
      'Someone asked to reset the password of your Tagbook account.',
      '',
      'To choose a new password, open this link within one hour:',
      link,
      '',
      'The link works once. If you did not ask for it, ignore this mail: your password stays as it is.',
    ].join('\n'),
  };
}

export function signInMail(link: string): { subject: string; text: string } {
  return {
    subject: 'Your Tagbook sign-in link',
    text: [
      'Open this link within 15 minutes to sign in to Tagbook:',
      link,
      '',
      'The link works once. If you did not ask for it, ignore this mail: nobody can sign in without it.',
    ].join('\n'),
  };
}
