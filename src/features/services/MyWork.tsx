import ChevronRight from 'lucide-react/icons/chevron-right';
import { ListItem, ListItemDetail } from '../../ui/ListItem.js';
import { serviceRequestPath } from '../../app/routes.js';
import { statusOf } from '../../domain/serviceStatus.js';
import { totalAt } from '../../domain/worktime.js';
import { ClockBadge } from './ClockBadge.js';
import { personLabel } from '../../entities/person/label.js';
import { useAssignedRequests } from '../../entities/serviceRequest/queries.js';
import { vehicleLabel } from '../../entities/vehicle/label.js';
import { formatSchedule } from './format.js';
import { StatusChip } from '../../entities/serviceRequest/StatusChip.js';
import { useMyActiveWork } from './useMyActiveWork.js';
import { useNow } from './useNow.js';
import { useViewer } from './useViewer.js';
import './services.css';

/**
 * The signed-in home's work lists: In-Progress Requests (where the user's clock runs, with who else is on
 * it), then the open requests assigned to them. Nothing at all when there is neither, so the home stays the public
 * list for everyone who does no shop work.
 */
export function MyWork() {
  const viewer = useViewer();
  return viewer === null ? null : <Lists userId={viewer.userId} />;
}

function Lists({ userId }: { userId: string }) {
  const { active, names } = useMyActiveWork(userId);
  const assigned = useAssignedRequests(userId);
  const now = useNow(active.length > 0);
  const running = new Set(active.map((a) => a.request.id));
  const waiting = assigned.rows.filter((r) => !running.has(r.id));
  if (active.length === 0 && waiting.length === 0) return null;
  return (
    <>
      {active.length > 0 && (
        <section className="ui-section" aria-labelledby="in-progress-title" data-in-progress="">
          <h2 id="in-progress-title">In-Progress Requests</h2>
          <ul className="ui-list request-list">
            {active.map(({ request, clock }) => {
              const others = clock.active.filter((u) => u.userId !== userId).map((u) => personLabel(names.get(u.userId)));
              return (
                <li key={request.id} data-request-id={request.id}>
                  <ListItem
                    to={serviceRequestPath(request.vehicle_id, request.id)}
                    title={request.description || 'Service request'}
                    titleClassName="request-list__title"
                    end={<ClockBadge totalMs={totalAt(clock, now)} active={clock.counting.length} />}
                    endIcon={ChevronRight}
                  >
                    <ListItemDetail>{vehicleLabel(request)}</ListItemDetail>
                    {others.length > 0 && <ListItemDetail data-field="others-working">Also working: {others.join(', ')}</ListItemDetail>}
                  </ListItem>
                </li>
              );
            })}
          </ul>
        </section>
      )}
      {waiting.length > 0 && (
        <section className="ui-section" aria-labelledby="assigned-title" data-assigned="">
          <h2 id="assigned-title">Assigned to you</h2>
          <ul className="ui-list request-list">
            {waiting.map((request) => (
              <li key={request.id} data-request-id={request.id}>
                <ListItem
                  to={serviceRequestPath(request.vehicle_id, request.id)}
                  title={request.description || 'Service request'}
                  titleClassName="request-list__title"
                  endIcon={ChevronRight}
                >
                  <ListItemDetail>{vehicleLabel(request)}</ListItemDetail>
                  <span className="request-list__meta">
                    <StatusChip status={statusOf(request)} />
                    {request.schedule_start && <ListItemDetail>{formatSchedule(request.schedule_start, null)}</ListItemDetail>}
                  </span>
                </ListItem>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
