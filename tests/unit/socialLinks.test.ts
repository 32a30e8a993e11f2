import { describe, expect, it } from 'vitest';
import { isWebAddress, parseSocialLink, SOCIAL_LINKS, type SocialKey } from '../../src/domain/socialLinks.js';

const kind = (key: SocialKey) => SOCIAL_LINKS.find((k) => k.key === key)!;

describe('social links', () => {
  it('turns a username into the profile address of its site', () => {
    expect(parseSocialLink(kind('instagram'), '@red911')).toEqual({ ok: true, url: 'https://www.instagram.com/red911' });
    expect(parseSocialLink(kind('facebook'), 'john.smith')).toEqual({ ok: true, url: 'https://www.facebook.com/john.smith' });
    expect(parseSocialLink(kind('tiktok'), 'red911')).toEqual({ ok: true, url: 'https://www.tiktok.com/@red911' });
    expect(parseSocialLink(kind('youtube'), '@RedGarage')).toEqual({ ok: true, url: 'https://www.youtube.com/@RedGarage' });
  });

  it("keeps a pasted address of the right site, with https added when it was left out", () => {
    expect(parseSocialLink(kind('instagram'), 'instagram.com/red911')).toEqual({ ok: true, url: 'https://instagram.com/red911' });
    expect(parseSocialLink(kind('youtube'), 'https://youtu.be/abc')).toEqual({ ok: true, url: 'https://youtu.be/abc' });
    expect(parseSocialLink(kind('website'), 'red911.example.com/build')).toEqual({ ok: true, url: 'https://red911.example.com/build' });
    expect(parseSocialLink(kind('website'), '')).toEqual({ ok: true, url: null });
  });

  it('refuses another site in a platform field, and anything that is not a web address', () => {
    expect(parseSocialLink(kind('instagram'), 'https://evil.example/red911').ok).toBe(false);
    expect(parseSocialLink(kind('facebook'), 'https://facebook.com.evil.example/x').ok).toBe(false);
    for (const bad of ['javascript:alert(1)', 'data:text/html,hi', 'http://localhost/x', 'https://exa mple.com', 'ftp://example.com']) {
      expect(parseSocialLink(kind('website'), bad).ok, bad).toBe(false);
      expect(isWebAddress(bad), bad).toBe(false);
    }
    expect(isWebAddress('https://example.com/a?b=c#d')).toBe(true);
  });
});
