import { Code, ConnectError } from '@connectrpc/connect';
import { storableTimeFromMs, TIME_YEAR_RANGE } from '../../src/domain/validation.js';

/**
 * A time field of a request (int64 milliseconds since 1970, 0 for "not set": common.proto) as a Date, or null when
 * unset. Every int64 can arrive, and most name no instant a Date or PostgreSQL holds: those are the caller's mistake,
 * answered InvalidArgument with the field's name, never handed on to become a server error.
 */
export function timeArgument(field: string, value: bigint): Date | null {
  if (value === 0n) return null;
  const time = storableTimeFromMs(value);
  if (time === null) {
    throw new ConnectError(`${field}: not a time in the years ${TIME_YEAR_RANGE.min} to ${TIME_YEAR_RANGE.max}`, Code.InvalidArgument);
  }
  return time;
}
