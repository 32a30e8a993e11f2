import { useCurrentUser } from '../../rpc/session.js';
import { IS_PRODUCTION } from '../stage.js';
import { MenuLinks } from './MenuList.js';
import { navigationEntries } from './navigationEntries.js';

export function NavigationTab({ onNavigate }: { onNavigate: () => void }) {
  const user = useCurrentUser();
  const items = navigationEntries({ isAdmin: user?.isAdmin ?? false, production: IS_PRODUCTION });
  return <MenuLinks items={items} onNavigate={onNavigate} label="Navigation" />;
}
