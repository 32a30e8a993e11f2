import FlaskConical from 'lucide-react/icons/flask-conical';
import type { PageAction } from './pageActions.js';
import { openSettingsDialog } from './settingsDialogState.js';

/** Entries the Actions tab adds for admins only, after Copy URL and Refresh: Experimental Settings. */
export const ADMIN_ACTIONS: readonly PageAction[] = [
  { id: 'experimental-settings', label: 'Experimental Settings', icon: FlaskConical, run: openSettingsDialog },
];
