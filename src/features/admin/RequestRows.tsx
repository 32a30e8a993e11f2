import ClipboardList from 'lucide-react/icons/clipboard-list';
import { serviceRequestPath } from '../../app/routes.js';
import { ListItem, ListItemDetail } from '../../ui/ListItem.js';
import { isRequestStatus } from '../../domain/serviceStatus.js';
import type { AdminRequest } from '../../gen/tagbook/v1/admin_pb.js';
import { formatTime } from '../../ui/formatTime.js';
import { vehicleDisplayName } from '../../domain/vehicleName.js';
import { StatusChip } from '../../entities/serviceRequest/StatusChip.js';

/** Requests as admin and company lists show them; each opens the request page of its vehicle. */
export function RequestRows({ requests }: { requests: readonly AdminRequest[] }) {
  return (
    <ul className="ui-list" data-list="requests">
      {requests.map((r) => (
        <li key={r.id}>
          <ListItem
            to={serviceRequestPath(r.vehicleId, r.id)}
            data-request={r.id}
            icon={ClipboardList}
            iconSize={20}
            title={r.description || 'No description'}
            end={isRequestStatus(r.status) ? <StatusChip status={r.status} /> : undefined}
          >
            <ListItemDetail>
              {[vehicleDisplayName(r.vehicleName), [r.make, r.model].filter(Boolean).join(' ')].filter(Boolean).join(' · ')}
            </ListItemDetail>
            <ListItemDetail>
              {[r.companyName, r.assignedName ? `assigned to ${r.assignedName}` : 'unassigned', formatTime(r.createdAt, false)].filter(Boolean).join(' · ')}
            </ListItemDetail>
          </ListItem>
        </li>
      ))}
    </ul>
  );
}
