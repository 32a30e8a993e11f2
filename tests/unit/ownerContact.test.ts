import { describe, expect, it } from 'vitest';
import {
  CONTACT_LIMITS,
  CONTACT_REASONS,
  contactReasonLabel,
  senderKey,
  defang,
  isContactReason,
  isReplyAddress,
  messageProblem,
} from '../../src/domain/ownerContact.js';

/**
 * What a mail program could make a link of: a scheme, an '@', a dot (or what address parsers read as one) between
 * two non-blank characters other than defang's own '[.]', markup.
 */
function inert(text: string): void {
  expect(text).not.toContain('://');
  expect(text).not.toContain('@');
  expect(text.replaceAll('[.]', ' ')).not.toMatch(/[^\s.\u3002\uff0e\uff61][.\u3002\uff0e\uff61][^\s.\u3002\uff0e\uff61]/);
  expect(text).not.toMatch(/[<>]/);
}

describe('defang', () => {
  it('breaks schemes, addresses and dotted names, and turns markup into look-alike quotes', () => {
    expect(defang('https://evil.example/x')).toBe('https[:]//evil[.]example/x');
    expect(defang('mail me at a@b.co')).toBe('mail me at a[at]b[.]co');
    expect(defang('www.evil.example')).toBe('www[.]evil[.]example');
    expect(defang('<a href="https://evil.example/x">click</a>')).toBe('‹a href="https[:]//evil[.]example/x"›click‹/a›');
    inert(defang('<a href="https://evil.example/x">click</a> mail me at a@b.co'));
  });

  it('leaves prose alone: a full stop before a blank, an ellipsis, line breaks', () => {
    expect(defang('Your lights are on. Parked by the gate...\nThanks!')).toBe('Your lights are on. Parked by the gate...\nThanks!');
    expect(defang('')).toBe('');
  });

  it('drops control, zero-width and direction characters, which could hide a name or reverse the text', () => {
    expect(defang('a\u0007b\u0000c')).toBe('abc');
    expect(defang('evil\u200b.example')).toBe('evil[.]example');
    expect(defang('\u202emoc.live\u202c')).toBe('moc[.]live');
    expect(defang('a\ufeffb')).toBe('ab');
  });

  it('breaks names in any script, and the dots an address parser reads as one', () => {
    for (const name of ['café.com', 'пример.рф', 'evil.é', 'bücher.de', 'evil。example', 'evil．example', 'evil｡example', 'x\u00ad.com', 'evil\u034f.com']) {
      const out = defang(name);
      expect(out, name).toContain('[.]');
      inert(out);
    }
    inert(defang('me＠evil.example'));
    // Which leaves alone numbers and abbreviations only where a blank follows.
    expect(defang('It is 3.5 m long, i.e. too long.')).toBe('It is 3[.]5 m long, i[.]e. too long.');
  });
});

describe('isReplyAddress', () => {
  it('takes an address an answer can reach', () => {
    for (const address of ['visitor@example.org', 'a.b+tag@mail.example.co.uk', 'x@y.io']) expect(isReplyAddress(address), address).toBe(true);
  });

  it('refuses what is not one, or is too long', () => {
    for (const address of ['', 'not-an-address', 'a@b', '@example.org', 'a@', 'a@@example.org', 'two words@example.org', 'a@example.org\nBcc: b@c.d']) {
      expect(isReplyAddress(address), JSON.stringify(address)).toBe(false);
    }
    const longest = `${'x'.repeat(CONTACT_LIMITS.email - '@example.org'.length)}@example.org`;
    expect(isReplyAddress(longest)).toBe(true);
    expect(isReplyAddress(`x${longest}`)).toBe(false);
  });
});

describe('messageProblem', () => {
  it('needs a reason from the list', () => {
    for (const { value } of CONTACT_REASONS) {
      expect(isContactReason(value)).toBe(true);
      expect(messageProblem(value, 'words')).toBeNull();
    }
    for (const reason of ['', 'nope', 'Lights', 'lights ']) expect(messageProblem(reason, 'words'), reason).toBe('Pick a reason');
  });

  it('needs words for "other" only', () => {
    expect(messageProblem('lights', '')).toBeNull();
    expect(messageProblem('other', '')).toBe('Say what it is about');
    expect(messageProblem('other', '  \n ')).toBe('Say what it is about');
    expect(messageProblem('other', 'Is this yours?')).toBeNull();
  });

  it(`takes up to ${CONTACT_LIMITS.body} characters`, () => {
    expect(messageProblem('lights', 'x'.repeat(CONTACT_LIMITS.body))).toBeNull();
    expect(messageProblem('lights', 'x'.repeat(CONTACT_LIMITS.body + 1))).toBe(`Keep it under ${CONTACT_LIMITS.body} characters`);
  });

  it("labels each reason, and something it does not know as 'A message'", () => {
    expect(contactReasonLabel('lights')).toBe('Your lights are on');
    expect(contactReasonLabel('nope')).toBe('A message');
    expect(contactReasonLabel(null)).toBe('A message');
  });
});

describe('who a sender is, for the limits', () => {
  it('an IPv4 address is itself; an IPv6 address is its /64 network, however it is written', () => {
    expect(senderKey('203.0.113.7')).toBe('203.0.113.7');
    expect(senderKey('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(senderKey('2001:db8:1:2::9')).toBe('2001:db8:1:2::/64');
    expect(senderKey('2001:0DB8:0001:0002:ffff::1')).toBe('2001:db8:1:2::/64');
    expect(senderKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(senderKey('::1')).toBe('0:0:0:0::/64');
    expect(senderKey('unknown')).toBe('unknown');
  });
});
