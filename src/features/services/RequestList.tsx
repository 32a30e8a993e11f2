import { useMemo, useState } from 'react';
import ChevronRight from 'lucide-react/icons/chevron-right';
import ClipboardList from 'lucide-react/icons/clipboard-list';
import Plus from 'lucide-react/icons/plus';
import { navigate } from '../../ui/navigation.js';
import { UnsentMark } from '../../ui/UnsentMark.js';
import { ListItem, ListItemDetail } from '../../ui/ListItem.js';
import { serviceRequestPath } from '../../app/routes.js';
import { anyLoading, type QueryState } from '../../data/useQuery.js';
import { statusOf } from '../../domain/serviceStatus.js';
import { totalAt } from '../../domain/worktime.js';
import { Button } from '../../ui/Button.js';
import { Card } from '../../ui/Card.js';
import { EmptyState } from '../../ui/EmptyState.js';
import { Loading } from '../../ui/Loading.js';
import { showSnackbar } from '../../ui/snackbar/store.js';
import { adminCompanyGuess, openAs } from './access.js';
import { ClockBadge } from './ClockBadge.js';
import { useServerCustomerCompany } from './customerCompany.js';
import { formatSchedule } from './format.js';
import { useCompanies } from '../../entities/company/queries.js';
import { personLabel } from '../../entities/person/label.js';
import { useVehicleRequests, type RequestSummary } from '../../entities/serviceRequest/queries.js';
import { useVehicleWork } from '../../entities/worktime/queries.js';
import { useServiceVehicle } from './queries.js';
import { RequestFormDialog, type CompanyChoice } from './RequestForm.js';
import { StatusChip } from '../../entities/serviceRequest/StatusChip.js';
import { useNow } from './useNow.js';
import { useClocks } from './useClocks.js';
import { useViewer } from './useViewer.js';
import { createRequest } from './writes.js';
import { Alert } from '../../ui/Alert.js';

const EMPTY_FIELDS = { description: '', scheduleStart: null, scheduleEnd: null, assignedUserId: null };

/** /vehicle/{id}/request-services: the vehicle's requests, newest first, and opening a new one for those who may. */
export function RequestList({ vehicleId }: { vehicleId: string }) {
  const viewer = useViewer();
  const vehicleQuery = useServiceVehicle(vehicleId);
  const vehicle = vehicleQuery.rows[0];
  const requests = useVehicleRequests(vehicleId);
  const work = useVehicleWork(vehicleId);
  const clocks = useClocks(work.rows);
  // The list shows once the vehicle and the work have answered too: who may open a request hangs on the vehicle,
  // the clocks on the work.
  const list: QueryState<RequestSummary> = anyLoading(vehicleQuery, work)
    ? { status: 'loading', rows: requests.rows }
    : requests;
  const now = useNow([...clocks.values()].some((clock) => clock.active.length > 0));
  const companies = useCompanies();
  const [creating, setCreating] = useState(false);
  const open = viewer && vehicle ? openAs(viewer, vehicle) : null;
  const switchTo = open?.kind === 'none' ? open.switchTo : null;
  const switchName = companies.rows.find((c) => c.id === switchTo)?.name ?? 'company';

  const newestRequestCompanyId = requests.rows.find((r) => r.company_id !== null)?.company_id ?? null;
  const customerCompanyId = vehicle?.customer_company_id ?? null;
  // Asked only by an admin's device that names the customer without holding it.
  const serverCustomerCompanyId = useServerCustomerCompany(
    open?.kind === 'admin' && customerCompanyId === null ? (vehicle?.customer_id ?? null) : null,
  );
  const company = useMemo<CompanyChoice>(() => {
    if (open?.kind === 'admin') return { kind: 'choose', initial: adminCompanyGuess({ customerCompanyId, serverCustomerCompanyId, newestRequestCompanyId }) };
    return { kind: 'fixed', companyId: open?.kind === 'employee' ? open.companyId : null };
  }, [open?.kind, open?.kind === 'employee' ? open.companyId : null, customerCompanyId, serverCustomerCompanyId, newestRequestCompanyId]);

  return (
    <Card aria-labelledby="service-requests-title" data-service-requests={vehicleId} data-state={list.status}>
      <div className="services-head">
        <h2 id="service-requests-title">Service requests</h2>
        {open !== null && open.kind !== 'none' && (
          <Button icon={Plus} onClick={() => setCreating(true)} data-action="new-service-request">
            New request
          </Button>
        )}
      </div>
      {switchTo !== null && (
        <Alert tone="info">
          This vehicle belongs to a customer of {switchName}: switch to the {switchName} workspace to open a request for it.
        </Alert>
      )}
      {list.status === 'loading' && <Loading />}
      {list.status === 'error' && (
        <Alert tone="error">
          Could not read the requests: {list.error}
        </Alert>
      )}
      {list.status === 'ready' && list.rows.length === 0 && (
        <EmptyState icon={ClipboardList} title="No service requests" data-empty="service-requests">
          <p>
            {open !== null && open.kind !== 'none'
              ? 'Open a request for work on this vehicle: what needs doing, when, and who does it.'
              : "Requests show here for the vehicle's owner and the shop working on it."}
          </p>
        </EmptyState>
      )}
      {list.status !== 'loading' && list.rows.length > 0 && (
        <ul className="ui-list request-list">
          {list.rows.map((request) => {
            const clock = clocks.get(request.id);
            const schedule = formatSchedule(request.schedule_start, request.schedule_end);
            return (
              <li key={request.id} data-request-id={request.id}>
                <ListItem
                  to={serviceRequestPath(vehicleId, request.id)}
                  title={request.description || 'No description'}
                  titleClassName="request-list__title"
                  end={clock && <ClockBadge totalMs={totalAt(clock, now)} active={clock.counting.length} />}
                  endIcon={ChevronRight}
                >
                  <span className="request-list__meta">
                    <StatusChip status={statusOf(request)} />
                    <UnsentMark table="service_requests" id={request.id} />
                    {schedule && <ListItemDetail>{schedule}</ListItemDetail>}
                    {request.assigned_user_id && <ListItemDetail>Assigned to {personLabel(request.assigned_name)}</ListItemDetail>}
                  </span>
                </ListItem>
              </li>
            );
          })}
        </ul>
      )}
      {creating && open !== null && (
        <RequestFormDialog
          title="New service request"
          submitLabel="Open request"
          initial={EMPTY_FIELDS}
          company={company}
          onClose={() => setCreating(false)}
          onSubmit={async (values) => {
            const id = await createRequest({ ...values, vehicleId });
            setCreating(false);
            showSnackbar({ severity: 'success', message: 'Service request opened.' });
            navigate(serviceRequestPath(vehicleId, id));
          }}
        />
      )}
    </Card>
  );
}
