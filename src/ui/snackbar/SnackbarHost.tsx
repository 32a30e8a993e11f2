import { useSyncExternalStore } from 'react';
import CircleAlert from 'lucide-react/icons/circle-alert';
import CircleCheck from 'lucide-react/icons/circle-check';
import Info from 'lucide-react/icons/info';
import TriangleAlert from 'lucide-react/icons/triangle-alert';
import X from 'lucide-react/icons/x';
import { IconButton } from '../IconButton.js';
import type { SnackbarSeverity } from './queue.js';
import { snackbarStore } from './store.js';

const ICONS = { success: CircleCheck, error: CircleAlert, warning: TriangleAlert, info: Info } as const satisfies Record<
  SnackbarSeverity,
  unknown
>;

/**
 * Renders the one snackbar showing. The live region stays mounted so screen readers announce each new message;
 * one polite region for every severity, so messages never talk over each other.
 */
export function SnackbarHost() {
  const { current } = useSyncExternalStore(snackbarStore.subscribe, snackbarStore.get);
  const Icon = current ? ICONS[current.severity] : null;
  return (
    <section className="ui-snackbar-region" aria-label="Messages">
      <div role="status" aria-live="polite">
        {current && Icon && (
          <div key={current.id} className="ui-snackbar" data-snackbar={current.severity} data-severity={current.severity}>
            <Icon className="ui-snackbar__icon" size={20} aria-hidden="true" />
            <span className="ui-snackbar__message">{current.message}</span>
            <IconButton icon={X} label="Dismiss" iconSize={20} onClick={() => snackbarStore.close()} />
          </div>
        )}
      </div>
    </section>
  );
}
