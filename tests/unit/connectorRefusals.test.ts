import { Code, ConnectError } from '@connectrpc/connect';
import { describe, expect, it } from 'vitest';
import { isNeverAccepted, refusalMessage } from '../../src/data/connector.js';

describe('an upload the server can never accept', () => {
  it('is one answered InvalidArgument, dropped so the queue moves on', () => {
    expect(isNeverAccepted(new ConnectError('Server error.', Code.InvalidArgument))).toBe(true);
  });
  it.each([Code.Unavailable, Code.Unauthenticated, Code.Internal, Code.Unknown])('is not one answered %s, which is retried', (code) => {
    expect(isNeverAccepted(new ConnectError('Server error.', code))).toBe(false);
    expect(isNeverAccepted(new TypeError('Failed to fetch'))).toBe(false);
  });
});

describe('refusalMessage', () => {
  it("gives the server's reason when one change was refused, and a count otherwise", () => {
    expect(refusalMessage([{ message: 'Tag ABCD1234 was claimed by someone else first', id: 'ABCD1234' }])).toBe(
      'Tag ABCD1234 was claimed by someone else first. That change was undone on this device.',
    );
    expect(refusalMessage([{ message: 'a', id: 'x' }, { message: 'b', id: 'y' }])).toBe('The server refused 2 change(s); they were undone on this device.');
  });
  it('says every change made together was undone when the transaction was refused as a whole', () => {
    expect(refusalMessage([{ message: '25,000 changes made together are more than the 20,000 the server takes at once', id: '' }])).toBe(
      '25,000 changes made together are more than the 20,000 the server takes at once. They were undone on this device.',
    );
  });
});
