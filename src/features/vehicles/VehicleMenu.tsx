import { useRef } from 'react';
import ArrowRightLeft from 'lucide-react/icons/arrow-right-left';
import Car from 'lucide-react/icons/car';
import ClipboardList from 'lucide-react/icons/clipboard-list';
import FileText from 'lucide-react/icons/file-text';
import Flag from 'lucide-react/icons/flag';
import HandCoins from 'lucide-react/icons/hand-coins';
import Gauge from 'lucide-react/icons/gauge';
import MessageSquare from 'lucide-react/icons/message-square';
import NotebookPen from 'lucide-react/icons/notebook-pen';
import QrCode from 'lucide-react/icons/qr-code';
import Wrench from 'lucide-react/icons/wrench';
import type { LucideIcon } from 'lucide-react';
import { Link } from '../../ui/Link.js';
import { vehiclePath, type VehicleView } from '../../app/routes.js';
import { useRevealCurrent } from '../../ui/revealInRow.js';
import type { MenuEntry, MenuEntryId } from './access.js';

export const MENU_ICONS: Record<MenuEntryId, LucideIcon> = {
  profile: Car,
  info: ClipboardList,
  'show-qr-code': QrCode,
  services: Wrench,
  notes: NotebookPen,
  'track-support': Flag,
  maintenance: Gauge,
  messages: MessageSquare,
  report: FileText,
  transfer: HandCoins,
  ownership: ArrowRightLeft,
};

/** Which menu entry a page belongs to (All notes and Logbook live under Notes; a request under Services). */
function activeEntry(view: VehicleView | 'service-request'): MenuEntryId | null {
  if (view === 'all-notes' || view === 'logbook') return 'notes';
  if (view === 'service-request' || view === 'request-services') return 'services';
  if (view === 'profile' || view === 'info' || view === 'notes' || view === 'track-support' || view === 'maintenance' || view === 'messages' || view === 'report' || view === 'transfer' || view === 'ownership') return view;
  return null;
}

/**
 * The side menu: a column beside the page on wide screens, a row of tabs under the vehicle card on phones (the
 * same entries are in the bottom bar's Actions tab).
 */
export function VehicleMenu({
  vehicleId,
  entries,
  view,
  onShowQr,
}: {
  vehicleId: string;
  entries: readonly MenuEntry[];
  view: VehicleView | 'service-request';
  onShowQr: () => void;
}) {
  const active = activeEntry(view);
  const row = useRef<HTMLUListElement>(null);
  // On a phone the menu is a row of tabs wider than the screen: the current one is scrolled into view, again when an
  // entry arrives before it (Show QR Code, once the vehicle's tag has synced).
  useRevealCurrent(row, `${active ?? ''}|${entries.map((e) => e.id).join()}`);
  return (
    <nav className="vehicle-menu" aria-label="Vehicle menu">
      <ul ref={row}>
        {entries.map((entry) => {
          const Icon = MENU_ICONS[entry.id];
          const content = (
            <>
              <Icon size={20} aria-hidden="true" />
              <span>{entry.label}</span>
            </>
          );
          return (
            <li key={entry.id}>
              {entry.view === null ? (
                <button type="button" className="vehicle-menu__item" onClick={onShowQr} data-menu={entry.id} data-action="show-qr-code">
                  {content}
                </button>
              ) : (
                <Link
                  className="vehicle-menu__item"
                  to={vehiclePath(vehicleId, entry.view)}
                  aria-current={active === entry.id ? 'page' : undefined}
                  data-menu={entry.id}
                >
                  {content}
                </Link>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
