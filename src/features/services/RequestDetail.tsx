import { UnsentMark } from '../../ui/UnsentMark.js';
import { useState } from 'react';
import Pencil from 'lucide-react/icons/pencil';
import Trash2 from 'lucide-react/icons/trash-2';
import { navigate } from '../../ui/navigation.js';
import { NotFoundPage } from '../../app/pages/NotFoundPage.js';
import { vehiclePath } from '../../app/routes.js';
import { useHasSynced } from '../../data/firstSync.js';
import { anyLoading } from '../../data/useQuery.js';
import { statusOf } from '../../domain/serviceStatus.js';
import { summarizeWork } from '../../domain/worktime.js';
import { Button } from '../../ui/Button.js';
import { Card } from '../../ui/Card.js';
import { Dialog } from '../../ui/Dialog.js';
import { LinkifiedText } from '../../ui/links/LinkifiedText.js';
import { Loading } from '../../ui/Loading.js';
import { showSnackbar } from '../../ui/snackbar/store.js';
import { mayRemoveFile } from '../../domain/files.js';
import { mayHandle, requestFileParty } from './access.js';
import { personLabel } from '../../entities/person/label.js';
import { useRequest, type RequestDetail as Request } from '../../entities/serviceRequest/queries.js';
import { vehicleLabel } from '../../entities/vehicle/label.js';
import { useRequestWork, type WorkRow } from '../../entities/worktime/queries.js';
import { formatDateTime, formatSchedule } from './format.js';
import { useServiceVehicle, type ServiceVehicle } from './queries.js';
import { RequestFormDialog } from './RequestForm.js';
import { StatusActions } from './StatusActions.js';
import { StatusChip } from '../../entities/serviceRequest/StatusChip.js';
import { useNow } from './useNow.js';
import { useClocks, useRequestLabels, useWorkerNames } from './useClocks.js';
import { useViewer } from './useViewer.js';
import { StatusLinkCard } from './StatusLinkCard.js';
import { mayShareRequestStatus } from '../../domain/access.js';
import { WorkClockCard } from './WorkClockCard.js';
import { Attachments } from '../../uploads/ui/Attachments.js';
import { deleteRequest, updateRequest } from './writes.js';

/**
 * /vehicle/{vehicleId}/request-services/{requestId}. A request that does not exist, was deleted, or belongs to
 * another vehicle is not found (once the device has synced: before, it may still be on its way).
 */
export function RequestDetail({ vehicleId, requestId }: { vehicleId: string; requestId: string }) {
  const query = useRequest(requestId);
  // Read before the request shows: its actions hang on the vehicle, and 'Start work' on whether a clock already runs.
  const vehicle = useServiceVehicle(vehicleId);
  const work = useRequestWork(requestId);
  const hasSynced = useHasSynced();
  const request = query.rows[0];
  const valid = request !== undefined && request.vehicle_id === vehicleId;
  if (anyLoading(query, vehicle, work)) return <Loading />;
  if (!valid && !hasSynced) return <Loading label="Looking for this request…" />;
  if (!valid) return <NotFoundPage />;
  return <RequestView vehicleId={vehicleId} request={request} vehicle={vehicle.rows[0]} work={work.rows} />;
}

function vehicleDetails(vehicle: ServiceVehicle | undefined): string {
  if (!vehicle) return '';
  const label = vehicleLabel(vehicle);
  return [vehicle.year, label === vehicle.name ? null : vehicle.name, vehicle.color, vehicle.license_plate]
    .filter((part) => part !== null && part !== undefined && part !== '')
    .reduce<string>((text, part) => `${text} · ${part}`, label);
}

interface ViewProps {
  vehicleId: string;
  request: Request;
  vehicle: ServiceVehicle | undefined;
  work: readonly WorkRow[];
}

