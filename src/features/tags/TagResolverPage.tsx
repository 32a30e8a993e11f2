import { Suspense, lazy, useEffect, useState } from 'react';
import House from 'lucide-react/icons/house';
import Link2 from 'lucide-react/icons/link-2';
import Lock from 'lucide-react/icons/lock';
import Replace from 'lucide-react/icons/replace';
import QrCode from 'lucide-react/icons/qr-code';
import RotateCcw from 'lucide-react/icons/rotate-ccw';
import SearchX from 'lucide-react/icons/search-x';
import WifiOff from 'lucide-react/icons/wifi-off';
import { navigate } from '../../ui/navigation.js';
import { usePageTitle } from '../../app/pageTitle.js';
import { HOME_PATH, registerPath } from '../../app/routes.js';
import { useOnline } from '../../data/online.js';
import { recordScan } from '../../data/scanHistory.js';
import { firstRemoteTag, lookupTag, resolveTagPatiently } from '../../data/tags.js';
import { Button } from '../../ui/Button.js';
import { ButtonLink } from '../../ui/ButtonLink.js';
import { EmptyState } from '../../ui/EmptyState.js';
import { Loading } from '../../ui/Loading.js';
import { SiteDomain } from '../../ui/SiteDomain.js';

// Loaded when a private vehicle's tag is answered: a scan's first answer does not wait for it.
const ContactOwnerCard = lazy(() => import('./ContactOwnerCard.js').then((m) => ({ default: m.ContactOwnerCard })));
import { outcomeOf, resolveTag, type TagOutcome } from './resolveTag.js';

type PageState = { kind: 'resolving' } | { kind: 'failed' } | Exclude<TagOutcome, { kind: 'redirect' }>;

/** The header's title for each state: it says what the page found once it has found it. */
const TITLES: Record<PageState['kind'], string> = {
  resolving: 'Opening tag',
  'private-vehicle': 'Private vehicle',
  replaced: 'Replaced tag',
  'not-found': 'Unknown tag',
  offline: 'Tag not on this device',
  failed: 'Tag',
};

/** What the page's first answer says about `hash` when it is a page of this one's own (not another page's address). */
function firstOutcome(hash: string): Exclude<TagOutcome, { kind: 'redirect' }> | null {
  const first = firstRemoteTag(hash);
  const outcome = first === null ? null : outcomeOf(hash, first);
  return outcome === null || outcome.kind === 'redirect' ? null : outcome;
}

/** The QR tag resolver: /{hash} opens what the tag leads to, replacing itself in history. */
export function TagResolverPage({ hash }: { hash: string }) {
  const [state, setState] = useState<PageState>(() => firstOutcome(hash) ?? { kind: 'resolving' });
  usePageTitle(TITLES[state.kind], { icon: QrCode });
  const [attempt, setAttempt] = useState(0);
  // Online yet unanswered (lie-fi) reads differently from no network at all.
  const online = useOnline();

  useEffect(() => {
    // A later hash (or unmount) makes this lookup stale; its answer must not redirect the new page.
    let current = true;
    // The page's first answer stays on screen while the device and the server are asked again (no flash of a
    // spinner), and it outlasts a network that goes away meanwhile.
    const known = attempt === 0 ? firstOutcome(hash) : null;
    if (known === null) setState({ kind: 'resolving' });
    const apply = (outcome: TagOutcome) => {
      if (!current) return;
      if (outcome.kind === 'redirect') navigate(outcome.path, { replace: true });
      else setState(outcome.kind === 'offline' && known !== null ? known : outcome);
    };
    // A server that keeps quiet (lie-fi) leaves the page offline after a while; its answer, if it comes, still opens
    // the tag.
    const deps = {
      lookupLocal: lookupTag,
      askServer: (tag: string) => resolveTagPatiently(tag, (remote) => apply(outcomeOf(tag, remote))),
      isOnline: () => navigator.onLine,
    };
    resolveTag(hash, deps).then(
      apply,
      (error: unknown) => {
        if (!current) return;
        // An error is not "unknown tag": sending the user to registration would offer to claim a tag that may
        // already be someone's.
        console.error('Tag lookup failed', error);
        setState({ kind: 'failed' });
      },
    );
    return () => {
      current = false;
    };
  }, [hash, attempt]);

  // Every tag opened here is a scan, whether the app's scanner or the phone's own camera opened it: it goes to the
  // scanner's history (a repeat only moves its time).
  useEffect(() => {
    recordScan(`${location.origin}/${hash}`).catch((error: unknown) => console.error('Could not save the scan', error));
  }, [hash]);

  // Offline and unknown here: tried again by itself when the network returns (the scan is in the history already).
  useEffect(() => {
    if (state.kind !== 'offline') return;
    const retry = () => setAttempt((n) => n + 1);
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [state.kind, hash]);

  const retry = (
    <Button icon={RotateCcw} onClick={() => setAttempt((n) => n + 1)}>
      Try again
    </Button>
  );
  const home = (
    <ButtonLink to={HOME_PATH} icon={House} variant="text">
      Latest vehicles
    </ButtonLink>
  );
  return (
    <section className="page tag-page" data-page="tag-resolver" data-hash={hash} data-tag-state={state.kind} aria-busy={state.kind === 'resolving'}>
      {state.kind === 'resolving' && <Loading label="Opening tag…" />}
      {state.kind === 'private-vehicle' && (
        <EmptyState icon={Lock} title="This tag belongs to a private vehicle" headingLevel={1} actions={home}>
          <p>
            Tag <code>{hash}</code> is registered to a vehicle whose owner keeps its page private. It cannot be claimed.
          </p>
          <p>If this is your vehicle, sign in with the account that owns it.</p>
        </EmptyState>
      )}
      {state.kind === 'private-vehicle' && (
        <Suspense fallback={null}>
          <ContactOwnerCard tagHash={hash} />
        </Suspense>
      )}
      {state.kind === 'replaced' && (
        <EmptyState icon={Replace} title="This tag was replaced" headingLevel={1} actions={home}>
          <p>
            Tag <code>{hash}</code> was replaced with a new one on its vehicle, so it opens nothing now and cannot be claimed. The vehicle's new
            tag opens its page.
          </p>
        </EmptyState>
      )}
      {state.kind === 'not-found' && (
        <EmptyState icon={SearchX} title="Unknown tag" headingLevel={1} actions={home}>
          <p>
            There is no tag <code>{hash}</code>. Check that the whole code was read, or type the code printed under the
            QR image.
          </p>
        </EmptyState>
      )}
      {state.kind === 'offline' && (
        <EmptyState
          icon={WifiOff}
          title={online ? "The server isn't answering" : "You're offline"}
          headingLevel={1}
          actions={
            <>
              {retry}
              <ButtonLink to={registerPath(hash)} icon={Link2} variant="secondary" data-action="assign-offline">
                Assign this tag
              </ButtonLink>
            </>
          }
        >
          <p>
            Tag <code>{hash}</code> is not on this device yet, and it can only be looked up online. It is saved in your
            scan history and opens by itself as soon as {online ? 'the server answers' : 'the network is back'}.
          </p>
          <p>A new tag for your own vehicle can be assigned now: the server checks it once you are online.</p>
        </EmptyState>
      )}
      {state.kind === 'failed' && (
        <EmptyState icon={QrCode} title="Couldn't open this tag" headingLevel={1} actions={<>{retry}{home}</>}>
          <p>Something went wrong while looking up the tag. Please try again.</p>
        </EmptyState>
      )}
      {state.kind !== 'resolving' && <SiteDomain />}
    </section>
  );
}
