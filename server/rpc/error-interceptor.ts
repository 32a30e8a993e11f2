import { Code, ConnectError, type Interceptor } from '@connectrpc/connect';
import { isDatabaseUnavailable } from '../db/errors.js';

/** What a caller hears when the database is out of reach: try again, which the app's clients do by themselves. */
export const DATABASE_UNAVAILABLE = 'The server cannot reach its database right now; try again in a moment';
/** What a caller hears about a fault of ours: nothing of its detail, which names tables, columns and code. */
export const SERVER_FAULT = 'Something went wrong on the server';

/**
 * Outermost of every RPC: a handler's errors that are not already an answer (ConnectError) become one here. The
 * database being unavailable is Unavailable (retryable); anything else is Internal. Either way the caller gets a
 * plain sentence and the detail goes to the server's log only.
 */
export const unexpectedErrorInterceptor: Interceptor = (next) => async (req) => {
  try {
    return await next(req);
  } catch (error) {
    if (error instanceof ConnectError) throw error;
    const procedure = `${req.service.typeName}/${req.method.name}`;
    if (isDatabaseUnavailable(error)) {
      console.warn(`${procedure}: ${(error as Error).message}`);
      throw new ConnectError(DATABASE_UNAVAILABLE, Code.Unavailable);
    }
    console.error(`${procedure} failed`, error);
    throw new ConnectError(SERVER_FAULT, Code.Internal);
  }
};
