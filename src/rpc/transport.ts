import type { DescService } from '@bufbuild/protobuf';
import { createClient, type Client, type Interceptor } from '@connectrpc/connect';
import { createConnectTransport } from '@connectrpc/connect-web';

/** Same origin as the app: the server mounts every service under /rpc. */
export const RPC_BASE_URL = '/rpc';

const interceptors: Interceptor[] = [];

/** Binary protobuf, cookies included (SPEC §7). Interceptors (session signing, error mapping) plug in here. */
const transport = createConnectTransport({
  baseUrl: RPC_BASE_URL,
  useBinaryFormat: true,
  interceptors,
  fetch: (input, init) => fetch(input, { ...init, credentials: 'include' }),
});

export function rpcClient<T extends DescService>(service: T): Client<T> {
  return createClient(service, transport);
}
