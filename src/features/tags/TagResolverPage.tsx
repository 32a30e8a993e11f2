import { useEffect, useState } from 'react';
import { navigate } from '../../app/navigation.js';
import { usePageTitle } from '../../app/pageTitle.js';
import { Link } from '../../app/router.js';
import { Button } from '../../ui/Button.js';
import { EmptyState } from '../../ui/EmptyState.js';
import { Loading } from '../../ui/Loading.js';
import QrCode from 'lucide-react/icons/qr-code';
import RotateCcw from 'lucide-react/icons/rotate-ccw';
import { HOME_PATH } from '../../app/routes.js';
import { lookupTag } from '../../data/tags.js';
import { tagRedirectPath } from './tagRedirect.js';

export function TagResolverPage({ hash }: { hash: string }) {
  usePageTitle('Opening tag', { icon: QrCode });
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    // A later hash (or unmount) makes this lookup stale; its answer must not redirect the new page.
    let current = true;
    setFailed(false);
    lookupTag(hash).then(
      (tag) => {
        if (current) navigate(tagRedirectPath(hash, tag), { replace: true });
      },
      (error: unknown) => {
        if (!current) return;
        // An error is not "unknown tag": sending the user to registration would offer to claim a tag that may
        // already be someone's.
        console.error('Tag lookup failed', error);
        setFailed(true);
      },
    );
    return () => {
      current = false;
    };
  }, [hash, attempt]);

  return (
    <section className="page" data-page="tag-resolver" data-hash={hash} aria-busy={!failed}>
      {failed ? (
        <EmptyState
          icon={QrCode}
          title="Couldn't open this tag"
          headingLevel={1}
          actions={
            <Button icon={RotateCcw} onClick={() => setAttempt((n) => n + 1)}>
              Try again
            </Button>
          }
        >
          <p>Something went wrong while looking up the tag. Please try again.</p>
          <p>
            <Link to={HOME_PATH}>Go to the latest vehicles</Link>
          </p>
        </EmptyState>
      ) : (
        <Loading label="Opening tag…" />
      )}
    </section>
  );
}
