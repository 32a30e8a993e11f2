import { useId, useState, type ReactNode } from 'react';
import SlidersHorizontal from 'lucide-react/icons/sliders-horizontal';
import { Button } from './Button.js';

/**
 * A list's filters: the main ones always in view, the others (`more`) behind a 'More filters' button on a phone so
 * the results start above the fold; wide screens show them all. The button counts the hidden filters in use, so a
 * narrowed list never looks like the whole one.
 */
export function FilterBar({ children, more, moreInUse }: { children: ReactNode; more?: ReactNode; moreInUse?: number }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div className="ui-filters" data-more-open={open ? 'true' : 'false'}>
      {children}
      {more !== undefined && (
        <>
          <Button
            variant="text"
            icon={SlidersHorizontal}
            className="ui-filters__toggle"
            aria-expanded={open}
            aria-controls={id}
            onClick={() => setOpen((o) => !o)}
            data-action="more-filters"
          >
            {open ? 'Fewer filters' : moreInUse ? `More filters (${moreInUse} in use)` : 'More filters'}
          </Button>
          <div id={id} className="ui-filters__more">
            {more}
          </div>
        </>
      )}
    </div>
  );
}
