import ClipboardList from 'lucide-react/icons/clipboard-list';
import { serviceRequestPath } from '../../app/routes.js';
import { Link } from '../../ui/Link.js';
import { isRequestStatus, STATUS_LABELS } from '../../domain/serviceStatus.js';
import type { AdminRequest } from '../../gen/tagbook/v1/admin_pb.js';
import { formatTime } from '../../ui/formatTime.js';
import { vehicleDisplayName } from '../../domain/vehicleName.js';
import { Chip } from '../../ui/Chip.js';

/** Requests as admin and company lists show them; each opens the request page of its vehicle. */
export function RequestRows({ requests }: { requests: readonly AdminRequest[] }) {
  return (
    <ul className="ui-list" data-list="requests">
      {requests.map((r) => (
        <li key={r.id}>
          <Link to={serviceRequestPath(r.vehicleId, r.id)} className="ui-list-item" data-request={r.id}>
            <ClipboardList className="ui-list-item__icon" size={20} aria-hidden="true" />
            <span className="ui-list-item__text">
              <span className="ui-list-item__title">{r.description || 'No description'}</span>
              <span className="ui-list-item__detail">
                {[vehicleDisplayName(r.vehicleName), [r.make, r.model].filter(Boolean).join(' ')].filter(Boolean).join(' · ')}
              </span>
              <span className="ui-list-item__detail">
                {[r.companyName, r.assignedName ? `assigned to ${r.assignedName}` : 'unassigned', formatTime(r.createdAt, false)].filter(Boolean).join(' · ')}
              </span>
            </span>
            <Chip data-status={r.status}>{isRequestStatus(r.status) ? STATUS_LABELS[r.status] : 'Unknown'}</Chip>
          </Link>
        </li>
      ))}
    </ul>
  );
}
