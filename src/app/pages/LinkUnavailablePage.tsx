import CircleAlert from 'lucide-react/icons/circle-alert';
import Link2Off from 'lucide-react/icons/link-2-off';
import WifiOff from 'lucide-react/icons/wifi-off';
import { EmptyState } from '../../ui/EmptyState.js';

/**
 * What a page a link opens (a shared report, a transfer, a request's status) says when it has nothing to show: the
 * server does not know the link (revoked, lapsed, never was: `unknown`, in the page's own words), the device is
 * offline (the page asks again when the network returns), or the server failed.
 */
export function LinkUnavailablePage({
  page,
  kind,
  what,
  unknown,
}: {
  /** The page's data-page name. */
  page: string;
  kind: 'unknown' | 'offline' | 'failed';
  /** What the page shows, for the offline and failed texts: 'The report'. */
  what: string;
  unknown: { title: string; text: string };
}) {
  const says = {
    unknown: { icon: Link2Off, ...unknown },
    offline: { icon: WifiOff, title: "You're offline", text: `${what} opens once you are back online.` },
    failed: { icon: CircleAlert, title: `Couldn't open ${what.toLowerCase()}`, text: 'Something went wrong on our side. Try again in a moment.' },
  }[kind];
  return (
    <section className="page" data-page={page} data-link-state={kind}>
      <EmptyState icon={says.icon} title={says.title} headingLevel={1}>
        <p>{says.text}</p>
      </EmptyState>
    </section>
  );
}
