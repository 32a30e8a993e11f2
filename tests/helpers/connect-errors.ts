import { ConnectError } from '@connectrpc/connect';

/** The ConnectError a call fails with; fails the test if the call succeeds or fails otherwise. */
export async function refusal(call: Promise<unknown>): Promise<ConnectError> {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof ConnectError)) throw new Error(`expected a ConnectError, got ${error === null ? 'success' : String(error)}`);
  return error;
}
