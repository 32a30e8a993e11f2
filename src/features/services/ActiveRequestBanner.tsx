import Timer from 'lucide-react/icons/timer';
import { useLocation } from '../../app/router.js';
import { Link } from '../../ui/Link.js';
import { serviceRequestPath } from '../../app/routes.js';
import { totalAt } from '../../domain/worktime.js';
import { ClockBadge } from './ClockBadge.js';
import { vehicleLabel } from '../../entities/vehicle/label.js';
import { useMyActiveWork } from './useMyActiveWork.js';
import { useNow } from './useNow.js';
import { useViewer } from './useViewer.js';
import './services.css';

/**
 * The floating banner for the signed-in user's active service request — its description, the vehicle's
 * make and model (or name), the running timer ticking live; it opens the request. With several clocks running, the
 * most recently started is shown and the others counted. Hidden on that request's own page, which shows the same.
 */
export function ActiveRequestBanner() {
  const viewer = useViewer();
  return viewer === null ? null : <Banner userId={viewer.userId} />;
}

function Banner({ userId }: { userId: string }) {
  const { active } = useMyActiveWork(userId);
  const now = useNow(active.length > 0);
  const { pathname } = useLocation();
  const top = active[0];
  if (top === undefined) return null;
  const path = serviceRequestPath(top.request.vehicle_id, top.request.id);
  if (pathname === path) return null;
  return (
    <aside className="active-request-banner" aria-label="Active service request">
      <Link className="active-request-banner__link" to={path} data-active-request-banner={top.request.id}>
        <Timer className="active-request-banner__icon" size={22} aria-hidden="true" />
        <span className="active-request-banner__text">
          <span className="active-request-banner__title" data-field="banner-description">
            {top.request.description || 'Service request'}
          </span>
          <span className="active-request-banner__vehicle" data-field="banner-vehicle">
            {vehicleLabel(top.request)}
            {active.length > 1 && ` · ${active.length - 1} more running`}
          </span>
        </span>
        <ClockBadge totalMs={totalAt(top.clock, now)} active={top.clock.counting.length} />
      </Link>
    </aside>
  );
}
