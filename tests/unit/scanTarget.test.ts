import { describe, expect, it } from 'vitest';
import { classifyScan } from '../../src/features/tags/scanTarget.js';

describe('classifyScan', () => {
  const origin = 'https://tagbook.test';

  it('opens a bare tag hash, or any address of this site, in the app', () => {
    expect(classifyScan('ABCD1234', origin)).toEqual({ kind: 'app', path: '/ABCD1234' });
    expect(classifyScan(' https://tagbook.test/ABCD1234/ ', origin)).toEqual({ kind: 'app', path: '/ABCD1234' });
    expect(classifyScan('https://tagbook.test/vehicle/?x=1#top', origin)).toEqual({ kind: 'app', path: '/vehicle/?x=1#top' });
  });

  it('sends another site through the confirmation, and never follows anything else', () => {
    expect(classifyScan('https://evil.test/ABCD1234', origin)).toEqual({ kind: 'external', url: 'https://evil.test/ABCD1234' });
    expect(classifyScan('http://tagbook.test/ABCD1234', origin)).toEqual({ kind: 'external', url: 'http://tagbook.test/ABCD1234' });
    expect(classifyScan('hello world', origin)).toEqual({ kind: 'text', text: 'hello world' });
    expect(classifyScan('javascript:alert(1)', origin)).toEqual({ kind: 'text', text: 'javascript:alert(1)' });
    expect(classifyScan('tel:+15551234567', origin)).toEqual({ kind: 'text', text: 'tel:+15551234567' });
    expect(classifyScan('', origin)).toEqual({ kind: 'text', text: '' });
  });
});
