// @vitest-environment node
import { Code, ConnectError } from '@connectrpc/connect';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DatabaseUnavailable } from '../../server/db/errors.js';
import { DATABASE_UNAVAILABLE, SERVER_FAULT, unexpectedErrorInterceptor } from '../../server/rpc/error-interceptor.js';

/** Runs the interceptor around a handler that throws `error`; what the caller would get. */
async function answer(error: unknown): Promise<ConnectError> {
  const req = { service: { typeName: 'tagbook.v1.TestService' }, method: { name: 'Test' } };
  const call = unexpectedErrorInterceptor(async () => {
    throw error;
  });
  try {
    await call(req as never);
  } catch (thrown) {
    return thrown as ConnectError;
  }
  throw new Error('the call did not fail');
}

describe('RPC errors nobody answered on purpose', () => {
  const logged: unknown[][] = [];
  vi.spyOn(console, 'error').mockImplementation((...args) => void logged.push(args));
  vi.spyOn(console, 'warn').mockImplementation((...args) => void logged.push(args));
  afterEach(() => void logged.splice(0));
  const log = () => logged.flat().map((a) => (a instanceof Error ? a.message : String(a))).join('\n');

  it('answers a lost database Unavailable in plain words, its detail logged only', async () => {
    const error = await answer(new DatabaseUnavailable(new Error('Connection terminated unexpectedly')));
    expect(error.code).toBe(Code.Unavailable);
    expect(error.rawMessage).toBe(DATABASE_UNAVAILABLE);
    expect(log()).toMatch(/Connection terminated unexpectedly/);
  });

  it('answers the database shutting down (57P01) Unavailable too', async () => {
    const error = await answer(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }));
    expect([error.code, error.rawMessage]).toEqual([Code.Unavailable, DATABASE_UNAVAILABLE]);
  });

  it('answers any other fault Internal, saying nothing of it', async () => {
    for (const fault of [
      Object.assign(new Error('null value in column "user_id" of relation "worktime"'), { code: '23502' }),
      new TypeError("Cannot read properties of undefined (reading 'id')"),
    ]) {
      const error = await answer(fault);
      expect([error.code, error.rawMessage]).toEqual([Code.Internal, SERVER_FAULT]);
    }
    expect(log()).toMatch(/worktime/);
  });

  it('passes answers given on purpose as they are', async () => {
    const given = new ConnectError('Bucket not found', Code.NotFound);
    expect(await answer(given)).toBe(given);
  });
});
