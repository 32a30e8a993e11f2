import { describe, expect, it } from 'vitest';
import { scanTarget } from '../../src/features/tags/scanTarget.js';

describe('scanTarget', () => {
  const origin = 'https://tagbook.test';

  it('opens a bare tag hash or a link to a tag on this site', () => {
    expect(scanTarget('ABCD1234', origin)).toBe('/ABCD1234');
    expect(scanTarget(' https://tagbook.test/ABCD1234/ ', origin)).toBe('/ABCD1234');
  });

  it('never opens another site, or anything that is not a tag', () => {
    expect(scanTarget('https://evil.test/ABCD1234', origin)).toBeNull();
    expect(scanTarget('https://tagbook.test/admin', origin)).toBeNull();
    expect(scanTarget('hello world', origin)).toBeNull();
    expect(scanTarget('', origin)).toBeNull();
  });
});
