import Timer from 'lucide-react/icons/timer';
import { formatClockReading } from '../../entities/worktime/format.js';

/**
 * A request's labour total as HH:MM:SS, and how many clocks run on it (the timer runs once per active
 * user, shown as ×N). Announced to screen readers as text, not second by second.
 */
export function ClockBadge({ totalMs, active }: { totalMs: number; active: number }) {
  return (
    <span className="clock-badge" data-running={active > 0} data-active-count={active}>
      <Timer size={18} aria-hidden="true" />
      <span className="clock-badge__time" data-clock="">
        {formatClockReading(totalMs)}
      </span>
      {active > 1 && (
        <span className="clock-badge__users" aria-label={`${active} people working`} data-clock-users="">
          ×{active}
        </span>
      )}
    </span>
  );
}
