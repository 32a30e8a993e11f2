import { companyClient } from '../../rpc/adminClients.js';
import { useRemote } from '../../rpc/useRemote.js';

/**
 * The company of a customer as the server says (CompanyService.GetCustomer), for a device that does not hold the
 * customer (an admin's). Null for no customer, offline, while asking, or when the server does not answer.
 */
export function useServerCustomerCompany(customerId: string | null): string | null {
  const answer = useRemote(`customer-company:${customerId ?? ''}`, async () =>
    customerId === null || !navigator.onLine ? null : (await companyClient().getCustomer({ customerId })).customer?.companyId || null,
  );
  return answer.status === 'ready' ? answer.data : null;
}
