import { useEffect, useRef } from 'react';
import type { KeyboardEvent } from 'react';
import BriefcaseBusiness from 'lucide-react/icons/briefcase-business';
import EllipsisVertical from 'lucide-react/icons/ellipsis-vertical';
import Menu from 'lucide-react/icons/menu';
import X from 'lucide-react/icons/x';
import type { LucideIcon } from 'lucide-react';
import { IconButton } from '../../ui/IconButton.js';
import { useScrollLock } from '../../ui/scrollLock.js';
import { ActionsTab } from './ActionsTab.js';
import { NavigationTab } from './NavigationTab.js';
import { setSubmenu, SUBMENU_TABS } from './submenuState.js';
import type { SubmenuTab } from './submenuState.js';
import { WorkspaceTab } from './WorkspaceTab.js';

const TAB_INFO: Record<SubmenuTab, { label: string; icon: LucideIcon }> = {
  navigation: { label: 'Navigation', icon: Menu },
  workspace: { label: 'Workspace', icon: BriefcaseBusiness },
  actions: { label: 'Actions', icon: EllipsisVertical },
};

const tabId = (tab: SubmenuTab) => `submenu-tab-${tab}`;
const close = () => setSubmenu(null);

/**
 * The submenu panel: a sheet above the bottom bar with the Navigation, Workspace and Actions tabs. Page scroll
 * is locked while it is open; Escape, the backdrop and the close button close it, and so does following a link.
 */
export function SubmenuPanel({ tab }: { tab: SubmenuTab }) {
  useScrollLock();
  const panelRef = useRef<HTMLElement>(null);

  useEffect(() => {
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      // A dialog opened from the panel answers Escape itself.
      if (event.key !== 'Escape' || document.querySelector('[role="dialog"][aria-modal="true"]')) return;
      close();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  useEffect(() => {
    panelRef.current?.querySelector<HTMLElement>(`#${tabId(tab)}`)?.focus();
  }, [tab]);

  // WAI-ARIA tabs: arrow keys move between tabs.
  const onTabKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    const index = SUBMENU_TABS.indexOf(tab);
    const step = event.key === 'ArrowRight' ? 1 : SUBMENU_TABS.length - 1;
    setSubmenu(SUBMENU_TABS[(index + step) % SUBMENU_TABS.length] ?? tab);
  };

  return (
    <div className="submenu-layer">
      <div className="submenu-backdrop" aria-hidden="true" onClick={close} />
      <aside ref={panelRef} id="submenu-panel" className="submenu" aria-label="Menu" data-submenu={tab}>
        <div className="submenu-head">
          <div className="submenu-tabs" role="tablist" aria-label="Menu">
            {SUBMENU_TABS.map((name) => {
              const { label, icon: Icon } = TAB_INFO[name];
              return (
                <button
                  key={name}
                  id={tabId(name)}
                  type="button"
                  role="tab"
                  className="submenu-tab"
                  aria-selected={name === tab}
                  aria-controls="submenu-tabpanel"
                  tabIndex={name === tab ? 0 : -1}
                  data-submenu-tab={name}
                  onClick={() => setSubmenu(name)}
                  onKeyDown={onTabKeyDown}
                >
                  <Icon size={18} aria-hidden="true" />
                  {label}
                </button>
              );
            })}
          </div>
          <IconButton icon={X} label="Close menu" onClick={close} />
        </div>
        <div id="submenu-tabpanel" className="submenu-body" role="tabpanel" aria-labelledby={tabId(tab)}>
          {tab === 'navigation' && <NavigationTab onNavigate={close} />}
          {tab === 'workspace' && <WorkspaceTab onNavigate={close} />}
          {tab === 'actions' && <ActionsTab onDone={close} />}
        </div>
      </aside>
    </div>
  );
}
