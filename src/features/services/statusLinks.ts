import { useWatchedQuery } from '../../data/useQuery.js';
import type { Row } from '../../entities/rows.js';
import { StatusLinkService, type GetRequestStatusResponse } from '../../gen/tagbook/v1/status_link_pb.js';
import { rpcClient } from '../../rpc/transport.js';

// A request's status shown to its customer by link (StatusLinkService): the server makes and revokes links; they come
// back to the company's staff through sync, so the request page lists them offline.

export type StatusLinkRow = Row<'request_status_links'>;

/** The request's links that still work as far as this device knows (the server also ends them after the request closes), newest first. */
export function useStatusLinks(requestId: string) {
  return useWatchedQuery<StatusLinkRow>(
    'SELECT * FROM request_status_links WHERE service_request_id = ? AND revoked_at IS NULL ORDER BY created_at DESC, id',
    [requestId],
  );
}

export async function shareRequestStatus(options: {
  requestId: string;
  photoIds: readonly string[];
  showWorkTime: boolean;
  daysAfterClose: number;
  emailCustomer: boolean;
}): Promise<{ token: string; mailedTo: string }> {
  const res = await rpcClient(StatusLinkService).shareRequestStatus({
    serviceRequestId: options.requestId, photoIds: [...options.photoIds], showWorkTime: options.showWorkTime,
    daysAfterClose: options.daysAfterClose, emailCustomer: options.emailCustomer,
  });
  return { token: res.token, mailedTo: res.mailedTo };
}

export async function revokeStatusLink(linkId: string): Promise<void> {
  await rpcClient(StatusLinkService).revokeStatusLink({ linkId });
}

export function getRequestStatus(token: string): Promise<GetRequestStatusResponse> {
  return rpcClient(StatusLinkService).getRequestStatus({ token });
}
