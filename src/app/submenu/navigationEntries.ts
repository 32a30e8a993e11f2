import type { LucideIcon } from 'lucide-react';
import CircleUser from 'lucide-react/icons/circle-user';
import Compass from 'lucide-react/icons/compass';
import Car from 'lucide-react/icons/car';
import House from 'lucide-react/icons/house';
import LifeBuoy from 'lucide-react/icons/life-buoy';
import Shield from 'lucide-react/icons/shield';
import { adminPath, helpPath, HOME_PATH, MY_ACCOUNT_PATH, MY_VEHICLES_PATH } from '../routes.js';

export interface NavigationEntry {
  path: string;
  label: string;
  icon: LucideIcon;
}

/** Menu entries for areas that exist but are hidden in production builds. */
export const HIDDEN_ENTRIES: readonly NavigationEntry[] = [
  { path: '/dealer', label: 'Dealer', icon: Compass },
  { path: '/club', label: 'Club', icon: Compass },
  { path: '/experience', label: 'Experience', icon: Compass },
  { path: '/storage', label: 'Storage', icon: Compass },
  { path: '/event', label: 'Event', icon: Compass },
  { path: '/collection', label: 'Collection', icon: Compass },
];

/**
 * The Navigation tab: the two vehicle lists everyone signed in uses, Admin for admins, My Account and Help, and the
 * hidden areas outside production builds.
 */
export function navigationEntries({ isAdmin, production }: { isAdmin: boolean; production: boolean }): NavigationEntry[] {
  return [
    { path: HOME_PATH, label: 'Latest vehicles', icon: House },
    { path: MY_VEHICLES_PATH, label: 'My Vehicles', icon: Car },
    ...(isAdmin ? [{ path: adminPath(), label: 'Admin', icon: Shield }] : []),
    { path: MY_ACCOUNT_PATH, label: 'My Account', icon: CircleUser },
    { path: helpPath(), label: 'Help', icon: LifeBuoy },
    ...(production ? [] : HIDDEN_ENTRIES),
  ];
}
