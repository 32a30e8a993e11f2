import type { ReactNode } from 'react';
import { Button } from './Button.js';
import { Dialog } from './Dialog.js';

/** A yes/no question before something that cannot simply be undone; the safe answer has the focus. */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  onConfirm,
  onCancel,
  busy,
  name,
}: {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  busy?: boolean;
  name?: string;
}) {
  return (
    <Dialog
      title={title}
      name={name}
      onClose={onCancel}
      footer={
        <>
          <Button variant="text" onClick={onCancel} data-autofocus="">
            Cancel
          </Button>
          <Button variant="danger" onClick={onConfirm} busy={busy}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
    </Dialog>
  );
}
