import ChevronRight from 'lucide-react/icons/chevron-right';
import type { LucideIcon } from 'lucide-react';
import { ListItem } from '../../ui/ListItem.js';

/** A list of links in a submenu tab; following one closes the panel. */
export function MenuLinks({
  items,
  onNavigate,
  label,
}: {
  /** `open`, when given, runs instead of following the link (which stays the fallback, for a new tab say). */
  items: ReadonlyArray<{ path: string; label: string; icon: LucideIcon; open?: () => void }>;
  onNavigate: () => void;
  label: string;
}) {
  return (
    <ul className="ui-list submenu-list" aria-label={label}>
      {items.map(({ path, label: text, icon, open }) => (
        <li key={path + text}>
          <ListItem
            to={path}
            onClick={(event) => {
              const plain = event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
              if (open && plain) {
                event.preventDefault();
                open();
              }
              onNavigate();
            }}
            data-menu-link={path}
            icon={icon}
            title={text}
            endIcon={ChevronRight}
            endIconSize={18}
          />
        </li>
      ))}
    </ul>
  );
}

