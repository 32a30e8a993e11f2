import ArrowLeft from 'lucide-react/icons/arrow-left';
import QrCode from 'lucide-react/icons/qr-code';
import { IconButton } from '../../ui/IconButton.js';
import { canGoBack, goBack, navigate } from '../../ui/navigation.js';
import { APP_NAME, usePageHeading } from '../pageTitle.js';
import { useLocation } from '../router.js';
import { HOME_PATH } from '../routes.js';
import { stageTitle } from '../stage.js';
import { useChromeVisible } from './chromeVisibility.js';
import { HeaderBar } from './HeaderBar.js';

/** Where the back button goes when history holds nothing of ours: one level up the path. */
export function parentPath(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  const cut = trimmed.lastIndexOf('/');
  return cut <= 0 ? HOME_PATH : trimmed.slice(0, cut);
}

/** The fixed header — back button, the page's icon and title (stage-prefixed), an optional subtitle. */
export function AppHeader() {
  const { title, icon: Icon, subtitle, backTo } = usePageHeading();
  const { pathname } = useLocation();
  const visible = useChromeVisible();
  const showBack = pathname !== HOME_PATH || canGoBack();
  const back = () => (backTo !== null ? navigate(backTo) : goBack(parentPath(pathname)));
  return (
    <HeaderBar
      back={showBack ? <IconButton icon={ArrowLeft} label="Back" onClick={back} data-action="back" /> : null}
      // Pages without an icon of their own show the app's.
      icon={Icon ?? QrCode}
      title={stageTitle(title || APP_NAME)}
      subtitle={subtitle}
      visible={visible}
    />
  );
}
