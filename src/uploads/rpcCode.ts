import { Code, ConnectError } from '@connectrpc/connect';
import type { RpcCode } from '../domain/uploadErrors.js';
import { isOfflineError, serverMessage } from '../rpc/interceptors.js';

const NAMES: Record<Code, RpcCode> = {
  [Code.Canceled]: 'canceled',
  [Code.Unknown]: 'unknown',
  [Code.InvalidArgument]: 'invalid_argument',
  [Code.DeadlineExceeded]: 'deadline_exceeded',
  [Code.NotFound]: 'not_found',
  [Code.AlreadyExists]: 'already_exists',
  [Code.PermissionDenied]: 'permission_denied',
  [Code.ResourceExhausted]: 'resource_exhausted',
  [Code.FailedPrecondition]: 'failed_precondition',
  [Code.Aborted]: 'aborted',
  [Code.OutOfRange]: 'out_of_range',
  [Code.Unimplemented]: 'unimplemented',
  [Code.Internal]: 'internal',
  [Code.Unavailable]: 'unavailable',
  [Code.DataLoss]: 'data_loss',
  [Code.Unauthenticated]: 'unauthenticated',
};

/** The error-class code of a failed call: Connect's code, or 'network' when the request never got an answer. */
export function rpcCodeOf(error: unknown): { code: RpcCode; message: string } {
  if (isOfflineError(error)) return { code: 'network', message: 'offline' };
  if (error instanceof ConnectError) return { code: NAMES[error.code] ?? 'unknown', message: serverMessage(error) };
  if (error instanceof TypeError) return { code: 'network', message: error.message };
  return { code: 'unknown', message: error instanceof Error ? error.message : String(error) };
}
