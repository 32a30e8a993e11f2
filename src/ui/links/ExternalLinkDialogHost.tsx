import { useSyncExternalStore } from 'react';
import ExternalLinkIcon from 'lucide-react/icons/external-link';
import { Button } from '../Button.js';
import { Dialog } from '../Dialog.js';
import { cancelExternal, getPendingExternal, subscribePendingExternal } from './externalLinkStore.js';

/** The confirmation before leaving the site, showing exactly where the link goes. */
export function ExternalLinkDialogHost() {
  const url = useSyncExternalStore(subscribePendingExternal, getPendingExternal);
  if (url === null) return null;
  const open = () => {
    window.open(url, '_blank', 'noopener,noreferrer');
    cancelExternal();
  };
  return (
    <Dialog
      title="Leave Tagbook?"
      name="external-link"
      onClose={cancelExternal}
      footer={
        <>
          <Button variant="text" onClick={cancelExternal}>
            Stay here
          </Button>
          <Button icon={ExternalLinkIcon} onClick={open} data-autofocus="">
            Open link
          </Button>
        </>
      }
    >
      <p>This link opens another website, which Tagbook does not control:</p>
      <p className="external-link-url" data-field="external-url">
        {url}
      </p>
    </Dialog>
  );
}
