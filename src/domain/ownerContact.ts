import { isValidEmail } from './validation.js';

/**
 * Reaching a vehicle's owner through its tag (OwnerContactService): the reasons a visitor picks from, the limits that
 * keep the relay from being abused, and how what a stranger wrote is made safe to put in a mail. Pure: the form
 * (what it offers and stops) and the server (what it allows) share it.
 */

export const CONTACT_REASONS = [
  { value: 'lights', label: 'Your lights are on' },
  { value: 'blocking', label: 'Your vehicle is blocking the way' },
  { value: 'towing', label: 'Your vehicle is about to be towed' },
  { value: 'damage', label: 'Your vehicle has been hit or damaged' },
  { value: 'open', label: 'A window or door is open' },
  { value: 'found', label: 'I found something of yours' },
  { value: 'other', label: 'Something else' },
] as const;

export type ContactReason = (typeof CONTACT_REASONS)[number]['value'];

export function isContactReason(value: unknown): value is ContactReason {
  return CONTACT_REASONS.some((r) => r.value === value);
}

export function contactReasonLabel(reason: string | null | undefined): string {
  return CONTACT_REASONS.find((r) => r.value === reason)?.label ?? 'A message';
}

/**
 * How much may be sent. Per tag: a sticker in a busy car park must not become a pager. Per sender (the client's
 * network address): one person must not write to every tag. Per owner: however many tags and senders, an owner's
 * inbox stays readable. A reply goes once per message.
 */
export const CONTACT_LIMITS = {
  body: 500,
  reply: 1000,
  email: 254,
  perTagPerHour: 3,
  perTagPerDay: 10,
  perSenderPerHour: 5,
  perOwnerPerDay: 20,
} as const;

/** What the refusal says when a limit is reached: which one, and that it passes. */
export const CONTACT_REFUSALS = {
  noOwner: 'This tag has no owner to contact',
  off: "This vehicle's owner does not take messages through its tag",
  tag: 'This tag has had as many messages as it takes for now; try again later',
  sender: 'You have sent as many messages as you can for now; try again later',
  owner: 'This owner has had as many messages as they take for now; try again later',
} as const;

/** A message needs words when its reason says nothing by itself ('Something else'). */
export function messageProblem(reason: string, body: string): string | null {
  if (!isContactReason(reason)) return 'Pick a reason';
  if (body.length > CONTACT_LIMITS.body) return `Keep it under ${CONTACT_LIMITS.body} characters`;
  if (reason === 'other' && body.trim() === '') return 'Say what it is about';
  return null;
}

/**
 * What a stranger wrote, made inert for a plain-text mail: mail programs turn anything that looks like an address
 * into a link, so every dot with a non-blank character on both sides, every '@' and every '://' is broken up
 * ('example[.]com', 'name[at]example[.]com', 'https[:]//'). That is any dot inside a word in any script ('café.com',
 * 'пример.рф' are addresses too), and the full-width and ideographic dots that address parsers read as one
 * ('evil。example'). Control characters go; line breaks stay. Nothing in it can become a link or markup, whatever
 * the reader's mail program does with plain text.
 */
export function defang(text: string): string {
  return text
    .replace(/[\u0000-\u0009\u000b-\u001f\u007f\u200b-\u200f\u2028-\u202e\u2060-\u2064\ufeff]/g, '')
    .replace(/:\/\//g, '[:]//')
    .replace(/@/g, '[at]')
    .replace(/(?<=[^\s.\u3002\uff0e\uff61])[.\u3002\uff0e\uff61](?=[^\s.\u3002\uff0e\uff61])/g, '[.]')
    .replace(/</g, '‹')
    .replace(/>/g, '›');
}

/** Where an answer may reach the sender: an address as the app accepts any (validation.ts). */
export function isReplyAddress(value: string): boolean {
  return isValidEmail(value);
}

/**
 * Who a sender is, for the limits: their network address; for IPv6, its /64 network, since one connection commonly
 * holds a whole /64 and could otherwise take a fresh address per message.
 */
export function senderKey(address: string): string {
  if (!address.includes(':')) return address;
  const [head = '', tail] = address.toLowerCase().split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const groups = tail === undefined ? left : [...left, ...new Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}
