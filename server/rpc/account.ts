import type { ServiceImpl } from '@connectrpc/connect';
import { create } from '@bufbuild/protobuf';
import { AccountService, IsLoggedResponseSchema } from '../../src/gen/tagbook/v1/account_pb.js';
import type { ServerContext } from './context.js';

/** AccountService. Only isLogged exists so far: with no session machinery yet, nobody is signed in. */
export function accountService(_ctx: ServerContext): Partial<ServiceImpl<typeof AccountService>> {
  return {
    isLogged() {
      return create(IsLoggedResponseSchema, { logged: false });
    },
  };
}
