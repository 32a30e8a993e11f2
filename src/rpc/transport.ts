import type { DescService } from '@bufbuild/protobuf';
import { createClient, type Client, type Interceptor } from '@connectrpc/connect';
import { createConnectTransport } from '@connectrpc/connect-web';
import { errorInterceptor, sessionInterceptor } from './interceptors.js';

/** Same origin as the app: the server mounts every service under /rpc. */
export const RPC_BASE_URL = '/rpc';

// Order matters: the first wraps the rest. Errors are rewritten last, after the session interceptor has seen the
// server's real code and message.
export const interceptors: Interceptor[] = [errorInterceptor, sessionInterceptor];

/** Binary protobuf, cookies included, every call signed while signed in. */
const transport = createConnectTransport({
  baseUrl: RPC_BASE_URL,
  useBinaryFormat: true,
  interceptors,
  fetch: (input, init) => fetch(input, { ...init, credentials: 'include' }),
});

export function rpcClient<T extends DescService>(service: T): Client<T> {
  return createClient(service, transport);
}