function RequestView({ vehicleId, request, vehicle, work }: ViewProps) {
  const viewer = useViewer();
  const clock = useClocks(work).get(request.id) ?? summarizeWork([]);
  const names = useWorkerNames(work);
  const labels = useRequestLabels(work);
  const now = useNow(clock.active.length > 0);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const status = statusOf(request);
  const canHandle = viewer !== null && vehicle !== undefined && mayHandle(viewer, vehicle, request);
  const myClockRuns = viewer !== null && clock.active.some((u) => u.userId === viewer.userId);
  const othersRunning = clock.active.filter((u) => u.userId !== viewer?.userId).map((u) => personLabel(names.get(u.userId)));
  const schedule = formatSchedule(request.schedule_start, request.schedule_end);

  return (
    <>
      <Card aria-labelledby="request-title" data-request={request.id} data-status={status}>
        <div className="services-head">
          <h2 id="request-title">Service request</h2>
          <StatusChip status={status} />
          <UnsentMark table="service_requests" id={request.id} />
        </div>
        <LinkifiedText className="request-description" text={request.description || 'No description'} />
        <dl className="ui-details">
          <dt>Vehicle</dt>
          <dd data-field="request-vehicle">{vehicleDetails(vehicle)}</dd>
          {vehicle?.customer_name && (
            <>
              <dt>Customer</dt>
              <dd>{vehicle.customer_name}</dd>
            </>
          )}
          {request.company_name && (
            <>
              <dt>Company</dt>
              <dd>{request.company_name}</dd>
            </>
          )}
          <dt>Schedule</dt>
          <dd>{schedule || 'Not scheduled'}</dd>
          <dt>Assigned to</dt>
          <dd data-field="assignee">{request.assigned_user_id ? personLabel(request.assigned_name) : 'Nobody yet'}</dd>
          <dt>Requested</dt>
          <dd>
            {formatDateTime(request.created_at)}
            {request.requested_by && ` by ${request.requested_by}`}
          </dd>
          {request.completed_at && (
            <>
              <dt>Completed</dt>
              <dd>{formatDateTime(request.completed_at)}</dd>
            </>
          )}
        </dl>
        {canHandle && viewer !== null && (
          <StatusActions userId={viewer.userId} request={request} status={status} myClockRuns={myClockRuns} othersRunning={othersRunning} />
        )}
        {canHandle && (
          <div className="ui-button-row">
            <Button variant="secondary" icon={Pencil} onClick={() => setEditing(true)} data-action="edit-request">
              Edit
            </Button>
            <Button variant="text" icon={Trash2} onClick={() => setDeleting(true)} data-action="delete-request">
              Delete
            </Button>
          </div>
        )}
      </Card>
      <WorkClockCard request={request} status={status} clock={clock} names={names} labels={labels} viewer={viewer} now={now} />
      {viewer !== null && mayShareRequestStatus(viewer, request.company_id) && <StatusLinkCard requestId={request.id} />}
      <Card aria-labelledby="request-files-title" data-request-files="">
        <h2 id="request-files-title">Photos and documents</h2>
        {/* Those who handle the request attach; the vehicle's owner and admins remove any file, its staff theirs. */}
        <Attachments
          target={{ kind: 'service_request', id: request.id }}
          label="Attach files"
          canAdd={canHandle}
          canRemove={(item) => viewer !== null && mayRemoveFile(requestFileParty(viewer, vehicle ?? null, request), item.userId === viewer.userId)}
          emptyText={canHandle ? 'Photos of the work and documents (PDF) for this request.' : 'No files yet.'}
        />
      </Card>
      {editing && (
        <RequestFormDialog
          title="Edit service request"
          submitLabel="Save"
          initial={{
            description: request.description ?? '',
            scheduleStart: request.schedule_start,
            scheduleEnd: request.schedule_end,
            assignedUserId: request.assigned_user_id,
          }}
          company={{ kind: 'fixed', companyId: request.company_id }}
          onClose={() => setEditing(false)}
          onSubmit={async ({ companyId: _company, ...fields }) => {
            await updateRequest(request.id, fields);
            setEditing(false);
            showSnackbar({ severity: 'success', message: 'Service request saved.' });
          }}
        />
      )}
      {deleting && (
        <Dialog
          title="Delete this request?"
          name="delete-request"
          onClose={() => setDeleting(false)}
          footer={
            <>
              <Button variant="text" onClick={() => setDeleting(false)}>
                Keep it
              </Button>
              <Button
                variant="danger"
                icon={Trash2}
                data-action="confirm-delete-request"
                onClick={() =>
                  void deleteRequest(request.id).then(() => {
                    showSnackbar({ severity: 'success', message: 'Service request deleted.' });
                    navigate(vehiclePath(vehicleId, 'request-services'), { replace: true });
                  })
                }
              >
                Delete
              </Button>
            </>
          }
        >
          <p>It disappears from every list{clock.active.length > 0 ? ', and clocks still running on it with it' : ''}.</p>
        </Dialog>
      )}
    </>
  );
}
