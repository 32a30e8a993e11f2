import { contactReasonLabel, defang } from '../../src/domain/ownerContact.js';
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

/**
 * A visitor's message to a vehicle's owner, relayed. What the visitor wrote is defanged (src/domain/ownerContact.ts):
 * it can become neither a link nor markup in any mail program. Nothing of the sender (no address) is in it.
 */
export function ownerMessageMail(message: { vehicle: string; reason: string; body: string; canReply: boolean; link: string }): { subject: string; text: string } {
  return {
    subject: `A message about your ${defang(message.vehicle)}`,
    text: [
      `Someone who scanned the tag on your ${defang(message.vehicle)} sent you a message through Tagbook.`,
      '',
      `Reason: ${contactReasonLabel(message.reason)}`,
      ...(message.body === '' ? [] : ['Message:', defang(message.body)]),
      '',
      message.canReply
        ? 'You can answer once, through Tagbook, without them seeing your address:'
        : 'They left no way to answer. Read it in Tagbook:',
      message.link,
      '',
      'Neither of you sees the other’s email address or phone number. To stop these messages, turn them off on the vehicle’s Messages page.',
    ].join('\n'),
  };
}

/** The owner's one answer, relayed to the address the sender left. No name, vehicle or address of the owner's. */
export function replyMail(reply: { tag: string; body: string }): { subject: string; text: string } {
  return {
    subject: 'An answer from the vehicle owner you wrote to',
    text: [
      `You wrote through Tagbook to the owner of the vehicle with tag ${reply.tag}. They answered:`,
      '',
      defang(reply.body),
      '',
      'This answer came through Tagbook: the owner does not see your address, and you do not see theirs. They can answer once.',
    ].join('\n'),
  };
}

/**
 * An owner is handing a vehicle to the address mailed. The names are the sender's own words (their display name,
 * the vehicle's name), defanged like any text a person chose: only the link is a link.
 */
export function transferMail(transfer: { from: string; vehicle: string; link: string; expiresOn: string }): { subject: string; text: string } {
  return {
    subject: `${defang(transfer.from)} is handing you their ${defang(transfer.vehicle)}`,
    text: [
      `${defang(transfer.from)} wants to transfer their vehicle “${defang(transfer.vehicle)}” to you on Tagbook, with its service history, odometer, track days, photos and tags.`,
      '',
      'Open this link to see it and accept. Sign in, or create an account, with this email address: it is the only one that can accept.',
      transfer.link,
      '',
      `The link works until ${transfer.expiresOn}. If you were not expecting this, ignore this mail: nothing changes unless you accept.`,
    ].join('\n'),
  };
}

/** A shop's link to a request's status, mailed to the vehicle's customer. Names are defanged; only the link is a link. */
export function statusLinkMail(l: { shop: string; vehicle: string; link: string }): { subject: string; text: string } {
  return {
    subject: `${defang(l.shop)}: follow the work on your ${defang(l.vehicle)}`,
    text: [
      `${defang(l.shop)} shares the progress of the work on your ${defang(l.vehicle)} with you. This page shows its status, schedule and photos, as they change, without an account:`,
      l.link,
      '',
      'The link keeps working for a while after the work is done. If you were not expecting this, ignore this mail.',
    ].join('\n'),
  };
}
