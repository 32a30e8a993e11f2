import { useRef } from 'react';
import { Link } from './Link.js';
import { useRevealCurrent } from './revealInRow.js';

export interface SectionTab {
  key: string;
  label: string;
  to: string;
}

/**
 * An area's sections as one row of tabs, the current one marked: on a phone the row scrolls sideways (the current
 * tab scrolled into view) instead of wrapping into rows that push the page's content down.
 */
export function SectionTabs({ label, tabs, current }: { label: string; tabs: readonly SectionTab[]; current: string | null }) {
  const row = useRef<HTMLUListElement>(null);
  useRevealCurrent(row, current);
  return (
    <nav className="ui-tabs" aria-label={label}>
      <ul ref={row} className="ui-tabs__row">
        {tabs.map((tab) => (
          <li key={tab.key}>
            <Link to={tab.to} className="ui-tabs__tab" aria-current={tab.key === current ? 'page' : undefined} data-tab={tab.key}>
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
