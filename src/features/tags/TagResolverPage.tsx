import { useEffect, useState } from 'react';
import { navigate } from '../../app/navigation.js';
import { usePageTitle } from '../../app/pageTitle.js';
import { Link } from '../../app/router.js';
import { HOME_PATH } from '../../app/routes.js';
import { lookupTag } from '../../data/tags.js';
import { tagRedirectPath } from './tagRedirect.js';

export function TagResolverPage({ hash }: { hash: string }) {
  usePageTitle('Opening tag');
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
        <>
          <h1>Couldn't open this tag</h1>
          <p>Something went wrong while looking up the tag. Please try again.</p>
          <p className="page-actions">
            <button type="button" onClick={() => setAttempt((n) => n + 1)}>
              Try again
            </button>
            <Link to={HOME_PATH}>Go to the latest vehicles</Link>
          </p>
        </>
      ) : (
        <p role="status">Opening tag…</p>
      )}
    </section>
  );
}
