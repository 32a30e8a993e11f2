import { Button } from '../../ui/Button.js';

/** "Load more" under a paged list, while the server says there is more. */
export function MoreButton({ next, loading, onMore }: { next: string; loading: boolean; onMore: () => void }) {
  if (next === '') return null;
  return (
    <div className="admin-more">
      <Button variant="secondary" busy={loading} onClick={onMore} data-action="load-more">
        Load more
      </Button>
    </div>
  );
}
