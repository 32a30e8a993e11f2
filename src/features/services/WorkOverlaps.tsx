import { Link } from '../../ui/Link.js';
import { serviceRequestPath } from '../../app/routes.js';
import type { Overlap, RequestClock } from '../../domain/worktime.js';
import { formatDateTime, formatSchedule } from './format.js';
import type { RequestLabel } from './useClocks.js';
import { Alert } from '../../ui/Alert.js';

interface Props {
  clock: RequestClock;
  labels: Map<string, RequestLabel>;
  /** 'You' for the viewer, else the person's name. */
  nameOf: (userId: string) => string;
  viewerId: string | null;
}

/**
 * Stretches of this request's people that overlap their own time on another request (two devices that were
 * offline): each moment counts once, on the request whose stretch started last (src/domain/worktime.ts), and both
 * requests say so.
 */
export function WorkOverlaps({ clock, labels, nameOf, viewerId }: Props) {
  const items = clock.users.flatMap((user) =>
    user.intervals.flatMap((interval) => interval.overlaps.map((overlap) => ({ userId: user.userId, startId: interval.startId, overlap }))),
  );
  if (items.length === 0) return null;
  return (
    <Alert as="section" tone="info" aria-labelledby="work-overlaps-title" className="work-clock__section" data-work-overlaps="">
      <h3 id="work-overlaps-title">Overlapping time</h3>
      <ul className="work-clock__overlaps">
        {items.map(({ userId, startId, overlap }) => (
          <li key={`${startId}:${overlap.requestId}:${overlap.start}`} data-overlap-request={overlap.requestId} data-counted-here={overlap.countedHere}>
            <OverlapText mine={userId === viewerId} name={nameOf(userId)} overlap={overlap} label={labels.get(overlap.requestId)} />
          </li>
        ))}
      </ul>
    </Alert>
  );
}

function OverlapText({ mine, name, overlap, label }: { mine: boolean; name: string; overlap: Overlap; label: RequestLabel | undefined }) {
  const iso = (ms: number) => new Date(ms).toISOString();
  const span = overlap.stop === null ? `${formatDateTime(overlap.start)} – now` : formatSchedule(iso(overlap.start), iso(overlap.stop));
  const other = label?.description ? `“${label.description}”` : 'another request';
  return (
    <>
      {mine ? 'Your' : `${name}’s`} time {span} overlaps with {mine ? 'your' : 'their'} time on{' '}
      {label?.vehicleId ? <Link to={serviceRequestPath(label.vehicleId, overlap.requestId)}>{other}</Link> : other}: it counts{' '}
      <strong>{overlap.countedHere ? 'here' : 'there'}</strong>, once.
    </>
  );
}
