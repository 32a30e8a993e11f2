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

/**
 * A maintenance reminder has fallen due. What the owner wrote (title, vehicle name) goes in as plain text; the link
 * opens the vehicle's maintenance page. Days are written YYYY-MM-DD, which no reader misreads.
 */
export function reminderDueMail(due: {
  title: string; vehicle: string; dueOn: string | null; dueDistance: number | null; unit: string; link: string;
}): { subject: string; text: string } {
  const when = [
    due.dueOn === null ? null : `on ${due.dueOn}`,
    due.dueDistance === null ? null : `at ${due.dueDistance.toLocaleString('en-US')} ${due.unit}`,
  ].filter((part) => part !== null);
  return {
    subject: `Due: ${due.title} (${due.vehicle})`,
    text: [
      `“${due.title}” is due for ${due.vehicle}${when.length > 0 ? `: ${when.join(' or ')}, whichever comes first` : ''}.`,
      '',
      'Mark it done in Tagbook and the next one is scheduled:',
      due.link,
      '',
      'You get this mail once for each time the reminder falls due. To stop these mails, turn off email on the reminder.',
    ].join('\n'),
  };
}
