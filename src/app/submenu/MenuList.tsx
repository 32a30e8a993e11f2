import type { ReactNode } from 'react';
import ChevronRight from 'lucide-react/icons/chevron-right';
import type { LucideIcon } from 'lucide-react';
import { Link } from '../../ui/Link.js';

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
      {items.map(({ path, label: text, icon: Icon, open }) => (
        <li key={path + text}>
          <Link
            className="ui-list-item"
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
          >
            <Icon className="ui-list-item__icon" size={22} aria-hidden="true" />
            <span className="ui-list-item__text">
              <span className="ui-list-item__title">{text}</span>
            </span>
            <ChevronRight className="ui-list-item__end" size={18} aria-hidden="true" />
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** One row of the Actions tab: an icon, a label and an optional line under it. */
export function MenuRowContent({ icon: Icon, label, detail }: { icon: LucideIcon; label: string; detail?: ReactNode }) {
  return (
    <>
      <Icon className="ui-list-item__icon" size={22} aria-hidden="true" />
      <span className="ui-list-item__text">
        <span className="ui-list-item__title">{label}</span>
        {detail && <span className="ui-list-item__detail">{detail}</span>}
      </span>
    </>
  );
}
