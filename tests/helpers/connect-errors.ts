import { Code, ConnectError } from '@connectrpc/connect';

/** The ConnectError a call fails with; fails the test if the call succeeds or fails otherwise. */
export async function refusal(call: Promise<unknown>): Promise<ConnectError> {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof ConnectError)) throw new Error(`expected a ConnectError, got ${error === null ? 'success' : String(error)}`);
  return error;
}

/** How a call ended, for tables of expectations: 'ok', or the code's name as in the protocol (not_found, …). */
export async function outcome(call: Promise<unknown>): Promise<string> {
  try {
    await call;
    return 'ok';
  } catch (error) {
    if (!(error instanceof ConnectError)) throw error;
    return Code[error.code]!.replace(/[A-Z]/g, (c, i: number) => (i === 0 ? '' : '_') + c.toLowerCase());
  }
}
